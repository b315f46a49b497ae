export * from './health.registry';
export * from './health.module';
export * from './health-http.controller';
