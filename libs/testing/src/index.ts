export * from './scratch-postgres';
export * from './recording-transport-client';
export * from './rigs/workspace';
export * from './rigs/process-rig';
export * from './rigs/trove-rig';
export * from './rigs/http-client';
export * from './fixtures/paraphrases';
export * from './fixtures/vector-fixtures';
