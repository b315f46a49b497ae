import { Embedder, OnnxEmbedder, onnxModelProcesses } from '@trove/embeddings';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  Min,
  IsUrl,
  Matches,
  ValidateIf,
} from 'class-validator';
import { ChatClient, RerankClient } from '@trove/platform-llm';
import { Type } from 'class-transformer';
import { availableParallelism } from 'node:os';
import { DEFAULT_EXTRA_CONTEXT_WEIGHT } from './query/query-vectors';
import { DEFAULT_PERSONALISE_WEIGHT } from './query/personal-memories';
import { DEFAULT_HOPS_TIMEOUT_MS, DEFAULT_SENTENCES_TIMEOUT_MS } from './accurate/accurate-search';
import { DEFAULT_SENTENCE_DEPTH, DEFAULT_SENTENCE_WEIGHT } from './accurate/sentence-rerank';
import type { SearchServiceOptions } from './search.service';

/** Settings of the search domain, read from the environment by the app that hosts it. */
export class SearchSettings {
  /**
   * `onnx` (default: a local transformer model, resolved through Maven and cached), `hashing`
   * (offline, no weights; also the fallback when the model cannot be had), `model2vec` (a local
   * model dir), `openai` (any /v1/embeddings).
   */
  @IsIn(['onnx', 'hashing', 'model2vec', 'openai'])
  EMBEDDINGS_PROVIDER = 'onnx';

  /** onnx: the model cache, one directory per model. */
  @IsString()
  MODELS_DIR = 'models';

  /** onnx: a directory filled by hand with model.onnx and tokenizer.json (no Maven needed). */
  @IsOptional()
  @IsString()
  EMBEDDINGS_MODEL_DIR: string | undefined = undefined;

  /** onnx with a model of EMBEDDINGS_MODEL_DIR that Trove does not know: `cls` or `mean`. */
  @IsOptional()
  @IsIn(['cls', 'mean'])
  EMBEDDINGS_POOLING: string | undefined = undefined;

  /**
   * onnx: ONNX Runtime threads per run (default 1). One process per core on one thread each
   * embeds more than fewer processes on more threads (README, Embeddings).
   */
  @IsInt()
  @Min(1)
  @Max(64)
  EMBEDDINGS_THREADS = 1;

  /** onnx: model processes embedding side by side; default all cores, at most 4. */
  @IsInt()
  @Min(1)
  @Max(64)
  EMBEDDINGS_PROCESSES = Math.min(4, Math.max(1, availableParallelism()));

  /** onnx: the Maven command that resolves the model. */
  @IsString()
  EMBEDDINGS_MAVEN = 'mvn';

  /** onnx: refuse to start without the model instead of falling back to hashing. */
  @IsBoolean()
  EMBEDDINGS_REQUIRE_MODEL = false;

  @ValidateIf((s: SearchSettings) => s.EMBEDDINGS_PROVIDER === 'model2vec')
  @IsString({
    message: 'EMBEDDINGS_MODEL_PATH must name a model2vec directory when EMBEDDINGS_PROVIDER=model2vec',
  })
  EMBEDDINGS_MODEL_PATH: string | undefined = undefined;

  @ValidateIf((s: SearchSettings) => s.EMBEDDINGS_PROVIDER === 'openai')
  @IsString({ message: 'EMBEDDINGS_URL is required when EMBEDDINGS_PROVIDER=openai' })
  EMBEDDINGS_URL: string | undefined = undefined;

  /** onnx: a model Trove knows (default bge-small-en-v1.5-q); openai: the model name (required). */
  @ValidateIf((s: SearchSettings) => s.EMBEDDINGS_PROVIDER === 'openai' || s.EMBEDDINGS_MODEL !== undefined)
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

  /**
   * `embedded` (usearch HNSW under the data directory, one process), or a store several replicas
   * share: `qdrant` or `elasticsearch` (dense_vector + knn, on ELASTICSEARCH_URL).
   */
  @IsIn(['embedded', 'qdrant', 'elasticsearch'])
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

  /** The Elasticsearch server of KEYWORD_INDEX=elasticsearch, VECTOR_INDEX=elasticsearch or both. */
  @ValidateIf(
    (s: SearchSettings) => s.KEYWORD_INDEX === 'elasticsearch' || s.VECTOR_INDEX === 'elasticsearch',
  )
  @IsString({
    message: 'ELASTICSEARCH_URL is required when KEYWORD_INDEX=elasticsearch or VECTOR_INDEX=elasticsearch',
  })
  ELASTICSEARCH_URL: string | undefined = undefined;

  /**
   * The keyword index's name on Elasticsearch (per-tenant layout: the prefix of each tenant's
   * index); deployments or test runs sharing a cluster each take their own.
   */
  @Matches(/^[a-z0-9][a-z0-9._-]{0,199}$/, {
    message: 'ELASTICSEARCH_INDEX must be a lower-case Elasticsearch index name (a-z, 0-9, . _ -)',
  })
  ELASTICSEARCH_INDEX = 'trove-keywords';

