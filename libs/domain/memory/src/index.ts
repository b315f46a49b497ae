export * from './inference/infer-statements';
export * from './ports/memory-store';
export * from './adapters/sql/sql-memory-store';
export * from './memory-selection';
export * from './memory.service';
export * from './memory.module';
export * from './memory-settings';
export * from './memory.adapters';
