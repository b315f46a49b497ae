import { createEmbedder, Embedder, EmbeddingSettings } from '@trove/embeddings';
import { SqlDatabase } from '@trove/platform-database';
import { analyze } from '@trove/text';
import { join } from 'node:path';
import { ElasticsearchKeywordIndex } from './adapters/elasticsearch/elasticsearch-keyword-index';
import { ElasticsearchVectorIndex } from './adapters/elasticsearch/elasticsearch-vector-index';
import { EmbeddedKeywordIndex } from './adapters/embedded-keyword/embedded-keyword-index';
import { FsRawVectorStore } from './adapters/fs/fs-raw-vector-store';
import { QdrantVectorIndex } from './adapters/qdrant/qdrant-vector-index';
import { SqlChunkStore } from './adapters/sql/sql-chunk-store';
import { SqlRawBatchStore } from './adapters/sql/sql-raw-batch-store';
import { SqlRawVectorStore } from './adapters/sql/sql-raw-vector-store';
import { UsearchVectorIndex } from './adapters/usearch/usearch-vector-index';
import { ChunkStore } from './ports/chunk-store';
import { KeywordIndex } from './ports/keyword-index';
import { RawBatchStore } from './ports/raw-batch-store';
import { RawVectorStore } from './ports/raw-vector-store';
import { VectorIndex } from './ports/vector-index';
import { SearchSettings } from './search-settings';
import { IndexWorkers } from './workers/index-workers';
import { PooledEmbedder } from './workers/pooled-embedder';

// The one place where each search port's adapter is picked, from the settings or the run mode.
// The factories only build: SearchModule and RawEmbeddingsModule migrate the stores at init and
// close them at shutdown.

/** What the app opens before it builds SearchModule (start-up work: models, files, connections). */
export interface SearchStores {
  embedder: Embedder;
  vectorIndex: VectorIndex;
  keywordIndex: KeywordIndex;
  /** Threads for the CPU-bound part of indexing; the module closes them at shutdown. */
  workers: IndexWorkers;
}

/** Opens the embedder and the two indexes the settings select; embedded ones live under dataDir. */
export async function openSearchStores(
  settings: SearchSettings,
  dataDir: string,
  log?: (level: 'info' | 'warn', message: string) => void,
): Promise<SearchStores> {
  const configured = embeddingSettings(settings);
  const local = await createEmbedder(configured, { log });
  const workers = new IndexWorkers(settings.SEARCH_WORKER_THREADS);
  const embedder = await onIndexingThreads(local, configured, workers);
  const vectorIndex = await openVectorIndex(settings, dataDir);
  const keywordIndex = await openKeywordIndex(settings, dataDir, workers);
  return { embedder, vectorIndex, keywordIndex, workers };
}

/** `EMBEDDINGS_*` as the embeddings library reads them. */
function embeddingSettings(settings: SearchSettings): EmbeddingSettings {
  return {
    EMBEDDINGS_PROVIDER: settings.EMBEDDINGS_PROVIDER,
    MODELS_DIR: settings.MODELS_DIR,
    EMBEDDINGS_MODEL_DIR: settings.EMBEDDINGS_MODEL_DIR,
    EMBEDDINGS_POOLING: settings.EMBEDDINGS_POOLING,
    EMBEDDINGS_THREADS: settings.EMBEDDINGS_THREADS,
    EMBEDDINGS_PROCESSES: settings.EMBEDDINGS_PROCESSES,
    EMBEDDINGS_MAVEN: settings.EMBEDDINGS_MAVEN,
    EMBEDDINGS_REQUIRE_MODEL: settings.EMBEDDINGS_REQUIRE_MODEL,
    EMBEDDINGS_MODEL_PATH: settings.EMBEDDINGS_MODEL_PATH,
    EMBEDDINGS_URL: settings.EMBEDDINGS_URL,
    EMBEDDINGS_MODEL: settings.EMBEDDINGS_MODEL,
    EMBEDDINGS_API_KEY: settings.EMBEDDINGS_API_KEY,
    EMBEDDINGS_DIMENSION:
      settings.EMBEDDINGS_DIMENSION > 0 ? String(settings.EMBEDDINGS_DIMENSION) : undefined,
  };
}

