export * from './client.js';
export * from './errors.js';
export * from './types.js';
export { readServerSentEvents, type ServerSentEvent } from './events.js';
export type { WaitForProcessingOptions } from './wait-for-processing.js';
