export * from './scratch-postgres';
export * from './recording-transport-client';
