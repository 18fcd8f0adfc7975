export * from './companies';
export * from './users';
export * from './security';
export * from './catalogues';
export * from './franchises';
export * from './missions';
export * from './themes';
export * from './live';
