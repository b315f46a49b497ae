import { createEmbedder, Embedder, EmbeddingSettings } from '@trove/embeddings';
import { analyze } from '@trove/text';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ElasticsearchKeywordIndex } from './keyword/elasticsearch-keyword-index';
import { EmbeddedKeywordIndex } from './keyword/embedded-keyword-index';
import { KeywordIndex } from './ports/keyword-index';
import { VectorIndex } from './ports/vector-index';
import { QdrantVectorIndex } from './vector/qdrant-vector-index';
import { UsearchVectorIndex } from './vector/usearch-vector-index';
import { IndexWorkers } from './workers/index-workers';
import { PooledEmbedder } from './workers/pooled-embedder';

/** Settings of the search domain, read from the environment by the app that hosts it. */
export class SearchSettings {
  /** `hashing` (offline default, no weights), `model2vec` (a local model dir), `openai` (any /v1/embeddings). */
  @IsIn(['hashing', 'model2vec', 'openai'])
  EMBEDDINGS_PROVIDER = 'hashing';

  @ValidateIf((s: SearchSettings) => s.EMBEDDINGS_PROVIDER === 'model2vec')
  @IsString({
    message: 'EMBEDDINGS_MODEL_PATH must name a model2vec directory when EMBEDDINGS_PROVIDER=model2vec',
  })
  EMBEDDINGS_MODEL_PATH: string | undefined = undefined;

  @ValidateIf((s: SearchSettings) => s.EMBEDDINGS_PROVIDER === 'openai')
  @IsString({ message: 'EMBEDDINGS_URL is required when EMBEDDINGS_PROVIDER=openai' })
  EMBEDDINGS_URL: string | undefined = undefined;

  @ValidateIf((s: SearchSettings) => s.EMBEDDINGS_PROVIDER === 'openai')
  @IsString({ message: 'EMBEDDINGS_MODEL is required when EMBEDDINGS_PROVIDER=openai' })
  EMBEDDINGS_MODEL: string | undefined = undefined;

  @IsOptional()
  @IsString()
  EMBEDDINGS_API_KEY: string | undefined = undefined;

  /** 0: the provider's own (hashing: 1024). */
  @IsInt()
  @Min(0)
  @Max(8192)
  EMBEDDINGS_DIMENSION = 0;

  /** `embedded` (usearch HNSW under the data directory) or `qdrant`. */
  @IsIn(['embedded', 'qdrant'])
  VECTOR_INDEX = 'embedded';

  @ValidateIf((s: SearchSettings) => s.VECTOR_INDEX === 'qdrant')
  @IsString({ message: 'QDRANT_URL is required when VECTOR_INDEX=qdrant' })
  QDRANT_URL: string | undefined = undefined;

  @IsOptional()
  @IsString()
  QDRANT_API_KEY: string | undefined = undefined;

  /** `embedded` (BM25 inverted index under the data directory) or `elasticsearch`. */
  @IsIn(['embedded', 'elasticsearch'])
  KEYWORD_INDEX = 'embedded';

  @ValidateIf((s: SearchSettings) => s.KEYWORD_INDEX === 'elasticsearch')
  @IsString({ message: 'ELASTICSEARCH_URL is required when KEYWORD_INDEX=elasticsearch' })
  ELASTICSEARCH_URL: string | undefined = undefined;

  /** Half-life of recency_bias's age decay, in days. */
  @IsNumber()
  @Min(0.001)
  SEARCH_RECENCY_HALF_LIFE_DAYS = 30;

  /**
   * Cosine at which a semantic hit alone counts as relevant (memory retrieval's "nothing
   * relevant" rule). 0: the embedder's measured threshold (hashing: 0.45; others: none).
   */
  @IsNumber()
  @Min(0)
  @Max(1)
  SEARCH_SEMANTIC_FLOOR = 0;

