export * from './metrics.registry';
export * from './trove-metrics';
export * from './http-metrics';
export * from './metrics-http.controller';
export * from './metrics.module';
