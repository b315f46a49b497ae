/**
 * The knowledge graph's records as the API returns them (docs/api.md, "Graph relations"). The
 * second entity of a triplet is named `target` (the source of the interface prints that row
 * garbled; `target` is what every relation field around it calls it).
 */

/** An entity of a sub-tenant's graph: one per real-world thing, whichever sources mention it. */
export interface GraphEntity {
  /** The entity's name as first seen, whitespace-normalised. */
  name: string;
  /** person, organization, location, product, event, date, concept, email, url, error_code, … */
  type: string;
  /** Context category; `default` unless the extractor says otherwise. */
  namespace: string;
  entity_id: string;
  /** A unique identifier the entity carries (an e-mail address, a URL, an error code), or null. */
  identifier: string | null;
}

/** One statement of a relation between two entities, with where it was read. */
export interface RelationEvidence {
  /** The predicate from the documented vocabulary (`works at`, `born in`, …), or the raw one. */
  canonical_predicate: string;
  /** The predicate as written in the text. */
  raw_predicate: string;
  /** The sentence the relation was read from. */
  context: string;
  relationship_id: string;
  /** 0 to 1. */
  confidence: number;
  /** The time phrase that dates the relation in the text ("in 1903"), or null. */
  temporal_details: string | null;
  /** When the relation took place, as ISO-8601 UTC, when the time phrase names a date; else null. */
  timestamp: string | null;
  chunk_id: string | null;
  source_entity_id: string | null;
  target_entity_id: string | null;
}

/** The relations between two entities read from one chunk. */
export interface TripletWithEvidence {
  source: GraphEntity;
  target: GraphEntity;
  relations: RelationEvidence[];
  chunk_id: string;
}

/** Message patterns answered by the graph service. */
export const GraphPatterns = {
  /** Extract a source's (or memory's) chunks and make them its whole graph (GraphExtractRequest). */
  extract: 'graph.source.extract',
  /** Every relation read from one source (GraphRelationsRequest → TripletWithEvidence[]). */
  relationsBySource: 'graph.source.relations',
  /** Forget what sources said (GraphDeleteSourcesRequest → GraphDeleteSourcesResult). */
  deleteSources: 'graph.source.delete',
  /**
   * Paths around a query's entities and the relations of result chunks, re-ranked with `rank`
   * (GraphContextRequest → RankedGraphContext).
   */
  context: 'graph.query.context',
} as const;

export interface GraphScopePayload {
  tenant_id: string;
  sub_tenant_id: string;
}

export interface GraphExtractRequest extends GraphScopePayload {
  source_id: string;
  /** The source's chunks in order, as the search service indexed them. */
  chunks: { chunk_id: string; text: string }[];
  /** What relative dates count from (ISO-8601): the source's upload or update time. */
  reference_time: string;
}

export interface GraphExtractResult {
  entities: number;
  relations: number;
  /** Which extractor read the text (`offline`, `llm:<model>`). */
  extractor: string;
  /** Tokens an LLM extractor spent on the source, when one did. */
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface GraphRelationsRequest extends GraphScopePayload {
  source_id: string;
}

export interface GraphDeleteSourcesRequest extends GraphScopePayload {
  source_ids: string[];
}

export interface GraphDeleteSourcesResult {
  /** How many of the sources had graph facts. */
  deleted: number;
}

export interface GraphContextRequest extends GraphScopePayload {
  query: string;
  /** The search's result chunks, best first: their relations, and paths through them, rank higher. */
  chunk_ids: string[];
  /**
   * Graph-aware ranking (docs/api.md, Search): re-score the chunks by their graph evidence and
   * keep the best `keep`; the reply then carries `ranking` and a context restricted to the kept
   * chunks. Without it, the context of every chunk and no ranking.
   */
  rank?: GraphRankRequest;
}

export interface GraphRankRequest {
  /** The chunks' search scores, in [0, 1], aligned with `chunk_ids` (same length, same order). */
  scores: number[];
  /** How many chunks to keep (an integer ≥ 1): the search's max_chunks. */
  keep: number;
}

/**
 * How many candidates a caller asks the search for before it sends them to the graph with `rank`
 * (`max_chunks` results wanted): `min(1001, max(10, 2 × max_chunks))`. Part of the protocol: the
 * graph re-ranks only what it is sent. Measured on HotpotQA dev (bench/graph-ranking.bench.mjs,
 * top 5): 2× did as well as 4× and 6×, and every extra chunk id lengthens the graph call.
 */
export function graphCandidateCount(maxChunks: number): number {
  return Math.min(GRAPH_RANK_MAX_CANDIDATES, Math.max(GRAPH_RANK_MIN_CANDIDATES, 2 * maxChunks));
}

/** The widest candidate list: the API's own max_chunks bound. */
export const GRAPH_RANK_MAX_CANDIDATES = 1001;
/** The narrowest candidate list, whatever max_chunks. */
export const GRAPH_RANK_MIN_CANDIDATES = 10;

/** One kept chunk of a ranked context reply, best first. */
export interface GraphRankedChunk {
  chunk_id: string;
  /** The new score: `1 − (1 − score)(1 − graph)`, in [0, 1]; the search score when `graph` is 0. */
  score: number;
  /** The lift `w·e` (GRAPH_RANKING_WEIGHT × the chunk's evidence); 0 without evidence. */
  graph: number;
}

/**
 * The graph service's answer to GraphPatterns.context: the context, and with `rank` in the
 * request, the ranking (the context then speaks of the kept chunks only). The HTTP response's
 * `graph_context` is the GraphContext part, without `ranking`.
 */
export interface RankedGraphContext extends GraphContext {
  ranking?: GraphRankedChunk[];
}

/** One relation of a path or a chunk (docs/api.md, "graph_context"). */
export interface GraphTriplet {
  source: GraphEntity;
  relation: RelationEvidence;
  target: GraphEntity;
}

export interface GraphQueryPath {
  triplets: GraphTriplet[];
  relevancy_score: number;
  /** The evidence sentences of the path's relations, in path order. */
  combined_context: string;
  /** The group the path's chunks are listed under in chunk_id_to_group_ids. */
  group_id: string;
}

export interface GraphChunkRelation extends GraphTriplet {
  relevancy_score: number;
}

export interface GraphContext {
  query_paths: GraphQueryPath[];
  chunk_relations: GraphChunkRelation[];
  /** chunk id → the groups (query paths) whose relations were read from it. */
  chunk_id_to_group_ids: Record<string, string[]>;
}
