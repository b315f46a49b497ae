/**
 * VectorIndex over Qdrant (@qdrant/js-client-rest). Layout, and why:
 * - One collection per (space, dimension), shared by every tenant whose space has that dimension,
 *   not one per tenant: Qdrant's documented multitenancy layout. Many collections each carry their
 *   own segments, WAL and optimiser, and do not scale to thousands of tenants; a shared collection
 *   with `tenant_id` as an `is_tenant` keyword index and per-tenant HNSW graphs (m = 0,
 *   payload_m = 16) keeps a tenant's points together and its searches inside its own graph.
 * - Isolation: every read and delete is built by `scopeFilter` (qdrant-requests.ts), which always
 *   puts tenant_id and sub_tenant_id into `must`; no method takes a filter from outside. Point ids
 *   are UUIDv5 of (tenant, sub-tenant, space, id), so no write can replace another scope's point,
 *   and `deleteByIds` addresses points that can only be the caller's own.
 * - Models: a small registry collection holds one point per (tenant, space) with its model.
 * Not atomic where Qdrant is not: counting deletions is a count followed by a delete, and two
 * processes recording a first model for the same tenant space at the same instant could race.
 */
import type { QdrantClient } from '@qdrant/js-client-rest' with { 'resolution-mode': 'import' };
import { IndexScope, ScoredId, SearchFilter, SpaceModel, VectorSpace } from '../../ports/index-scope';
import { VectorIndex, VectorItem } from '../../ports/vector-index';
import {
  REGISTRY_CONFIG,
  collectionConfig,
  collectionName,
  modelFromPayload,
  payloadIndexes,
  pointBatches,
  pointId,
  registryName,
  registryPoint,
  registryPointId,
  scopeFilter,
  searchRequest,
  tenantFilter,
} from './qdrant-requests';
import {
  checkItems,
  checkModel,
  checkScope,
  prepareSearch,
  spaceMismatch,
} from '../vector-common/vector-checks';
import { unitVector } from '../vector-common/vector-math';

export interface QdrantVectorIndexOptions {
  /** Prefix of every collection name, so several deployments can share one server. */
  collectionPrefix?: string;
  /** Points per upsert request; default 256. */
  batchSize?: number;
}

const SPACES: VectorSpace[] = ['chunks', 'chunks-alt', 'raw'];

export class QdrantVectorIndex extends VectorIndex {
  private readonly prefix: string;
  private readonly batchSize: number;
  private readonly models = new Map<string, SpaceModel>();
  private readonly collections = new Map<string, Promise<void>>();

  constructor(
    private readonly client: QdrantClient,
    options: QdrantVectorIndexOptions = {},
  ) {
    super();
    this.prefix = options.collectionPrefix ?? 'trove';
    this.batchSize = options.batchSize ?? 256;
  }

  /** A client for `url`; the package is ESM-only in its types, so it is loaded with import(). */
  static async connect(
    url: string,
    apiKey?: string,
    options?: QdrantVectorIndexOptions,
  ): Promise<QdrantVectorIndex> {
    const { QdrantClient } = await import('@qdrant/js-client-rest');
    return new QdrantVectorIndex(new QdrantClient({ url, apiKey, checkCompatibility: false }), options);
  }

  override async ping(): Promise<void> {
    await this.client.getCollections();
  }

  override async ensureSpace(tenantId: string, space: VectorSpace, model: SpaceModel): Promise<void> {
    checkModel(model);
    const recorded = await this.spaceModel(tenantId, space);
    if (recorded) {
      if (recorded.modelId !== model.modelId || recorded.dimension !== model.dimension) {
        throw spaceMismatch(tenantId, space, recorded, model);
      }
      return;
    }
    await this.ensureCollection(collectionName(this.prefix, space, model.dimension), model.dimension);
    await this.client.upsert(registryName(this.prefix), {
      wait: true,
      points: [registryPoint(tenantId, space, model)],
    });
    this.models.set(JSON.stringify([tenantId, space]), { ...model });
  }

  override async spaceModel(tenantId: string, space: VectorSpace): Promise<SpaceModel | null> {
    const key = JSON.stringify([tenantId, space]);
    const cached = this.models.get(key);
    if (cached) return { ...cached };
    await this.ensureRegistry();
    const [point] = await this.client.retrieve(registryName(this.prefix), {
      ids: [registryPointId(tenantId, space)],
      with_payload: true,
    });
    const model = modelFromPayload(point?.payload);
    if (model) this.models.set(key, model);
    return model ? { ...model } : null;
  }

  override async upsert(scope: IndexScope, space: VectorSpace, items: VectorItem[]): Promise<void> {
    checkScope(scope);
    checkItems(items);
    if (items.length === 0) return;
    const model = await this.requireModel(scope.tenantId, space);
    const units = items.map((item) => ({
      ...item,
      unit: unitVector(item.vector, model.dimension, `the vector of item "${item.id}"`),
    }));
    const collection = collectionName(this.prefix, space, model.dimension);
    for (const points of pointBatches(scope, space, units, this.batchSize)) {
      // wait: a new memory must be searchable when the call returns.
      await this.client.upsert(collection, { wait: true, points });
    }
  }

