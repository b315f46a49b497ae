/**
 * Where an index operation applies. Every query is confined to one tenant and one sub-tenant:
 * adapters must make it impossible for a result to come from anywhere else.
 */
export interface IndexScope {
  tenantId: string;
  subTenantId: string;
}

/**
 * A vector space inside a tenant. `chunks` and `chunks-alt` hold the vectors Trove computed with
 * its embedder: one is the tenant's active space, and the other is where a re-embedding with a
 * new model is built before the two swap (reembedding/space-registry.ts). `raw` holds callers'
 * pre-computed embeddings. Spaces never mix.
 */
export type VectorSpace = ChunkSpace | 'raw';

/** The two spaces of Trove's own chunk vectors. */
export type ChunkSpace = 'chunks' | 'chunks-alt';

export const CHUNK_SPACES: readonly ChunkSpace[] = ['chunks', 'chunks-alt'];

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