  /**
   * Pseudo-relevance feedback for the semantic query: add SEARCH_FEEDBACK_WEIGHT × the mean vector
   * of the SEARCH_FEEDBACK_DOCS best keyword hits to the query vector (0 docs: off). Measured on
   * SciFact with the offline embedder (bench/quality-scifact.bench.mjs, alpha 0.8, nDCG@10): 3 docs
   * × 3 was best before query word weights (0.674); with them 3 × 1 is (0.695; 3 × 0.5 0.689,
   * 3 × 1.5 0.693, 2 × 1 0.691, 5 × 1 0.686 in an exact-search prototype; issue 3 notes).
   */
  @IsInt()
  @Min(0)
  @Max(20)
  SEARCH_FEEDBACK_DOCS = 3;

  @IsNumber()
  @Min(0)
  @Max(10)
  SEARCH_FEEDBACK_WEIGHT = 1;

  /**
   * With the offline embedder, every word of the semantic query and of its feedback chunks weighs
   * its BM25 idf in the searched sub-tenant, so rare words lead the query vector as they lead BM25
   * (stored vectors are unchanged). Learned models ignore it.
   */
  @IsBoolean()
  SEARCH_QUERY_WORD_WEIGHTS = true;

  /** What alpha "auto" uses when the query has no telling shape. */
  @IsNumber()
  @Min(0)
  @Max(1)
  SEARCH_AUTO_ALPHA_DEFAULT = 0.8;

  /**
   * Worker threads that analyse and embed documents while the event loop serves requests and
   * writes the indexes (0: all on the event loop). Default: one fewer than the cores, at most 4.
   * With the `openai` provider embedding is remote and only analysis moves.
   */
  @IsInt()
  @Min(0)
  @Max(64)
  SEARCH_WORKER_THREADS = Math.min(4, Math.max(0, availableParallelism() - 1));
}

export interface SearchStores {
  embedder: Embedder;
  vectorIndex: VectorIndex;
  keywordIndex: KeywordIndex;
  /** Threads for the CPU-bound part of indexing; the module closes them at shutdown. */
  workers: IndexWorkers;
}

/** Opens the embedder and the two indexes the settings select; embedded ones live under dataDir. */
export async function openSearchStores(settings: SearchSettings, dataDir: string): Promise<SearchStores> {
  const embedding: EmbeddingSettings = {
    EMBEDDINGS_PROVIDER: settings.EMBEDDINGS_PROVIDER as 'hashing' | 'model2vec' | 'openai',
    EMBEDDINGS_MODEL_PATH: settings.EMBEDDINGS_MODEL_PATH,
    EMBEDDINGS_URL: settings.EMBEDDINGS_URL,
    EMBEDDINGS_MODEL: settings.EMBEDDINGS_MODEL,
    EMBEDDINGS_API_KEY: settings.EMBEDDINGS_API_KEY,
    EMBEDDINGS_DIMENSION:
      settings.EMBEDDINGS_DIMENSION > 0 ? String(settings.EMBEDDINGS_DIMENSION) : undefined,
  };
  const local = await createEmbedder(embedding);
  const workers = new IndexWorkers(settings.SEARCH_WORKER_THREADS);
  // A remote model gains nothing from threads: its requests already leave the event loop free.
  const embedder =
    workers.threads > 0 && settings.EMBEDDINGS_PROVIDER !== 'openai'
      ? new PooledEmbedder(local, embedding, workers)
      : local;
  await workers.warmUp(embedder === local ? undefined : embedding);
  const vectorIndex =
    settings.VECTOR_INDEX === 'qdrant'
      ? await QdrantVectorIndex.connect(settings.QDRANT_URL!, settings.QDRANT_API_KEY)
      : new UsearchVectorIndex({ dataDir: join(dataDir, 'vectors') });
  const keywordIndex =
    settings.KEYWORD_INDEX === 'elasticsearch'
      ? new ElasticsearchKeywordIndex({ node: settings.ELASTICSEARCH_URL! })
      : await EmbeddedKeywordIndex.open({
          directory: join(dataDir, 'keywords'),
          analyze,
          analyzeMany: (texts) => workers.analyzeMany(texts),
          analyzerId: 'trove-text-v1',
        });
  return { embedder, vectorIndex, keywordIndex, workers };
}
