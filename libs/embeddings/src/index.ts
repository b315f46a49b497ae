export * from './ports/embedder';
export * from './embedding-error';
export * from './vectors';
export * from './adapters/ngram-hashing-embedder';
export * from './adapters/model2vec-embedder';
export * from './adapters/openai-embedder';
export * from './adapters/safetensors';
export * from './create-embedder';
