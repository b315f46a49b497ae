/**
 * Where an index operation applies. Every query is confined to one tenant and one sub-tenant:
 * adapters must make it impossible for a result to come from anywhere else.
 */
export interface IndexScope {
  tenantId: string;
  subTenantId: string;
}

/**
 * A vector space inside a tenant. `chunks` holds the vectors Trove computed with its embedder;
 * `raw` holds callers' pre-computed embeddings (issue 5). Spaces never mix.
 */
export type VectorSpace = 'chunks' | 'raw';

/** The model behind a tenant's vector space, fixed by its first write. */
export interface SpaceModel {
  modelId: string;
  dimension: number;
}

/** One hit: the chunk id and the engine's own score (higher is better; scales differ by engine). */
export interface ScoredId {
  id: string;
  score: number;
}

/** Optional narrowing of a search inside its scope. */
export interface SearchFilter {
  /** Only chunks of these sources. */
  sourceIds?: string[];
  /** Only chunks of these kinds (e.g. memories search original and inferred chunks). */
  kinds?: string[];
}
