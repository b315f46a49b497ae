import { createHash } from 'node:crypto';
import type { QdrantClient, Schemas } from '@qdrant/js-client-rest' with { 'resolution-mode': 'import' };
import { IndexScope, SearchFilter, SpaceModel, VectorSpace } from '../../ports/index-scope';

/** The pure half of QdrantVectorIndex: names, point ids and request bodies, typed by the client. */

/** Namespace of every Trove point id (a fixed, random UUID). */
export const TROVE_NAMESPACE = '6f1c2a1e-4b7d-4f0e-9a53-1d8e2c7b5a90';

/** An RFC 4122 version 5 (SHA-1, name-based) UUID. */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Qdrant id of one of our items. The scope is part of the name, so the same chunk id in two
 * tenants or sub-tenants is two points, and a write in one scope can never replace another's.
 */
export function pointId(scope: IndexScope, space: VectorSpace, id: string): string {
  return uuidV5(JSON.stringify([scope.tenantId, scope.subTenantId, space, id]), TROVE_NAMESPACE);
}

/** Points of every tenant whose space uses this dimension share one collection. */
export function collectionName(prefix: string, space: VectorSpace, dimension: number): string {
  return `${prefix}_${space}_${dimension}`;
}

export const registryName = (prefix: string): string => `${prefix}_spaces`;
export const registryPointId = (tenantId: string, space: VectorSpace): string =>
  uuidV5(JSON.stringify(['space', tenantId, space]), TROVE_NAMESPACE);

/** What each point carries; `chunk_id` is our own id, since Qdrant's is a derived UUID. */
export interface PointPayload {
  tenant_id: string;
  sub_tenant_id: string;
  chunk_id: string;
  source_id: string;
  kind: string;
  [key: string]: unknown;
}

const match = (key: string, value: string): Schemas['FieldCondition'] => ({ key, match: { value } });

/** Confines a request to one tenant's points. */
export function tenantFilter(tenantId: string): Schemas['Filter'] {
  return { must: [match('tenant_id', tenantId)] };
}

/**
 * The only way this adapter builds a point filter: tenant and sub-tenant are always `must`
 * conditions, and the caller's narrowing can only add more.
 */
export function scopeFilter(
  scope: IndexScope,
  narrowing: SearchFilter & { ids?: string[] } = {},
): Schemas['Filter'] {
  const must: Schemas['Condition'][] = [
    match('tenant_id', scope.tenantId),
    match('sub_tenant_id', scope.subTenantId),
  ];
  if (narrowing.sourceIds) must.push({ key: 'source_id', match: { any: narrowing.sourceIds } });
  if (narrowing.kinds) must.push({ key: 'kind', match: { any: narrowing.kinds } });
  if (narrowing.ids) must.push({ key: 'chunk_id', match: { any: narrowing.ids } });
  return { must };
}

type CreateCollection = Parameters<QdrantClient['createCollection']>[1];
type CreatePayloadIndex = Parameters<QdrantClient['createPayloadIndex']>[1];
type QueryRequest = Parameters<QdrantClient['query']>[1];

/**
 * A shared collection for one space and dimension. Qdrant's multitenancy layout: no global HNSW
 * graph (m = 0), a graph per tenant instead (payload_m on the `is_tenant` keyword index), so a
 * tenant's search walks only that tenant's points.
 */
export function collectionConfig(dimension: number): CreateCollection {
  return {
    vectors: { size: dimension, distance: 'Cosine', on_disk: false },
    hnsw_config: { m: 0, payload_m: 16 },
  };
}

export const REGISTRY_CONFIG: CreateCollection = { vectors: { size: 1, distance: 'Dot' } };

/** Keyword indexes for every field a filter uses; tenant_id marked as the tenant key. */
export function payloadIndexes(): CreatePayloadIndex[] {
  return [
    { field_name: 'tenant_id', field_schema: { type: 'keyword', is_tenant: true }, wait: true },
    { field_name: 'sub_tenant_id', field_schema: { type: 'keyword' }, wait: true },
    { field_name: 'source_id', field_schema: { type: 'keyword' }, wait: true },
    { field_name: 'kind', field_schema: { type: 'keyword' }, wait: true },
    { field_name: 'chunk_id', field_schema: { type: 'keyword' }, wait: true },
  ];
}

export interface UnitItem {
  id: string;
  sourceId: string;
  kind: string;
  unit: Float32Array;
}

/** Points for an upsert, in batches of at most `size`; the last item of a repeated id wins. */
export function pointBatches(
  scope: IndexScope,
  space: VectorSpace,
  items: UnitItem[],
  size: number,
): Schemas['PointStruct'][][] {
  const last = [...new Map(items.map((item) => [item.id, item])).values()];
  const points = last.map((item): Schemas['PointStruct'] => {
    const payload: PointPayload = {
      tenant_id: scope.tenantId,
      sub_tenant_id: scope.subTenantId,
      chunk_id: item.id,
      source_id: item.sourceId,
      kind: item.kind,
    };
    return { id: pointId(scope, space, item.id), vector: Array.from(item.unit), payload };
  });
  const batches: Schemas['PointStruct'][][] = [];
  for (let i = 0; i < points.length; i += size) batches.push(points.slice(i, i + size));
  return batches;
}

/** A nearest-neighbour query inside the scope. */
export function searchRequest(
  scope: IndexScope,
  query: Float32Array,
  k: number,
  filter?: SearchFilter,
): QueryRequest {
  return {
    query: Array.from(query),
    limit: k,
    filter: scopeFilter(scope, filter ?? {}),
    with_payload: ['chunk_id'],
    with_vector: false,
  };
}

/** The registry point recording one tenant space's model. */
export function registryPoint(
  tenantId: string,
  space: VectorSpace,
  model: SpaceModel,
): Schemas['PointStruct'] {
  return {
    id: registryPointId(tenantId, space),
    vector: [1],
    payload: { tenant_id: tenantId, space, model_id: model.modelId, dimension: model.dimension },
  };
}

/** Reads a registry point's payload back into a model, or null if it is not one. */
export function modelFromPayload(payload: Record<string, unknown> | null | undefined): SpaceModel | null {
  const modelId = payload?.['model_id'];
  const dimension = payload?.['dimension'];
  return typeof modelId === 'string' && typeof dimension === 'number' ? { modelId, dimension } : null;
}
