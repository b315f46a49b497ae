import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { ChunkInput, ChunkKind, SourceInfo } from '@trove/contracts';
import { ChunkStore, ScannedChunk } from './chunk-store';
import { IndexScope } from './index-scope';

/** What the tenant-wide cases need of the suite that runs them (describeChunkStore). */
export interface ChunkStoreSuite {
  /** The suite's store, opened and migrated by its `before`. */
  store(): ChunkStore;
  /** A scope of a tenant of its own unless `tenantId` is given. */
  newScope(subTenantId?: string, tenantId?: string): IndexScope;
}

export const CREATED = '2024-03-01T10:00:00.000Z';
export const UPDATED = '2024-05-06T07:08:09.123Z';

/** A source of type `document` with fixed timestamps (CREATED, UPDATED). */
export function source(sourceId: string, extra: Partial<SourceInfo> = {}): SourceInfo {
  return { source_id: sourceId, source_type: 'document', created_at: CREATED, updated_at: UPDATED, ...extra };
}

/** `count` chunks `<prefix>-0` … at positions 0 …, original unless `kinds` says otherwise. */
export function chunks(prefix: string, count: number, kinds?: (i: number) => ChunkKind): ChunkInput[] {
  return Array.from({ length: count }, (_, i) => ({
    chunk_uuid: `${prefix}-${i}`,
    position: i,
    text: `Chunk ${i} of ${prefix}.`,
    start: i * 100,
    kind: kinds ? kinds(i) : 'original',
  }));
}

/**
 * The ChunkStore contract's cases on reads across a tenant (counts, tenants, the re-embedding
 * scan), run inside describeChunkStore (chunk-store.contract.ts), which holds the cases on
 * writes and scoped reads.
 */
export function tenantReadCases(suite: ChunkStoreSuite): void {
  const { newScope } = suite;
  let store: ChunkStore;
  const put = (scope: IndexScope, sourceInfo: SourceInfo, list: ChunkInput[]): Promise<void> =>
    store.replaceSources([{ scope, source: sourceInfo, chunks: list }]);

  before(() => {
    store = suite.store();
  });

  it('counts chunks per sub-tenant, and distinct sources of each type', async () => {
    const tenantId = `t-${randomUUID()}`;
    const main = newScope('main', tenantId);
    // Sub-tenant ids come from users: a name Object.prototype has must count like any other.
    const odd = newScope('__proto__', tenantId);
    await put(main, source('d1'), chunks('d1', 3));
    await put(main, source('d2'), chunks('d2', 1));
    await put(main, source('m1', { source_type: 'memory' }), chunks('m1', 2));
    await put(odd, source('d1'), chunks('d1', 1));
    await put(newScope('main'), source('elsewhere'), chunks('e', 5));
    const counts = await store.countBySubTenant(tenantId);
    assert.ok(counts instanceof Map);
    assert.deepEqual(
      [...counts].sort(([a], [b]) => a.localeCompare(b)),
      [
        ['__proto__', { chunks: 1, sourcesByType: { document: 1 } }],
        ['main', { chunks: 6, sourcesByType: { document: 2, memory: 1 } }],
      ],
    );
    assert.equal(await store.countTenant(tenantId), 7);
    assert.equal((await store.countBySubTenant(`t-${randomUUID()}`)).size, 0);
    assert.equal(await store.countTenant(`t-${randomUUID()}`), 0);
  });

  it('lists the tenants that have chunks, and forgets one left with none', async () => {
    const kept = newScope();
    const emptied = newScope();
    await put(kept, source('s'), chunks('s', 1));
    await put(emptied, source('s'), chunks('s', 1));
    let tenants = await store.tenantIds();
    assert.ok(tenants.includes(kept.tenantId) && tenants.includes(emptied.tenantId));
    assert.equal(tenants.length, new Set(tenants).size, 'each tenant once');
    await store.deleteSubTenant(emptied);
    tenants = await store.tenantIds();
    assert.ok(tenants.includes(kept.tenantId));
    assert.ok(!tenants.includes(emptied.tenantId));
  });

  it("scans a tenant's chunks in (sub-tenant, chunk id) order, page after page, each once", async () => {
    const tenantId = `t-${randomUUID()}`;
    const b = newScope('b', tenantId);
    const a = newScope('a', tenantId);
    await put(b, source('s2', { source_type: 'memory' }), chunks('z', 3));
    await put(
      a,
      source('s1'),
      chunks('y', 4, (i) => (i === 1 ? 'inferred' : 'original')),
    );
    await put(a, source('s3'), chunks('x', 2));
    await put(newScope('a'), source('s1'), chunks('y', 4));
    const seen: ScannedChunk[] = [];
    let after: { subTenantId: string; chunkUuid: string } | null = null;
    for (;;) {
      const page = await store.scan(tenantId, after, 3);
      assert.ok(page.length <= 3);
      if (page.length === 0) break;
      seen.push(...page);
      const last = page[page.length - 1]!;
      after = { subTenantId: last.sub_tenant_id, chunkUuid: last.chunk_uuid };
    }
    assert.deepEqual(
      seen.map((c) => `${c.sub_tenant_id}/${c.chunk_uuid}`),
      ['a/x-0', 'a/x-1', 'a/y-0', 'a/y-1', 'a/y-2', 'a/y-3', 'b/z-0', 'b/z-1', 'b/z-2'],
    );
    assert.deepEqual(
      seen.find((c) => c.chunk_uuid === 'y-1'),
      {
        sub_tenant_id: 'a',
        chunk_uuid: 'y-1',
        source_id: 's1',
        source_type: 'document',
        kind: 'inferred',
        content: 'Chunk 1 of y.',
      },
    );
    assert.deepEqual(
      (await store.scan(tenantId, { subTenantId: 'a', chunkUuid: 'y-2' }, 10)).map((c) => c.chunk_uuid),
      ['y-3', 'z-0', 'z-1', 'z-2'],
    );
    assert.deepEqual(await store.scan(`t-${randomUUID()}`, null, 10), []);
  });
}
