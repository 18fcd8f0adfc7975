export * from './types';
export * from './collections';
export * from './messages';
export * from './changes';
export type { ChatAttachment, ChatMessage } from './chatResponseSchemas';
