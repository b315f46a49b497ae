// The search domain's public API. Apps pick adapters with openSearchStores (search.adapters);
// benchmarks also build the service and single adapters by hand.

// The module, its service, settings and the factories that pick its adapters.
export * from './search.module';
export * from './search.service';
export * from './search-settings';
export * from './search.adapters';
export * from './fusion/fusion';
export * from './fusion/auto-alpha';
export { SentenceRerank, sentencePieces } from './accurate/sentence-rerank';

// Ports: what the service needs of its stores (each abstract class is also its DI token).
export * from './ports/index-scope';
export * from './ports/vector-index';
export * from './ports/keyword-index';
export * from './ports/chunk-store';
export * from './ports/raw-batch-store';
export * from './ports/raw-vector-store';

// Adapters, one folder per technology.
export * from './adapters/usearch/usearch-vector-index';
export * from './adapters/qdrant/qdrant-vector-index';
export * from './adapters/embedded-keyword/embedded-keyword-index';
export * from './adapters/elasticsearch/elasticsearch-keyword-index';
export * from './adapters/elasticsearch/elasticsearch-vector-index';
export * from './adapters/sql/sql-chunk-store';
export * from './adapters/sql/sql-raw-batch-store';
export * from './adapters/sql/sql-raw-vector-store';
export * from './adapters/fs/fs-raw-vector-store';

// Indexing threads, pre-computed embeddings, re-embedding.
export * from './workers/index-workers';
export * from './workers/pooled-embedder';
export * from './raw-embeddings/raw-embeddings.module';
export * from './raw-embeddings/raw-embeddings.service';
export * from './reembedding/space-registry';
export * from './reembedding/chunk-spaces';
export * from './reembedding/legacy-embedders';
export * from './reembedding/reembedder';
