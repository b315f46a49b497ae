export * from './create-app';
export * from './app-error.filter';
export * from './message-server';
export * from './service-config';
export * from './run-service';
export * from './file-modes';
export * from './admin-key-notice';