  /**
   * `per-tenant` (default): each tenant's keywords in an index of its own, so BM25 statistics,
   * hence scores, come from its own documents only; a shard per tenant. `shared`: one index for
   * every tenant, filtered by tenant: one shard for thousands of tenants, but scores move with
   * other tenants' documents (docs/api.md, Search: keyword statistics).
   */
  @IsIn(['per-tenant', 'shared'])
  ELASTICSEARCH_INDEX_LAYOUT: 'per-tenant' | 'shared' = 'per-tenant';

  /**
   * Prefix of the vector indexes on Elasticsearch (`<prefix>-<space>-<dimension>`, each holding
   * every tenant, and `<prefix>-spaces`, the space models); deployments or test runs sharing a
   * cluster each take their own.
   */
  @Matches(/^[a-z0-9][a-z0-9._-]{0,199}$/, {
    message: 'ELASTICSEARCH_VECTOR_PREFIX must be a lower-case Elasticsearch index name (a-z, 0-9, . _ -)',
  })
  ELASTICSEARCH_VECTOR_PREFIX = 'trove-vectors';

  /** Half-life of recency_bias's age decay, in days. */
  @IsNumber()
  @Min(0.001)
  SEARCH_RECENCY_HALF_LIFE_DAYS = 30;

  /**
   * Cosine at which a semantic hit alone counts as relevant (memory retrieval's "nothing
   * relevant" rule). 0: the embedder's measured threshold (bge-small-en-v1.5-q 0.6, hashing 0.45;
   * see the model catalogue; a model without one: semantic hits alone never count).
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
   * 3 × 1.5 0.693, 2 × 1 0.691, 5 × 1 0.686 in an exact-search prototype). With a learned model
   * feedback hurts (bench/fusion-calibration.bench.mjs), so unset means 3 for the hashing
   * embedder and 0 for a model.
   */
  @IsOptional()
  @Type(() => Number) // no default to take the type from (load-config.ts converts by the default's type)
  @IsInt()
  @Min(0)
  @Max(20)
  SEARCH_FEEDBACK_DOCS: number | undefined = undefined;

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

  /**
   * A search's extra_context is embedded as a query and added to the query's vector with this
   * weight before normalising (docs/api.md, Search: extra_context). Tuned on bench/data/steering.jsonl
   * (bench/steering.bench.mjs).
   */
  @IsNumber()
  @Min(0)
  @Max(10)
  SEARCH_EXTRA_CONTEXT_WEIGHT = DEFAULT_EXTRA_CONTEXT_WEIGHT;

  /**
   * Weight of the user's memories in a personalised search (`personalise_search: true`): each
   * candidate's calibrated closeness to the sub-tenant's memories nearest the query, blended into
   * its score (docs/api.md, Search).
   */
  @IsNumber()
  @Min(0)
  @Max(1)
  SEARCH_PERSONALISE_WEIGHT = DEFAULT_PERSONALISE_WEIGHT;

  /** Time box of accurate mode's second hops, in ms (docs/api.md, Search: accurate mode). */
  @IsInt()
  @Min(1)
  @Max(60_000)
  SEARCH_ACCURATE_TIMEOUT_MS = DEFAULT_HOPS_TIMEOUT_MS;

  /**
   * Accurate mode's second hops by meaning: `vectors` adds the passage's stored vector to the
   * question's (no embedding), `text` embeds the question with each passage (~10× the time: p50
   * 415 ms on SciFact against ~40; on HotpotQA dev slightly better, on the blind bridge set the
   * same at top 5 and worse at top 2; docs/benchmarks.md, Accurate mode).
   */
  @IsIn(['text', 'vectors'])
  SEARCH_ACCURATE_HOPS: 'text' | 'vectors' = 'vectors';

  /**
   * Accurate mode's offline rerank: how many of the best candidates are rescored by their best
   * sentence against the query, with the embedding model (default 0, off: it costs ~10 chunk
   * embeddings per search for no gain that held on unseen questions; 10 is the measured depth;
   * docs/api.md, Search: accurate mode). Not run when SEARCH_RERANK_URL is set, nor without a model.
   */
  @IsInt()
  @Min(0)
  @Max(100)
  SEARCH_ACCURATE_SENTENCES = DEFAULT_SENTENCE_DEPTH;

  /** Weight of the best sentence in that rescoring: (1 − w) · score + w · sentence. */
  @IsNumber()
  @Min(0)
  @Max(1)
  SEARCH_ACCURATE_SENTENCE_WEIGHT = DEFAULT_SENTENCE_WEIGHT;

  /** Time box of the offline rerank, in ms. */
  @IsInt()
  @Min(1)
  @Max(60_000)
  SEARCH_ACCURATE_SENTENCES_TIMEOUT_MS = DEFAULT_SENTENCES_TIMEOUT_MS;

