import { IndexScope, VectorSpace } from '../ports/index-scope';
import { VectorItem } from '../ports/vector-index';
import { UsearchVectorIndex } from '../adapters/usearch/usearch-vector-index';
import { RawBatchStore } from '../ports/raw-batch-store';
import { RawVectorStore } from '../ports/raw-vector-store';

/**
 * A usearch index that counts, per batch, how many times its rows were written: `upserts` is
 * keyed by `tenant/file_id` (test helper).
 */
export class CountingIndex extends UsearchVectorIndex {
  readonly upserts = new Map<string, number>();

  override async upsert(scope: IndexScope, space: VectorSpace, items: VectorItem[]): Promise<void> {
    const keys = new Set(items.map((item) => `${scope.tenantId}/${item.sourceId}`));
    for (const key of keys) this.upserts.set(key, (this.upserts.get(key) ?? 0) + 1);
    await super.upsert(scope, space, items);
  }
}

/** Stores `count` small batches `b0` … as an upload would, leaving them queued (test helper). */
export async function storeQueuedBatches(
  batches: RawBatchStore,
  store: RawVectorStore,
  scope: IndexScope,
  count: number,
): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `b${i}`);
  for (const [i, id] of ids.entries()) {
    const vectors = Float32Array.from({ length: 3 * 4 }, (_, j) => 1 + Math.sin(i * 17 + j));
    await store.write(scope, id, 4, vectors);
    await batches.replace(scope, id, { dimension: 4, rowCount: 3 });
  }
  return ids;
}
