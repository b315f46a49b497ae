import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ChunkInput, SourceInfo } from '@trove/contracts';
import { ChunkRecord, ChunkStore, SourceChunks } from './chunk-store';
import { chunks, CREATED, source, tenantReadCases, UPDATED } from './chunk-store.tenant-reads.contract';
import { IndexScope } from './index-scope';

/** One adapter over its storage (not yet migrated: the suite migrates it), and a second one. */
export interface ChunkStoreHarness {
  store: ChunkStore;
  /** A new instance over the same storage (another process, or the same one restarted). */
  another(): Promise<ChunkStore>;
  /** Closes what was opened and removes the storage. */
  dispose(): Promise<void>;
}
export type ChunkStoreFactory = () => Promise<ChunkStoreHarness>;

const ids = (records: { chunk_uuid: string }[]) => records.map((r) => r.chunk_uuid).sort();

/** The behaviour every ChunkStore adapter must show; run on PGlite and on PostgreSQL. */
export function describeChunkStore(name: string, open: ChunkStoreFactory): void {
  describe(`ChunkStore contract: ${name}`, () => {
    let harness: ChunkStoreHarness;
    let store: ChunkStore;
    // Every test has its own tenant, so the suite may share one server with other runs.
    const newScope = (subTenantId = 'main', tenantId = `t-${randomUUID()}`): IndexScope => ({
      tenantId,
      subTenantId,
    });
    const put = (scope: IndexScope, sourceInfo: SourceInfo, list: ChunkInput[]): Promise<void> =>
      store.replaceSources([{ scope, source: sourceInfo, chunks: list }]);

    before(async () => {
      harness = await open();
      store = harness.store;
      await store.migrate();
    });
    after(async () => {
      await store.close();
      await harness.dispose();
    });

    it('migrates again without harm, keeping what was stored', async () => {
      const scope = newScope();
      await put(scope, source('s'), chunks('s', 2));
      await store.migrate();
      await (await harness.another()).migrate();
      assert.deepEqual(ids(await store.getMany(scope, ['s-0', 's-1'])), ['s-0', 's-1']);
    });

    it('reads back every field of a chunk and its source, also from another instance', async () => {
      const scope = newScope();
      const info = source('doc', {
        source_type: 'webpage',
        title: 'Quarterly report',
        document_metadata: { lang: 'en', pages: 3, tags: ['a', 'b'], nested: { ok: true } },
        tenant_metadata: { team: 'finance' },
      });
      const input: ChunkInput = {
        chunk_uuid: 'c1',
        position: 4,
        text: 'Revenue grew.',
        start: 420,
        kind: 'inferred',
      };
      await put(scope, info, [input]);
      const expected: ChunkRecord = {
        chunk_uuid: 'c1',
        source_id: 'doc',
        source_type: 'webpage',
        source_title: 'Quarterly report',
        kind: 'inferred',
        position: 4,
        content: 'Revenue grew.',
        start_offset: 420,
        created_at: new Date(CREATED),
        updated_at: new Date(UPDATED),
        document_metadata: { lang: 'en', pages: 3, tags: ['a', 'b'], nested: { ok: true } },
        tenant_metadata: { team: 'finance' },
      };
      for (const reader of [store, await harness.another()]) {
        const [record] = await reader.getMany(scope, ['c1']);
        assert.ok(record?.created_at instanceof Date && record.updated_at instanceof Date);
        assert.deepEqual(record, expected);
      }
    });

    it('gives a source without title or metadata an empty title and empty metadata', async () => {
      const scope = newScope();
      await put(scope, source('bare'), chunks('bare', 1));
      const [record] = await store.getMany(scope, ['bare-0']);
      assert.equal(record?.source_title, '');
      assert.deepEqual(record?.document_metadata, {});
      assert.deepEqual(record?.tenant_metadata, {});
    });

    it('reads many chunks at once, skipping unknown ids, and nothing for no ids', async () => {
      const scope = newScope();
      await put(scope, source('a'), chunks('a', 5));
      assert.deepEqual(ids(await store.getMany(scope, ['a-4', 'nope', 'a-0', 'a-2'])), ['a-0', 'a-2', 'a-4']);
      assert.deepEqual(await store.getMany(scope, []), []);
      assert.deepEqual(await store.getMany(scope, ['nope']), []);
    });

    it("replaces a source's chunks whole: dropped ones go, kept ones change, other sources stay", async () => {
      const scope = newScope();
      await put(scope, source('a'), chunks('a', 4));
      await put(scope, source('b'), chunks('b', 2));
      await put(scope, source('a', { title: 'Renamed', updated_at: '2025-01-01T00:00:00.000Z' }), [
        { chunk_uuid: 'a-1', position: 0, text: 'New text.', start: 0, kind: 'original' },
        { chunk_uuid: 'a-9', position: 1, text: 'Another.', start: 9, kind: 'original' },
      ]);
      const a = await store.getMany(scope, ['a-0', 'a-1', 'a-2', 'a-3', 'a-9']);
      assert.deepEqual(ids(a), ['a-1', 'a-9']);
      const kept = a.find((r) => r.chunk_uuid === 'a-1')!;
      assert.deepEqual(
        [kept.content, kept.position, kept.source_title, kept.updated_at.toISOString()],
        ['New text.', 0, 'Renamed', '2025-01-01T00:00:00.000Z'],
      );
      assert.deepEqual(ids(await store.getMany(scope, ['b-0', 'b-1'])), ['b-0', 'b-1']);
    });

    it('leaves a source given no chunks with none, and replaces many sources in one call', async () => {
      const scope = newScope();
      const other = newScope('other', scope.tenantId);
      await put(scope, source('gone'), chunks('gone', 3));
      const batch: SourceChunks[] = [
        { scope, source: source('gone'), chunks: [] },
        { scope, source: source('x'), chunks: chunks('x', 2) },
        { scope: other, source: source('x'), chunks: chunks('x', 3) },
      ];
      await store.replaceSources(batch);
      await store.replaceSources([]);
      assert.deepEqual(await store.getMany(scope, ['gone-0', 'gone-1', 'gone-2']), []);
      assert.deepEqual(ids(await store.getMany(scope, ['x-0', 'x-1', 'x-2'])), ['x-0', 'x-1']);
      assert.deepEqual(ids(await store.getMany(other, ['x-0', 'x-1', 'x-2'])), ['x-0', 'x-1', 'x-2']);
    });

    it('writes the same batch twice to the same result', async () => {
      const scope = newScope();
      const batch: SourceChunks[] = [{ scope, source: source('s'), chunks: chunks('s', 3) }];
      await store.replaceSources(batch);
      const first = await store.getMany(scope, ['s-0', 's-1', 's-2']);
      await store.replaceSources(batch);
      const second = await store.getMany(scope, ['s-0', 's-1', 's-2']);
      const byId = (records: ChunkRecord[]) => [...records].sort((a, b) => a.position - b.position);
      assert.deepEqual(byId(second), byId(first));
      assert.equal(await store.countTenant(scope.tenantId), 3);
    });

    it('gives the original chunks of a source within a range of positions, bounds included', async () => {
      const scope = newScope();
      await put(
        scope,
        source('doc'),
        chunks('doc', 10, (i) => (i % 3 === 2 ? 'inferred' : 'original')),
      );
      await put(scope, source('next'), chunks('next', 10));
      const around = await store.range(scope, 'doc', 3, 7);
      assert.deepEqual(
        around.map((r) => r.position).sort((a, b) => a - b),
        [3, 4, 6, 7],
      );
      assert.ok(around.every((r) => r.source_id === 'doc' && r.kind === 'original'));
      assert.deepEqual(ids(await store.range(scope, 'doc', -5, 0)), ['doc-0']);
      assert.deepEqual(await store.range(scope, 'doc', 20, 30), []);
      assert.deepEqual(await store.range(scope, 'missing', 0, 10), []);
    });

    it('keeps the same source and chunk ids apart across tenants and sub-tenants', async () => {
      const a = newScope('shared');
      const b = newScope('shared');
      const a2 = newScope('second', a.tenantId);
      await put(a, source('s', { title: 'A' }), chunks('s', 3));
      await put(b, source('s', { title: 'B' }), chunks('s', 2));
      await put(a2, source('s', { title: 'A2' }), chunks('s', 1));
      const titles = async (scope: IndexScope) =>
        (await store.getMany(scope, ['s-0', 's-1', 's-2'])).map((r) => r.source_title);
      assert.deepEqual(await titles(a), ['A', 'A', 'A']);
      assert.deepEqual(await titles(b), ['B', 'B']);
      assert.deepEqual(await titles(a2), ['A2']);
      assert.deepEqual(ids(await store.range(b, 's', 0, 9)), ['s-0', 's-1']);
      // A replace in one scope touches no other.
      await put(a, source('s'), []);
      assert.deepEqual(await titles(b), ['B', 'B']);
      assert.deepEqual(await titles(a2), ['A2']);
      assert.equal(await store.deleteBySources(b, ['s']), 2);
      assert.deepEqual(await titles(a2), ['A2']);
      assert.equal(await store.countTenant(a.tenantId), 1);
    });

    it('deletes the chunks of some sources and counts them; nothing to delete counts 0', async () => {
      const scope = newScope();
      await put(scope, source('a'), chunks('a', 3));
      await put(scope, source('b'), chunks('b', 2));
      await put(scope, source('c'), chunks('c', 4));
      assert.equal(await store.deleteBySources(scope, ['a', 'c', 'missing']), 7);
      assert.equal(await store.deleteBySources(scope, ['a']), 0);
      assert.equal(await store.deleteBySources(scope, []), 0);
      assert.deepEqual(ids(await store.getMany(scope, ['a-0', 'b-0', 'b-1', 'c-0'])), ['b-0', 'b-1']);
    });

    it('deletes a whole sub-tenant and nothing else', async () => {
      const scope = newScope('doomed');
      const sibling = newScope('kept', scope.tenantId);
      const stranger = newScope('doomed');
      for (const s of [scope, sibling, stranger]) await put(s, source('s'), chunks('s', 2));
      await store.deleteSubTenant(scope);
      await store.deleteSubTenant(scope);
      assert.deepEqual(await store.getMany(scope, ['s-0', 's-1']), []);
      assert.deepEqual(ids(await store.getMany(sibling, ['s-0', 's-1'])), ['s-0', 's-1']);
      assert.deepEqual(ids(await store.getMany(stranger, ['s-0', 's-1'])), ['s-0', 's-1']);
    });

    it('counts every chunk of every tenant, and the count follows writes and deletes', async () => {
      // Other tests (and other runs on a shared server) leave chunks: only the difference counts.
      const before = await store.estimatedCount();
      const scope = newScope();
      const other = newScope();
      await put(scope, source('a'), chunks('a', 3));
      await put(other, source('a'), chunks('a', 2));
      assert.equal(await store.estimatedCount(), before + 5);
      await store.deleteBySources(scope, ['a']);
      assert.equal(await store.estimatedCount(), before + 2);
      await store.deleteSubTenant(other);
      assert.equal(await store.estimatedCount(), before);
    });

    tenantReadCases({ store: () => store, newScope });
  });
}
