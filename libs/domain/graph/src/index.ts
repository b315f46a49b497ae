export * from './ports/graph-store';
export * from './adapters/sql/sql-graph-store';
export * from './migrations/graph.migrations';
export * from './ports/graph-extractor';
export * from './extraction/offline/offline-extractor';
export { keyOf } from './extraction/offline/mentions';
export { CANONICAL_PREDICATES } from './extraction/offline/predicates';
