export * from './sql-database';
export * from './postgres-database';
export * from './pglite-database';
export * from './postgres-errors';
export * from './migrations';
export * from './store-lifecycle';
export * from './table-statistics';
export * from './group-commit';
