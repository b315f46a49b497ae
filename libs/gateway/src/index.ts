export * from './gateway.module';
export * from './gateway-options';
export * from './openapi/openapi';
export * from './auth/authenticated.decorator';
export * from './http/tenant-scope.dto';
export * from './gateway-config';
export * from './sources/index';
export * from './auth/request-gates';
