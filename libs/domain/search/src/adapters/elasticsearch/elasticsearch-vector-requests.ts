import { createHash } from 'node:crypto';
import { IndexScope, SearchFilter, SpaceModel, VectorSpace } from '../../ports/index-scope';
import {
  REFRESH_INTERVAL,
  SCOPE_FIELDS,
  countBySubTenantBody,
  documentId,
  scopeFilter,
} from './elasticsearch-keyword-queries';

/*
 * Pure request builders of ElasticsearchVectorIndex, unit-tested without a server. As in the
 * keyword adapter, every read and delete inside a scope starts from `scopeFilter` (tenant and
 * sub-tenant terms), and the scope filter of a knn search sits inside `knn.filter`, so the
 * nearest neighbours are searched among the scope's vectors only (a post-filter would search
 * everyone's and could come back empty or short). Document _ids hash (tenant, sub-tenant, id):
 * the keyword adapter's `documentId`.
 */

/** Plain JSON shapes; the client's own types are checked where these are sent. */
type Json = Record<string, unknown>;

export { countBySubTenantBody, documentId };

/** Every space an index can be made for, in index names. */
export const SPACES: readonly VectorSpace[] = ['chunks', 'chunks-alt', 'raw'];

/** The dense_vector layouts this adapter accepts (Elasticsearch 8.19's index_options types). */
export type VectorLayout = 'hnsw' | 'int8_hnsw' | 'int8_flat' | 'flat';

/** Quantised layouts keep the float vectors too; searches rescore their candidates with them. */
export const isQuantised = (layout: VectorLayout): boolean => layout.startsWith('int8');

/** Elasticsearch's ceiling for knn `k` and `num_candidates`. */
export const MAX_KNN = 10_000;

/** Vectors of every tenant whose space uses this dimension share one index. */
export function vectorIndexName(prefix: string, space: VectorSpace, dimension: number): string {
  return `${prefix}-${space}-${dimension}`;
}

/** The registry of space models (one document per tenant and space). */
export const registryIndexName = (prefix: string): string => `${prefix}-spaces`;

/**
 * The space index names of `prefix` among `names`: `<prefix>-<space>-<dimension>` exactly, so the
 * indexes of a longer prefix (`trove-vectors-test-…`) are never taken for this one's.
 */
