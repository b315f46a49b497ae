export * from './ports/index-scope';
export * from './ports/vector-index';
export * from './ports/keyword-index';
