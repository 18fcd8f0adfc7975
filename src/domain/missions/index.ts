export * from './statuses';
export * from './stateMachine';
export * from './rowActions';
export * from './types';
export * from './messages';
export * from './polling';
export * from './competition';
export * from './sla';