export function spaceIndexesOf(prefix: string, names: readonly string[]): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}-(?:${SPACES.join('|')})-[1-9][0-9]*$`);
  return names.filter((name) => pattern.test(name)).sort();
}

/** The registry document's _id for a tenant's space. */
export function registryId(tenantId: string, space: VectorSpace): string {
  return createHash('sha256')
    .update(JSON.stringify(['space', tenantId, space]))
    .digest('base64url');
}

/** What the registry holds for a tenant's space. */
export function registryDocument(tenantId: string, space: VectorSpace, model: SpaceModel): Json {
  return { tenant_id: tenantId, space, model_id: model.modelId, dimension: model.dimension };
}

/** Reads a registry document back into a model, or null if it is not one. */
export function modelFromDocument(source: Record<string, unknown> | undefined): SpaceModel | null {
  const modelId = source?.['model_id'];
  const dimension = source?.['dimension'];
  return typeof modelId === 'string' && typeof dimension === 'number' ? { modelId, dimension } : null;
}

export const REGISTRY_BODY: Json = {
  settings: { number_of_shards: 1 },
  mappings: {
    dynamic: 'strict',
    properties: {
      tenant_id: { type: 'keyword' },
      space: { type: 'keyword' },
      model_id: { type: 'keyword' },
      dimension: { type: 'integer' },
    },
  },
};

/**
 * A shared vector index for one space and dimension. The vectors stored are unit vectors, so the
 * similarity is `dot_product` (cosine without the per-comparison norms; Elasticsearch checks
 * that every vector is of unit length). The float vectors stay out of _source: they are read
 * back from the vector field itself (docvalue_fields), which a quantised layout keeps too for
 * rescoring, and a document's _source stays a few ids long.
 */
export function vectorIndexBody(
  dimension: number,
  layout: VectorLayout,
  options: { shards?: number; m?: number; efConstruction?: number } = {},
): Json {
  const graph = layout.endsWith('hnsw')
    ? { m: options.m ?? 16, ef_construction: options.efConstruction ?? 100 }
    : {};
  return {
    settings: { number_of_shards: options.shards ?? 1, refresh_interval: REFRESH_INTERVAL },
    mappings: {
      dynamic: 'strict',
      _routing: { required: true },
      _source: { excludes: ['vector'] },
      properties: {
        ...SCOPE_FIELDS,
        vector: {
          type: 'dense_vector',
          dims: dimension,
          index: true,
          similarity: 'dot_product',
          index_options: { type: layout, ...graph },
        },
      },
    },
  };
}

/** The document a bulk `index` action writes (the whole document, so an upsert replaces). */
export function vectorDocument(
  scope: IndexScope,
  item: { id: string; sourceId: string; kind: string; unit: Float32Array },
): Json {
  return {
    tenant_id: scope.tenantId,
    sub_tenant_id: scope.subTenantId,
    chunk_id: item.id,
    source_id: item.sourceId,
    kind: item.kind,
    vector: Array.from(item.unit),
  };
}

/** The filters of a read inside the scope: the scope first, then the caller's narrowing. */
export function scopedFilters(scope: IndexScope, filter: SearchFilter & { ids?: string[] } = {}): Json[] {
  const filters = scopeFilter(scope);
  if (filter.sourceIds) filters.push({ terms: { source_id: filter.sourceIds } });
  if (filter.kinds) filters.push({ terms: { kind: filter.kinds } });
  if (filter.ids) filters.push({ terms: { chunk_id: filter.ids } });
  return filters;
}

/** How a knn search looks for its k: candidates per shard, and the rescoring of quantised ones. */
export interface KnnTuning {
  layout: VectorLayout;
  /** Candidates per shard for k = 10; larger k take `k × numCandidates / 10` (at most 10,000). */
  numCandidates: number;
  /** Quantised layouts: k × oversample candidates are rescored with the float vectors. */
  oversample: number;
}

/**
 * Candidates per shard for a search of k: proportional to k (the HNSW beam is what recall buys),
 * never fewer than k, at most Elasticsearch's 10,000.
 */
export function numCandidatesFor(k: number, tuning: KnnTuning): number {
  return Math.min(MAX_KNN, Math.max(k, Math.ceil((k * tuning.numCandidates) / 10)));
}

/**
 * A filtered knn search inside the scope, best first. `k` above 10,000 is cut to 10,000. Scores:
 * `dot_product` gives (1 + cos) / 2 (cosineOfScore undoes it); a quantised layout's scores are
 * the floats' after `rescore_vector`, not the quantised estimate (which is off by up to ~0.5 for
 * opposite vectors).
 */
export function knnSearchBody(
  scope: IndexScope,
  query: Float32Array,
  k: number,
  tuning: KnnTuning,
  filter?: SearchFilter,
): Json {
  const size = Math.min(k, MAX_KNN);
  return {
    size,
    track_total_hits: false,
    _source: ['chunk_id'],
    knn: {
      field: 'vector',
      query_vector: Array.from(query),
      k: size,
      num_candidates: numCandidatesFor(size, tuning),
      filter: scopedFilters(scope, filter ?? {}),
      ...(isQuantised(tuning.layout) ? { rescore_vector: { oversample: tuning.oversample } } : {}),
    },
  };
}

/** Cosine similarity from a `dot_product` _score of unit vectors, (1 + cos) / 2, kept in [-1, 1]. */
export function cosineOfScore(score: number | null | undefined): number {
  return Math.max(-1, Math.min(1, 2 * (score ?? 0) - 1));
}

/** Stored vectors of some ids inside the scope: the float vector field read as a doc value. */
export function vectorsOfBody(scope: IndexScope, ids: string[]): Json {
  return {
    size: ids.length,
    track_total_hits: false,
    _source: ['chunk_id'],
    docvalue_fields: ['vector'],
    query: { bool: { filter: scopedFilters(scope, { ids }) } },
  };
}

/** A search hit's float vector from docvalue_fields (`{ vector: [[…]] }`), or null. */
export function vectorOfHit(fields: Record<string, unknown> | undefined): Float32Array | null {
  const value = fields?.['vector'];
  const vector = Array.isArray(value) && Array.isArray(value[0]) ? value[0] : value;
  return Array.isArray(vector) && vector.every((x) => typeof x === 'number')
    ? Float32Array.from(vector as number[])
    : null;
}

/** What deleteBySources removes: the scope's documents of these sources. */
export function sourcesQuery(scope: IndexScope, sourceIds: string[]): Json {
  return { bool: { filter: scopedFilters(scope, { sourceIds }) } };
}

/** What deleteSubTenant removes: everything of the scope. */
export function subTenantQuery(scope: IndexScope): Json {
  return { bool: { filter: scopedFilters(scope) } };
}

/** What dropSpace removes from the space's index: every sub-tenant's documents of the tenant. */
export function tenantQuery(tenantId: string): Json {
  return { bool: { filter: [{ term: { tenant_id: tenantId } }] } };
}

/** Items by id, the last of a repeated id winning, cut into bulk batches of at most `size`. */
export function batchesOf<T extends { id: string }>(items: T[], size: number): T[][] {
  const last = [...new Map(items.map((item) => [item.id, item])).values()];
  const batches: T[][] = [];
  for (let i = 0; i < last.length; i += size) batches.push(last.slice(i, i + size));
  return batches;
}
