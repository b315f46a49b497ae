export * from './ports/graph-store';
export * from './adapters/sql/sql-graph-store';
export * from './migrations/graph.migrations';