  override async search(
    scope: IndexScope,
    space: VectorSpace,
    query: Float32Array,
    k: number,
    filter?: SearchFilter,
  ): Promise<ScoredId[]> {
    const prepared = await prepareSearch(this, scope, space, query, k, filter);
    if (!prepared) return [];
    const { model, unit } = prepared;
    const collection = collectionName(this.prefix, space, model.dimension);
    const { points } = await this.client.query(collection, searchRequest(scope, unit, k, filter));
    return points.map((point) => ({
      id: String(point.payload?.['chunk_id']),
      score: Math.max(-1, Math.min(1, point.score)),
    }));
  }

  override async vectorsOf(
    scope: IndexScope,
    space: VectorSpace,
    ids: string[],
  ): Promise<Map<string, Float32Array>> {
    checkScope(scope);
    const found = new Map<string, Float32Array>();
    const collection = await this.collectionOf(scope.tenantId, space);
    if (!collection || ids.length === 0) return found;
    // Point ids are derived from the scope, so another sub-tenant's item of the same id is never read.
    const points = await this.client.retrieve(collection, {
      ids: [...new Set(ids)].map((id) => pointId(scope, space, id)),
      with_payload: ['chunk_id'],
      with_vector: true,
    });
    for (const point of points) {
      const vector = point.vector;
      if (Array.isArray(vector) && typeof vector[0] === 'number') {
        found.set(String(point.payload?.['chunk_id']), Float32Array.from(vector as number[]));
      }
    }
    return found;
  }

  override async deleteBySources(
    scope: IndexScope,
    space: VectorSpace,
    sourceIds: string[],
  ): Promise<number> {
    checkScope(scope);
    const collection = await this.collectionOf(scope.tenantId, space);
    if (!collection || sourceIds.length === 0) return 0;
    const filter = scopeFilter(scope, { sourceIds });
    const { count } = await this.client.count(collection, { filter, exact: true });
    if (count > 0) await this.client.delete(collection, { wait: true, filter });
    return count;
  }

  override async deleteByIds(scope: IndexScope, space: VectorSpace, ids: string[]): Promise<number> {
    checkScope(scope);
    const collection = await this.collectionOf(scope.tenantId, space);
    if (!collection || ids.length === 0) return 0;
    const points = [...new Set(ids)].map((id) => pointId(scope, space, id));
    const existing = await this.client.retrieve(collection, { ids: points, with_payload: false });
    if (existing.length > 0) {
      await this.client.delete(collection, { wait: true, points: existing.map((p) => p.id) });
    }
    return existing.length;
  }

  override async dropSpace(tenantId: string, space: VectorSpace): Promise<void> {
    const collection = await this.collectionOf(tenantId, space);
    if (collection) {
      await this.client.delete(collection, {
        wait: true,
        filter: { must: [{ key: 'tenant_id', match: { value: tenantId } }] },
      });
    }
    await this.ensureRegistry();
    await this.client.delete(registryName(this.prefix), {
      wait: true,
      points: [registryPointId(tenantId, space)],
    });
    this.models.delete(JSON.stringify([tenantId, space]));
  }

  override async deleteSubTenant(scope: IndexScope): Promise<void> {
    checkScope(scope);
    for (const space of SPACES) {
      const collection = await this.collectionOf(scope.tenantId, space);
      if (collection) await this.client.delete(collection, { wait: true, filter: scopeFilter(scope) });
    }
  }

  override async countBySubTenant(tenantId: string, space: VectorSpace): Promise<Map<string, number>> {
    const collection = await this.collectionOf(tenantId, space);
    if (!collection) return new Map();
    const { hits } = await this.client.facet(collection, {
      key: 'sub_tenant_id',
      filter: tenantFilter(tenantId),
      exact: true,
      limit: 100_000,
    });
    return new Map(hits.filter((h) => h.count > 0).map((h) => [String(h.value), h.count]));
  }

  override async close(): Promise<void> {
    this.models.clear();
    this.collections.clear();
  }

  private async collectionOf(tenantId: string, space: VectorSpace): Promise<string | null> {
    const model = await this.spaceModel(tenantId, space);
    return model ? collectionName(this.prefix, space, model.dimension) : null;
  }

  private ensureRegistry(): Promise<void> {
    return this.ensureCollection(registryName(this.prefix), null);
  }

  /** Creates a collection and its payload indexes once per process (idempotent across processes). */
  private ensureCollection(name: string, dimension: number | null): Promise<void> {
    let pending = this.collections.get(name);
    if (!pending) {
      pending = (async () => {
        const { exists } = await this.client.collectionExists(name);
        if (!exists) {
          const config = dimension === null ? REGISTRY_CONFIG : collectionConfig(dimension);
          await this.client.createCollection(name, config).catch(async (error: unknown) => {
            // Another process may have created it in between.
            if (!(await this.client.collectionExists(name)).exists) throw error;
          });
        }
        if (dimension !== null) {
          for (const index of payloadIndexes()) await this.client.createPayloadIndex(name, index);
        }
      })();
      pending.catch(() => this.collections.delete(name));
      this.collections.set(name, pending);
    }
    return pending;
  }
}
