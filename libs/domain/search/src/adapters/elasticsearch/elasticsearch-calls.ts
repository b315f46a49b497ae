import { Client, errors } from '@elastic/elasticsearch';
import { DomainError } from '@trove/contracts';
import { countBySubTenantBody, idsPageBody } from './elasticsearch-keyword-queries';

/** Ids per page when deleting by query (search, then bulk delete). */
const DELETE_PAGE = 1000;

/**
 * Requests of one Elasticsearch adapter, with its errors translated to DomainErrors (unreachable:
 * SERVICE_UNAVAILABLE, anything else: INTERNAL_ERROR naming the adapter) and its indexes created
 * once per process.
 */
export class ElasticsearchCalls {
  private readonly indexes = new Map<string, Promise<void>>();

  constructor(
    readonly client: Client,
    private readonly what: string,
  ) {}

  async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** The reply, or null when the server answers with `status` (a conflict, a missing document). */
  async unless<T>(status: number, request: () => Promise<T>): Promise<T | null> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof errors.ResponseError && error.statusCode === status) return null;
      throw this.translate(error);
    }
  }

  /**
   * Creates an index once per process; a concurrent creator elsewhere is not an error. An index
   * another process created a moment ago may not have its primaries active yet, and a new index
   * reports yellow before they are: so this waits for `primaries` active shards, not a status.
   */
  ensureIndex(name: string, body: () => Record<string, unknown>, primaries: number): Promise<void> {
    let pending = this.indexes.get(name);
    if (!pending) {
      pending = (async () => {
        const active = () =>
          this.call(() =>
            this.client.cluster.health({ index: name, wait_for_active_shards: primaries, timeout: '30s' }),
          );
        if (await this.call(() => this.client.indices.exists({ index: name }))) return void (await active());
        try {
          await this.client.indices.create({ index: name, ...body() });
        } catch (error) {
          const type = error instanceof errors.ResponseError ? error.body?.error?.type : undefined;
          if (type !== 'resource_already_exists_exception') throw this.translate(error);
          await active();
        }
      })();
      pending.catch(() => this.indexes.delete(name));
      this.indexes.set(name, pending);
    }
    return pending;
  }

  /**
   * Deletes what `query` matches in these indexes, all routed by `routing`: Elasticsearch from
   * Maven Central has no `_delete_by_query` (a module of its own), so a page of ids, a bulk delete
   * that waits for the refresh, and again until a page comes back short. A document written
   * meanwhile may survive, as with `_delete_by_query`. Returns how many were deleted.
   */
  async deleteMatching(indexes: string[], routing: string, query: Record<string, unknown>): Promise<number> {
    let deleted = 0;
    for (;;) {
      const page = await this.call(() =>
        this.client.search({ index: indexes.join(','), routing, ...idsPageBody(query, DELETE_PAGE) }),
      );
      const hits = page.hits.hits.filter((hit) => hit._id !== undefined);
      if (hits.length === 0) return deleted;
      const response = await this.call(() =>
        this.client.bulk({
          operations: hits.map((hit) => ({ delete: { _index: hit._index, _id: hit._id!, routing } })),
          refresh: 'wait_for',
        }),
      );
      deleted += response.items.filter((item) => item.delete?.result === 'deleted').length;
      if (hits.length < DELETE_PAGE) return deleted;
    }
  }

  /** Document counts per sub-tenant of a tenant in `index` (a terms aggregation, routed by tenant). */
  async subTenantCounts(
    index: string,
    tenantId: string,
    maxSubTenants: number,
  ): Promise<Map<string, number>> {
    const response = await this.call(() =>
      this.client.search({ index, routing: tenantId, ...countBySubTenantBody(tenantId, maxSubTenants) }),
    );
    const buckets = (
      response.aggregations?.['sub_tenants'] as { buckets?: { key: string; doc_count: number }[] }
    )?.buckets;
    return new Map((buckets ?? []).map((bucket) => [bucket.key, bucket.doc_count]));
  }

  /** Readiness: the cluster answers and is not red. */
  async ping(): Promise<void> {
    const health = await this.call(() => this.client.cluster.health({ timeout: '1s' }));
    if (health.status === 'red') throw new DomainError('SERVICE_UNAVAILABLE', 'Elasticsearch cluster is red');
  }

  /** Forgets which indexes exist (after close, or when they may have been deleted). */
  forgetIndexes(): void {
    this.indexes.clear();
  }

  translate(error: unknown): DomainError {
    if (error instanceof DomainError) return error;
    if (error instanceof errors.ConnectionError || error instanceof errors.TimeoutError) {
      return new DomainError('SERVICE_UNAVAILABLE', `Elasticsearch is unreachable: ${error.message}`);
    }
    const message = error instanceof Error ? error.message : String(error);
    return new DomainError('INTERNAL_ERROR', `Elasticsearch ${this.what}: ${message}`);
  }
}