/** The embedder, moved onto the indexing threads when that pays; the threads warmed up either way. */
async function onIndexingThreads(
  local: Embedder,
  configured: EmbeddingSettings,
  workers: IndexWorkers,
): Promise<Embedder> {
  // What a worker thread builds the same embedder from (the fallback's own settings when the
  // model could not be loaded).
  const embedding: EmbeddingSettings = local.fallback
    ? { EMBEDDINGS_PROVIDER: 'hashing', EMBEDDINGS_DIMENSION: String(local.dimension) }
    : configured;
  // Only the in-process models gain from the pool: a remote model's requests already leave the
  // event loop free, and the ONNX model runs in a worker thread of its own.
  const pooled = embedding.EMBEDDINGS_PROVIDER === 'hashing' || embedding.EMBEDDINGS_PROVIDER === 'model2vec';
  const embedder = workers.threads > 0 && pooled ? new PooledEmbedder(local, embedding, workers) : local;
  await workers.warmUp(embedder === local ? undefined : embedding);
  return embedder;
}

/**
 * `VECTOR_INDEX`: usearch shards under dataDir/vectors (`embedded`, one process), or a server that
 * several replicas share: Qdrant, or Elasticsearch (dense_vector indexes named after
 * ELASTICSEARCH_VECTOR_PREFIX).
 */
export async function openVectorIndex(settings: SearchSettings, dataDir: string): Promise<VectorIndex> {
  switch (settings.VECTOR_INDEX) {
    case 'qdrant':
      return await QdrantVectorIndex.connect(settings.QDRANT_URL!, settings.QDRANT_API_KEY);
    case 'elasticsearch':
      return new ElasticsearchVectorIndex({
        node: settings.ELASTICSEARCH_URL!,
        indexPrefix: settings.ELASTICSEARCH_VECTOR_PREFIX,
      });
    default:
      return new UsearchVectorIndex({ dataDir: join(dataDir, 'vectors') });
  }
}

/**
 * `KEYWORD_INDEX`: the BM25 index under dataDir/keywords (`embedded`), analysing on the indexing
 * threads, or an Elasticsearch server.
 */
export async function openKeywordIndex(
  settings: SearchSettings,
  dataDir: string,
  workers: IndexWorkers,
): Promise<KeywordIndex> {
  // Both adapters index Trove's own analysis (Elasticsearch receives the terms), so they rank alike.
  const analysis = {
    analyze,
    analyzeMany: (texts: string[]) => workers.analyzeMany(texts),
    analyzerId: 'trove-text-v1',
  };
  return settings.KEYWORD_INDEX === 'elasticsearch'
    ? new ElasticsearchKeywordIndex({
        node: settings.ELASTICSEARCH_URL!,
        index: settings.ELASTICSEARCH_INDEX,
        layout: settings.ELASTICSEARCH_INDEX_LAYOUT,
        ...analysis,
      })
    : await EmbeddedKeywordIndex.open({ directory: join(dataDir, 'keywords'), ...analysis });
}

/** Chunk texts: SQL, on PostgreSQL or PGlite alike (the database the app opened for its mode). */
export function openChunkStore(database: SqlDatabase): ChunkStore {
  return new SqlChunkStore(database);
}

/** Raw-embedding batch records: SQL, on PostgreSQL or PGlite alike. */
export function openRawBatchStore(database: SqlDatabase): RawBatchStore {
  return new SqlRawBatchStore(database);
}

/**
 * Where uploaded vectors are kept, chosen by the run mode: `fs`, files under the search data
 * directory, the fastest, for the one process that owns that directory (standalone); `sql`, the
 * shared database, which every replica of the search service reads and a restart does not lose.
 */
export type RawVectorStoreKind = 'fs' | 'sql';

export function openRawVectorStore(
  kind: RawVectorStoreKind,
  where: { database: SqlDatabase; dataDir: string },
): RawVectorStore {
  return kind === 'fs'
    ? new FsRawVectorStore(join(where.dataDir, 'raw-embeddings'))
    : new SqlRawVectorStore(where.database);
}
