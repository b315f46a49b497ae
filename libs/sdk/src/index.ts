export * from './client';
export * from './errors';
export * from './types';
export type { WaitForProcessingOptions } from './wait-for-processing';
