export * from './worker-errors';
export * from './worker-pool';
export * from './serve-worker-tasks';
