export * from './tenant.module';
export * from './tenant.controller';
export * from './tenant.service';
export * from './ports/tenant-store';
export * from './adapters/sql-tenant-store';
export * from './adapters/postgres-tenant-store';
export * from './adapters/pglite-tenant-store';
export * from './migrations/tenant.migrations';
export { hashApiKey, API_KEY_PREFIX } from './api-key';
