export * from './tracing';
export * from './spans';
