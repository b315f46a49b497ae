import { DomainError } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';
import { IndexScope, ScoredId, SearchFilter, SpaceModel, VectorSpace } from './index-scope';

/** A vector to index, with what filters need. `vector` has the space's dimension. */
export interface VectorItem {
  id: string;
  sourceId: string;
  kind: string;
  vector: Float32Array;
}

/**
 * Nearest-neighbour search by cosine similarity, per tenant, sub-tenant and space.
 * Adapters: the embedded default, Qdrant and Elasticsearch.
 */
export abstract class VectorIndex extends StoreLifecycle {
  /**
   * Records the model of a tenant's space on first use; afterwards refuses another model or
   * dimension with DomainError('DIMENSION_MISMATCH').
   */
  abstract ensureSpace(tenantId: string, space: VectorSpace, model: SpaceModel): Promise<void>;

  /** The model recorded for a tenant's space, or null before its first write. */
  abstract spaceModel(tenantId: string, space: VectorSpace): Promise<SpaceModel | null>;

  /** Inserts or replaces items by id. */
  abstract upsert(scope: IndexScope, space: VectorSpace, items: VectorItem[]): Promise<void>;

  /** The k most similar items, best first; score is the cosine similarity in [-1, 1]. */
  abstract search(
    scope: IndexScope,
    space: VectorSpace,
    query: Float32Array,
    k: number,
    filter?: SearchFilter,
  ): Promise<ScoredId[]>;

  /**
   * The stored unit vectors of these items in this scope; ids the scope does not hold are left out.
   * (Personalised search compares candidates with the user's memories without embedding again.)
   */
  abstract vectorsOf(
    scope: IndexScope,
    space: VectorSpace,
    ids: string[],
  ): Promise<Map<string, Float32Array>>;

  /** Removes every item of these sources; returns how many were removed. */
  abstract deleteBySources(scope: IndexScope, space: VectorSpace, sourceIds: string[]): Promise<number>;

  /** Removes these items; returns how many existed. */
  abstract deleteByIds(scope: IndexScope, space: VectorSpace, ids: string[]): Promise<number>;

  /**
   * Removes every item of a tenant's space, in every sub-tenant, and forgets its model, so that
   * the space can be built again with another (the old space after a re-embedding).
   */
  abstract dropSpace(tenantId: string, space: VectorSpace): Promise<void>;

  /** Removes everything of a sub-tenant, in every space. */
  abstract deleteSubTenant(scope: IndexScope): Promise<void>;

  /** Item counts per sub-tenant of a tenant, for one space. */
  abstract countBySubTenant(tenantId: string, space: VectorSpace): Promise<Map<string, number>>;

  /**
   * Resolves when the index answers, rejects with the reason (readiness). An index inside the
   * process answers while the process runs; adapters of servers override it.
   */
  async ping(): Promise<void> {
    // Embedded: nothing to reach.
  }

  /** Flushes and releases resources. */
  abstract override close(): Promise<void>;

  /** The model of a tenant's space, which writes need: refused until ensureSpace recorded one. */
  protected async requireModel(tenantId: string, space: VectorSpace): Promise<SpaceModel> {
    const model = await this.spaceModel(tenantId, space);
    if (!model) {
      throw new DomainError(
        'INVALID_PARAMETERS',
        `tenant "${tenantId}" has no model recorded for its "${space}" vector space; ensureSpace must come first`,
      );
    }
    return model;
  }
}
