export * from './types';
export * from './collections';
export * from './messages';