  /**
   * A `/rerank` endpoint for accurate mode (Cohere and Jina shape, or TEI with
   * SEARCH_RERANK_FORMAT=tei). Unset: accurate mode ranks offline.
   */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  SEARCH_RERANK_URL: string | undefined = undefined;

  @IsOptional()
  @IsString()
  SEARCH_RERANK_MODEL: string | undefined = undefined;

  @IsOptional()
  @IsString()
  SEARCH_RERANK_API_KEY: string | undefined = undefined;

  @IsIn(['cohere', 'tei'])
  SEARCH_RERANK_FORMAT: 'cohere' | 'tei' = 'cohere';

  @IsInt()
  @Min(1)
  @Max(60_000)
  SEARCH_RERANK_TIMEOUT_MS = 2000;

  /**
   * An OpenAI-compatible chat endpoint that rewrites accurate mode's queries (sub-questions,
   * paraphrases). Unset: accurate mode runs offline.
   */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  SEARCH_LLM_URL: string | undefined = undefined;

  @ValidateIf((s: SearchSettings) => s.SEARCH_LLM_URL !== undefined)
  @IsString({ message: 'SEARCH_LLM_MODEL is required when SEARCH_LLM_URL is set' })
  SEARCH_LLM_MODEL: string | undefined = undefined;

  @IsOptional()
  @IsString()
  SEARCH_LLM_API_KEY: string | undefined = undefined;

  @IsInt()
  @Min(1)
  @Max(60_000)
  SEARCH_LLM_TIMEOUT_MS = 4000;

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

/**
 * SearchService's options from the settings: the one place they are mapped, for SearchModule and
 * for the benchmarks that build the service by hand, so that a new option reaches them all.
 */
export function searchServiceOptions(settings: SearchSettings): SearchServiceOptions {
  return {
    recencyHalfLifeDays: settings.SEARCH_RECENCY_HALF_LIFE_DAYS,
    defaultAlpha: settings.SEARCH_AUTO_ALPHA_DEFAULT,
    // 0: the embedder's own threshold.
    semanticFloor: settings.SEARCH_SEMANTIC_FLOOR || undefined,
    feedbackDocs: settings.SEARCH_FEEDBACK_DOCS,
    feedbackWeight: settings.SEARCH_FEEDBACK_WEIGHT,
    queryWordWeights: settings.SEARCH_QUERY_WORD_WEIGHTS,
    extraContextWeight: settings.SEARCH_EXTRA_CONTEXT_WEIGHT,
    personaliseWeight: settings.SEARCH_PERSONALISE_WEIGHT,
    accurate: {
      hopsTimeoutMs: settings.SEARCH_ACCURATE_TIMEOUT_MS,
      hops: settings.SEARCH_ACCURATE_HOPS,
      sentences: {
        depth: settings.SEARCH_ACCURATE_SENTENCES,
        weight: settings.SEARCH_ACCURATE_SENTENCE_WEIGHT,
      },
      sentencesTimeoutMs: settings.SEARCH_ACCURATE_SENTENCES_TIMEOUT_MS,
      rerankTimeoutMs: settings.SEARCH_RERANK_TIMEOUT_MS,
      rewriteTimeoutMs: settings.SEARCH_LLM_TIMEOUT_MS,
      // Within a search's time box: one retry at most, each stage's box bounds both attempts.
      ...(settings.SEARCH_RERANK_URL
        ? {
            reranker: new RerankClient({
              url: settings.SEARCH_RERANK_URL,
              format: settings.SEARCH_RERANK_FORMAT,
              model: settings.SEARCH_RERANK_MODEL,
              apiKey: settings.SEARCH_RERANK_API_KEY,
              timeoutMs: settings.SEARCH_RERANK_TIMEOUT_MS,
              maxRetries: 1,
            }),
          }
        : {}),
      ...(settings.SEARCH_LLM_URL
        ? {
            rewriter: new ChatClient({
              baseUrl: settings.SEARCH_LLM_URL,
              model: settings.SEARCH_LLM_MODEL!,
              apiKey: settings.SEARCH_LLM_API_KEY,
              timeoutMs: settings.SEARCH_LLM_TIMEOUT_MS,
              maxRetries: 1,
            }),
          }
        : {}),
    },
  };
}

/** What /readyz shows of the active embedder: model, dimension, and whether it is a fallback. */
export function describeEmbedder(embedder: Embedder): Record<string, unknown> {
  return {
    model_id: embedder.modelId,
    dimension: embedder.dimension,
    fallback: embedder.fallback !== undefined,
    ...(embedder.fallback ? { wanted: embedder.fallback.wanted, reason: embedder.fallback.reason } : {}),
    ...(embedder instanceof OnnxEmbedder ? { model_processes: onnxModelProcesses().length } : {}),
  };
}
