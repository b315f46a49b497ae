import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { at, CONTENT, IngestionStoresHarness, sourceKey, upload } from '../testing/ingestion-stores.fixtures';
import { SourceStore } from './source-store';

/** The behaviour every SourceStore adapter must show (the ports/source-store.ts promises). */
export function describeSourceStore(name: string, open: () => Promise<IngestionStoresHarness>): void {
  describe(`SourceStore contract: ${name}`, () => {
    let harness: IngestionStoresHarness;
    let sources: SourceStore;

    before(async () => {
      harness = await open();
      sources = harness.sources;
    });
    after(() => harness.dispose());

    it('round-trips an upload: every field, a queued job, no content yet', async () => {
      const key = sourceKey('rt', 's1');
      const now = at('2026-01-01T10:00:00Z');
      const saved = await sources.saveUpload(upload(key), now);
      assert.equal(saved.replaced, false);
      assert.ok(saved.revision > 0);
      const record = await sources.get(key);
      assert.ok(record);
      assert.deepEqual(
        {
          ...record,
          created_at: record.created_at.toISOString(),
          updated_at: record.updated_at.toISOString(),
        },
        {
          ...upload(key),
          extracted_title: '',
          format: null,
          text: '',
          markdown: '',
          page_count: null,
          revision: saved.revision,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          status: 'queued',
          chunks_total: 0,
        },
      );
      assert.equal(await sources.get(sourceKey('rt', 'missing')), undefined);
    });

    it('replaces an upload: a newer revision, created_at kept, extracted content cleared', async () => {
      const key = sourceKey('replace', 's1');
      const first = await sources.saveUpload(upload(key), at('2026-01-01T10:00:00Z'));
      assert.equal(await sources.saveContent(key, first.revision, CONTENT, at('2026-01-01T10:01:00Z')), true);
      const second = await sources.saveUpload(
        upload(key, { title: 'Renamed', file_name: 'b.txt', size_bytes: 9, document_metadata: {} }),
        at('2026-01-02T10:00:00Z'),
      );
      assert.equal(second.replaced, true);
      assert.ok(second.revision > first.revision);
      const record = await sources.get(key);
      assert.equal(record?.revision, second.revision);
      assert.equal(record?.title, 'Renamed');
      assert.equal(record?.file_name, 'b.txt');
      assert.equal(record?.size_bytes, 9);
      assert.deepEqual(record?.document_metadata, {});
      assert.equal(record?.created_at.toISOString(), '2026-01-01T10:00:00.000Z');
      assert.equal(record?.updated_at.toISOString(), '2026-01-02T10:00:00.000Z');
      assert.equal(record?.extracted_title, '');
      assert.equal(record?.format, null);
      assert.equal(record?.text, '');
      assert.equal(record?.markdown, '');
      assert.equal(record?.page_count, null);
    });

    it('gives every upload of any source a larger revision', async () => {
      const revisions: number[] = [];
      for (const id of ['a', 'b', 'a', 'c']) {
        revisions.push(
          (await sources.saveUpload(upload(sourceKey('rev', id)), at('2026-01-01T00:00:00Z'))).revision,
        );
      }
      assert.deepEqual(
        revisions,
        [...revisions].sort((x, y) => x - y),
      );
      assert.equal(new Set(revisions).size, revisions.length);
    });

    it('saves the content of the current revision only', async () => {
      const key = sourceKey('content', 's1');
      const old = await sources.saveUpload(upload(key), at('2026-01-01T00:00:00Z'));
      const current = await sources.saveUpload(upload(key), at('2026-01-01T00:01:00Z'));
      assert.equal(await sources.saveContent(key, old.revision, CONTENT, at('2026-01-01T00:02:00Z')), false);
      assert.equal((await sources.get(key))?.text, '');
      assert.equal(
        await sources.saveContent(key, current.revision, CONTENT, at('2026-01-01T00:03:00Z')),
        true,
      );
      const record = await sources.get(key);
      assert.equal(record?.extracted_title, 'Report Q1');
      assert.equal(record?.format, 'pdf');
      assert.equal(record?.text, 'Revenue grew.');
      assert.equal(record?.markdown, '# Revenue grew.');
      assert.equal(record?.page_count, 3);
      assert.equal(record?.size_bytes, 1234, 'kept: nothing was fetched');
      assert.equal(record?.updated_at.toISOString(), '2026-01-01T00:03:00.000Z');
      assert.equal(
        await sources.saveContent(sourceKey('content', 'missing'), 1, CONTENT, at('2026-01-01T00:04:00Z')),
        false,
      );
    });

    it('records a fetched page: its content type, size, and that a blob now exists', async () => {
      const key = sourceKey('fetched', 'page');
      const page = upload(key, {
        type: 'webpage',
        url: 'https://example.com/',
        has_blob: false,
        size_bytes: 0,
        content_type: '',
      });
      const { revision } = await sources.saveUpload(page, at('2026-01-01T00:00:00Z'));
      const fetched = { url: 'https://example.com/', content_type: 'text/html', size_bytes: 77 };
      const content = { ...CONTENT, format: 'html', content_type: 'text/html', page_count: null, fetched };
      assert.equal(await sources.saveContent(key, revision, content, at('2026-01-01T00:01:00Z')), true);
      const record = await sources.get(key);
      assert.equal(record?.has_blob, true);
      assert.equal(record?.size_bytes, 77);
      assert.equal(record?.content_type, 'text/html');
      assert.equal(record?.page_count, null);
    });

    it('keeps tenants and sub-tenants apart', async () => {
      const now = at('2026-01-01T00:00:00Z');
      await sources.saveUpload(upload(sourceKey('iso-a', 'same'), { title: 'a/a' }), now);
      await sources.saveUpload(upload(sourceKey('iso-a', 'same', 'team'), { title: 'a/team' }), now);
      await sources.saveUpload(upload(sourceKey('iso-b', 'same', 'iso-a'), { title: 'b/a' }), now);
      assert.equal((await sources.get(sourceKey('iso-a', 'same')))?.title, 'a/a');
      assert.equal((await sources.get(sourceKey('iso-a', 'same', 'team')))?.title, 'a/team');
      assert.equal((await sources.get(sourceKey('iso-b', 'same', 'iso-a')))?.title, 'b/a');
      assert.deepEqual(
        (await sources.getMany('iso-a', 'team', ['same'])).map((s) => s.title),
        ['a/team'],
      );
      assert.deepEqual(
        (await sources.list('iso-a', 'iso-a', 10)).map((s) => s.title),
        ['a/a'],
      );
      assert.equal(await sources.count('iso-a', 'iso-a'), 1);
      assert.deepEqual(await sources.delete('iso-a', 'team', ['same'], now), ['same']);
      assert.equal((await sources.get(sourceKey('iso-a', 'same')))?.title, 'a/a');
      assert.equal((await sources.get(sourceKey('iso-b', 'same', 'iso-a')))?.title, 'b/a');
      await sources.deleteSubTenant('iso-a', 'iso-a', now);
      assert.equal((await sources.get(sourceKey('iso-b', 'same', 'iso-a')))?.title, 'b/a');
    });

    it('gets many by id: only those that exist, none for no ids', async () => {
      const now = at('2026-01-01T00:00:00Z');
      await sources.saveUpload(upload(sourceKey('many', 'x')), now);
      await sources.saveUpload(upload(sourceKey('many', 'y')), now);
      const found = await sources.getMany('many', 'many', ['y', 'nope', 'x', 'x']);
      assert.deepEqual(found.map((s) => s.source_id).sort(), ['x', 'y']);
      assert.deepEqual(await sources.getMany('many', 'many', []), []);
    });

    it('lists in (created_at, source_id) order, page by page, a replaced source keeping its place', async () => {
      const put = (id: string, iso: string) => sources.saveUpload(upload(sourceKey('list', id)), at(iso));
      await put('c', '2026-01-01T00:00:02Z');
      await put('b', '2026-01-01T00:00:01Z');
      await put('a', '2026-01-01T00:00:02Z');
      await put('d', '2026-01-01T00:00:00Z');
      await put('b', '2026-01-05T00:00:00Z');
      const all = await sources.list('list', 'list', 10);
      assert.deepEqual(
        all.map((s) => s.source_id),
        ['d', 'b', 'a', 'c'],
      );
      const first = await sources.list('list', 'list', 2);
      assert.deepEqual(
        first.map((s) => s.source_id),
        ['d', 'b'],
      );
      const last = first[first.length - 1]!;
      const rest = await sources.list('list', 'list', 2, {
        created_at: last.created_at,
        source_id: last.source_id,
      });
      assert.deepEqual(
        rest.map((s) => s.source_id),
        ['a', 'c'],
      );
      const after = await sources.list('list', 'list', 2, {
        created_at: at('2026-01-01T00:00:02Z'),
        source_id: 'a',
      });
      assert.deepEqual(
        after.map((s) => s.source_id),
        ['c'],
      );
      assert.deepEqual(await sources.list('list', 'empty', 10), []);
    });

    it('counts per sub-tenant', async () => {
      const now = at('2026-01-01T00:00:00Z');
      for (const [sub, id] of [
        ['one', 'a'],
        ['one', 'b'],
        ['two', 'a'],
        ['one', 'a'],
      ] as const) {
        await sources.saveUpload(upload(sourceKey('count', id, sub)), now);
      }
      assert.equal(await sources.count('count', 'one'), 2);
      assert.equal(await sources.count('count', 'two'), 1);
      assert.equal(await sources.count('count', 'none'), 0);
      assert.deepEqual(
        await sources.countBySubTenant('count'),
        new Map([
          ['one', 2],
          ['two', 1],
        ]),
      );
      assert.deepEqual(await sources.countBySubTenant('count-nobody'), new Map());
    });

    it('deletes records, returning the ids that existed, and makes their jobs tombstones', async () => {
      const now = at('2026-01-01T00:00:00Z');
      const { revision } = await sources.saveUpload(upload(sourceKey('del', 'a')), now);
      await sources.saveUpload(upload(sourceKey('del', 'b')), now);
      const removed = await sources.delete('del', 'del', ['a', 'missing'], at('2026-01-01T00:05:00Z'));
      assert.deepEqual(removed, ['a']);
      assert.equal(await sources.get(sourceKey('del', 'a')), undefined);
      assert.ok(await sources.get(sourceKey('del', 'b')));
      assert.equal(await sources.saveContent(sourceKey('del', 'a'), revision, CONTENT, now), false);
      const tombstone = await harness.jobs.get(sourceKey('del', 'a'));
      assert.equal(tombstone?.deleted, true);
      assert.equal(tombstone?.updated_at.toISOString(), '2026-01-01T00:05:00.000Z');
      assert.equal((await harness.jobs.get(sourceKey('del', 'b')))?.deleted, false);
      assert.deepEqual(await sources.delete('del', 'del', [], now), []);
      assert.deepEqual(await sources.delete('del', 'del', ['a'], now), []);
    });

    it('deletes a whole sub-tenant, tombstoning its jobs, and nothing else', async () => {
      const now = at('2026-01-01T00:00:00Z');
      await sources.saveUpload(upload(sourceKey('dsub', 'a')), now);
      await sources.saveUpload(upload(sourceKey('dsub', 'b')), now);
      await sources.saveUpload(upload(sourceKey('dsub', 'a', 'kept')), now);
      await sources.deleteSubTenant('dsub', 'dsub', now);
      assert.equal(await sources.count('dsub', 'dsub'), 0);
      assert.equal(await sources.count('dsub', 'kept'), 1);
      assert.equal((await harness.jobs.get(sourceKey('dsub', 'b')))?.deleted, true);
      assert.equal((await harness.jobs.get(sourceKey('dsub', 'a', 'kept')))?.deleted, false);
    });

    it('uploads again after a delete: a live record and a live, queued job', async () => {
      const key = sourceKey('again', 's');
      await sources.saveUpload(upload(key), at('2026-01-01T00:00:00Z'));
      await sources.delete('again', 'again', ['s'], at('2026-01-01T00:01:00Z'));
      const back = await sources.saveUpload(upload(key), at('2026-01-01T00:02:00Z'));
      assert.equal(back.replaced, false);
      assert.equal((await sources.get(key))?.created_at.toISOString(), '2026-01-01T00:02:00.000Z');
      const job = await harness.jobs.get(key);
      assert.equal(job?.deleted, false);
      assert.equal(job?.status, 'queued');
      assert.equal(job?.revision, back.revision);
    });

    it("shows its job's status and chunk count on the record", async () => {
      const key = sourceKey('status', 's');
      const { revision } = await sources.saveUpload(upload(key), at('2026-01-01T00:00:00Z'));
      const leaseUntil = at('2026-01-01T01:00:00Z');
      assert.ok(await harness.jobs.claim(key, 'w1', at('2026-01-01T00:00:01Z'), leaseUntil));
      assert.ok(
        await harness.jobs.update(key, revision, 'w1', { chunks_total: 5 }, at('2026-01-01T00:00:02Z')),
      );
      const record = await sources.get(key);
      assert.equal(record?.status, 'processing');
      assert.equal(record?.chunks_total, 5);
      const [listed] = await sources.list('status', 'status', 1);
      assert.equal(listed?.status, 'processing');
    });
  });
}
