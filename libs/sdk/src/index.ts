export * from './client';
export * from './errors';
export * from './types';
export { readServerSentEvents, type ServerSentEvent } from './events';
export type { WaitForProcessingOptions } from './wait-for-processing';
