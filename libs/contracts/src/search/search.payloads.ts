import { ChunkKind, SearchMode } from './search.patterns';
import { GraphContext } from '../graph/graph.payloads';

/** What the search service keeps about the source a chunk came from. */
export interface SourceInfo {
  source_id: string;
  /** `memory`, `document`, `webpage`, … */
  source_type: string;
  title?: string;
  /** ISO-8601 UTC. */
  created_at: string;
  updated_at: string;
  document_metadata?: Record<string, unknown>;
  tenant_metadata?: Record<string, unknown>;
}

export interface ChunkInput {
  chunk_uuid: string;
  /** Order of the chunk inside its source (neighbours for num_related_chunks). */
  position: number;
  text: string;
  /** Character offset of the chunk in the source's text. */
  start: number;
  kind: ChunkKind;
}

export interface IndexChunksRequest {
  tenant_id: string;
  sub_tenant_id: string;
  source: SourceInfo;
  chunks: ChunkInput[];
}

/** Sources to index in one go (each as IndexChunksRequest, possibly of different tenants). */
export interface IndexManyRequest {
  requests: IndexChunksRequest[];
}

export interface IndexChunksResult {
  indexed: number;
  model_id: string;
}

export interface HybridSearchRequest {
  tenant_id: string;
  sub_tenant_id: string;
  query: string;
  max_chunks: number;
  alpha: number | 'auto';
  recency_bias: number;
  num_related_chunks: number;
  search_mode: SearchMode;
  /** Narrow to these sources. */
  source_ids?: string[];
  /**
   * Keep only candidates that are relevant on their own: a keyword match, or a cosine at least
   * the embedder's related threshold. Memory retrieval sets it (docs/api.md, Memories).
   */
  relevant_only?: boolean;
  /**
   * User-given context that steers the semantic query towards its meaning (docs/api.md, Search:
   * extra_context). Absent or blank: no steering.
   */
  extra_context?: string;
  /**
   * Score the candidates again by their closeness to the sub-tenant's memories nearest the query
   * (docs/api.md, Search: personalise_search).
   */
  personalise?: boolean;
  /**
   * `accurate`: several queries, fused, optionally reranked (docs/api.md, Search: accurate mode).
   * Absent: fast (one query).
   */
  mode?: 'fast' | 'accurate';
  /** Each result chunk carries `explain`, the parts of its score (docs/api.md, Search: explain). */
  explain?: boolean;
}

export interface FullTextSearchRequest {
  tenant_id: string;
  sub_tenant_id: string;
  query: string;
  operator: 'or' | 'and';
  max_chunks: number;
  search_mode: SearchMode;
}

/** A result chunk, in the shape docs/api.md gives (Search). */
export interface ResultChunk {
  chunk_uuid: string;
  source_id: string;
  chunk_content: string;
  source_type: string;
  source_title: string;
  source_upload_time: string;
  source_last_updated_time: string;
  /** JSON text: {"offsets":{"document_level_start_index":N}}. */
  layout: string;
  relevancy_score: number;
  document_metadata: Record<string, unknown>;
  tenant_metadata: Record<string, unknown>;
  related_chunks?: ResultChunk[];
  /** With `explain: true`: the parts of relevancy_score (docs/api.md, Search: explain). */
  explain?: ScoreExplanation;
}

/**
 * Where a chunk's score came from. Each part is present only when its step ran: `semantic` and
 * `keyword` are the normalised list scores (before alpha), `fused` their blend, `second_hop` the
 * chain of accurate mode, `sentence` its best sentence's closeness to the query (offline rerank),
 * `rerank` the endpoint's score, `personal` the closeness to the user's
 * memories, `recency` the decay, `graph` the graph evidence, `final` = relevancy_score.
 */
export type ScoreExplanation = Partial<
  Record<
    | 'semantic'
    | 'keyword'
    | 'alpha'
    | 'fused'
    | 'second_hop'
    | 'sentence'
    | 'rerank'
    | 'personal'
    | 'recency'
    | 'graph',
    number
  >
> & { final: number };

/** One stage of accurate mode: done, or failed (skipped, the search went on without it). */
export interface AccurateStage {
  stage: 'rewrite' | 'second_hops' | 'sentences' | 'rerank';
  status: 'done' | 'failed';
  ms: number;
  /** Why it failed. */
  detail?: string;
}

/** What accurate mode ran (docs/api.md, Search: accurate mode). */
export interface AccurateReport {
  /** Every query searched: the request's own first. */
  queries: string[];
  stages: AccurateStage[];
  /** True when a stage failed: the answer is closer to fast mode's. */
  degraded: boolean;
}

export interface SearchResult {
  chunks: ResultChunk[];
  graph_context: GraphContext;
  /** The alpha used (the chosen one when `auto`). */
  alpha: number;
  /** Present for `mode: accurate`. */
  accurate?: AccurateReport;
}

export interface DeleteSourcesRequest {
  tenant_id: string;
  sub_tenant_id: string;
  source_ids: string[];
}

export interface DeleteSourcesResult {
  deleted_chunks: number;
}
