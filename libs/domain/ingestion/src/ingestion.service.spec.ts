import { DomainError } from '@trove/contracts';
import { unpackBytes } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeDocx, makeEncryptedPdf, makePdf } from './testing/test-documents';
import { IngestionRig, openIngestionRig } from './testing/ingestion.test-rig';
import { blobKey } from './ports/blob-store';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => error instanceof DomainError && error.code === code);
}

describe('IngestionService on embedded adapters', () => {
  let rig: IngestionRig;

  before(async () => {
    rig = await openIngestionRig(new RecordingTransportClient(), { maxFileBytes: 200_000 });
    await rig.start();
  });
  after(() => rig.close());

  it('takes a text document through queued → completed and indexes its chunks under the source', async () => {
    const text = Array.from(
      { length: 60 },
      (_, i) => `Paragraph ${i} talks about quokkas and their island ${i}.`,
    ).join('\n\n');
    const id = await rig.upload('notes.txt', text, { file_id: 'notes' });
    assert.equal(id, 'notes');
    const status = await rig.settle(id);
    assert.equal(status.indexing_status, 'completed');
    assert.equal(status.error_code, undefined);
    const chunks = rig.search.chunksOf('t1', 't1', 'notes')!;
    assert.ok(chunks.length >= 2, `${chunks.length} chunks`);
    assert.deepEqual(
      chunks.map((c) => c.position),
      [...chunks.keys()],
    );
    assert.equal(chunks[0]!.chunk_uuid, 'notes_0');
    for (const chunk of chunks)
      assert.equal(text.slice(chunk.start, chunk.start + chunk.text.length), chunk.text);
    assert.deepEqual(
      status.progress && { total: status.progress.chunks_total, indexed: status.progress.chunks_indexed },
      {
        total: chunks.length,
        indexed: chunks.length,
      },
    );
    assert.equal(status.progress?.attempts, 1);
    assert.equal(status.progress?.size_bytes, Buffer.byteLength(text));
    const indexed = rig.search.sources.get('t1/t1/notes')!.source;
    assert.equal(indexed.source_type, 'document');
    assert.equal(indexed.title, 'notes.txt');
  });

  it('reads every format and fills the source record of each', async () => {
    const files: [string, Uint8Array | string, string][] = [
      ['a.md', '# Heading\n\nSome *markdown* text about otters.', 'markdown'],
      [
        'b.html',
        '<!doctype html><html><head><title>Otter page</title></head><body><p>Otters hold hands while sleeping.</p></body></html>',
        'html',
      ],
      ['c.csv', 'name,animal\nAda,otter\nBob,beaver\n', 'csv'],
      ['d.pdf', await makePdf([['Sea otters use rocks as tools.']], 'Otter PDF'), 'pdf'],
      ['e.docx', await makeDocx('Otters', ['Otters have dense fur.']), 'docx'],
    ];
    for (const [name, bytes] of files)
      await rig.upload(name, bytes, { file_id: name.replace('.', '-'), sub: 'formats' });
    const ids = files.map(([name]) => name.replace('.', '-'));
    for (const id of ids)
      assert.equal((await rig.settle(id, { sub: 'formats' })).indexing_status, 'completed', id);
    const listed = (
      await rig.queries.listById({ tenant_id: 't1', sub_tenant_id: 'formats', source_ids: ids })
    ).sources;
    assert.deepEqual(
      listed.map((s) => s.id),
      ids,
    );
    for (const [i, view] of listed.entries()) {
      assert.equal(view.meta['format'], files[i]![2]);
      assert.match(view.content.text, /otter|Otter/);
      assert.equal(view.type, 'document');
      assert.equal(view.content.files[0]?.file_name, files[i]![0]);
      assert.ok(!Number.isNaN(Date.parse(view.timestamp)));
    }
    const [md, html, csv, pdf] = listed;
    assert.match(md!.content.markdown, /^# Heading/);
    assert.equal(html!.title, 'Otter page');
    assert.match(Buffer.from(html!.content.html_base64, 'base64').toString(), /hold hands/);
    assert.equal(
      Buffer.from(csv!.content.csv_base64, 'base64').toString(),
      'name,animal\nAda,otter\nBob,beaver\n',
    );
    assert.equal(pdf!.title, 'Otter PDF');
    assert.equal(pdf!.meta['page_count'], 1);
  });

  it('ends unreadable files errored with a precise code, and keeps serving', async () => {
    const cases: [string, Uint8Array | string, string][] = [
      ['image.png', PNG, 'UNSUPPORTED_FILE_TYPE'],
      ['fake.pdf', 'this is not a pdf', 'INVALID_FILE_FORMAT'],
      ['blank.txt', '   \n  ', 'EMPTY_CONTENT'],
      ['big.txt', 'x'.repeat(250_000), 'FILE_TOO_LARGE'],
      ['locked.pdf', await makeEncryptedPdf(), 'ENCRYPTED_FILE'],
    ];
    for (const [name, bytes, code] of cases) {
      const id = await rig.upload(name, bytes, { sub: 'bad' });
      const status = await rig.settle(id, { sub: 'bad' });
      assert.equal(status.indexing_status, 'errored', name);
      assert.equal(status.error_code, code, name);
      assert.ok(status.error_message, name);
      assert.equal(rig.search.chunksOf('t1', 'bad', id), undefined);
    }
    const ok = await rig.upload('fine.txt', 'Still working after all of that.', { sub: 'bad' });
    assert.equal((await rig.settle(ok, { sub: 'bad' })).indexing_status, 'completed');
  });

  it('replaces a source uploaded again under its id: blob, record and chunks, idempotently', async () => {
    await rig.upload('v1.txt', 'The first version mentions walruses.', { file_id: 'doc', sub: 'replace' });
    await rig.settle('doc', { sub: 'replace' });
    const [first] = (
      await rig.queries.listById({ tenant_id: 't1', sub_tenant_id: 'replace', source_ids: ['doc'] })
    ).sources;
    for (let i = 0; i < 2; i++) {
      await rig.upload('v2.txt', 'The second version mentions narwhals only.', {
        file_id: 'doc',
        sub: 'replace',
      });
      assert.equal((await rig.settle('doc', { sub: 'replace' })).indexing_status, 'completed');
    }
    const chunks = rig.search.chunksOf('t1', 'replace', 'doc')!;
    assert.deepEqual(
      chunks.map((c) => c.text),
      ['The second version mentions narwhals only.'],
    );
    const listed = (await rig.queries.list({ tenant_id: 't1', sub_tenant_id: 'replace', limit: 10 })).sources;
    assert.equal(listed.length, 1);
    assert.equal(listed[0]!.content.files[0]!.file_name, 'v2.txt');
    assert.equal(listed[0]!.meta['created_at'], first!.meta['created_at']);
    const blob = await rig.blobs.get(blobKey('t1', 'replace', 'doc'));
    assert.match(blob!.bytes.toString(), /narwhals/);
    // A replacement that cannot be read leaves nothing of the old content searchable.
    await rig.upload('v3.png', PNG, { file_id: 'doc', sub: 'replace' });
    assert.equal((await rig.settle('doc', { sub: 'replace' })).error_code, 'UNSUPPORTED_FILE_TYPE');
    assert.equal(rig.search.chunksOf('t1', 'replace', 'doc'), undefined);
  });

  it('answers null status for an unknown id, and keeps tenants and sub-tenants apart', async () => {
    await rig.upload('secret.txt', 'Tenant one secret about moles.', { file_id: 'secret', tenant: 'iso-a' });
    await rig.settle('secret', { tenant: 'iso-a' });
    const other = { tenant_id: 'iso-b', sub_tenant_id: 'iso-b' };
    assert.deepEqual(await rig.service.processingStatus({ ...other, file_id: 'secret' }), { status: null });
    assert.deepEqual(
      await rig.service.processingStatus({
        tenant_id: 'iso-a',
        sub_tenant_id: 'elsewhere',
        file_id: 'secret',
      }),
      {
        status: null,
      },
    );
    assert.deepEqual((await rig.queries.listById({ ...other, source_ids: ['secret'] })).sources, []);
    assert.equal((await rig.queries.list({ ...other, limit: 10 })).total, 0);
    await rejectsWith(
      rig.queries.fetchContent({ ...other, source_id: 'secret', mode: 'content', expiry_seconds: 60 }),
      'SOURCE_NOT_FOUND',
    );
    const deleted = await rig.service.deleteSources({ ...other, source_ids: ['secret'] });
    assert.deepEqual(deleted, {
      deleted_count: 0,
      results: [{ source_id: 'secret', deleted: false, error: 'Source not found' }],
    });
    assert.ok(rig.search.chunksOf('iso-a', 'iso-a', 'secret'));
    assert.equal(
      (await rig.service.processingStatus({ tenant_id: 'iso-a', sub_tenant_id: 'iso-a', file_id: 'secret' }))
        .status?.indexing_status,
      'completed',
    );
  });

  it('deletes sources from every store, and a deleted source is never returned again', async () => {
    const scope = { tenant_id: 't1', sub_tenant_id: 'del' };
    for (const id of ['d1', 'd2', 'keep'])
      await rig.upload(`${id}.txt`, `Text of ${id} about badgers.`, { file_id: id, sub: 'del' });
    for (const id of ['d1', 'd2', 'keep']) await rig.settle(id, { sub: 'del' });
    const result = await rig.service.deleteSources({ ...scope, source_ids: ['d1', 'nope', 'd2'] });
    assert.equal(result.deleted_count, 2);
    assert.deepEqual(
      result.results.map((r) => r.deleted),
      [true, false, true],
    );
    for (const id of ['d1', 'd2']) {
      assert.equal(rig.search.chunksOf('t1', 'del', id), undefined);
      assert.equal(await rig.blobs.get(blobKey('t1', 'del', id)), undefined);
      assert.deepEqual(await rig.service.processingStatus({ ...scope, file_id: id }), { status: null });
      await rejectsWith(
        rig.queries.fetchContent({ ...scope, source_id: id, mode: 'both', expiry_seconds: 60 }),
        'SOURCE_NOT_FOUND',
      );
    }
    const listed = (await rig.queries.list({ ...scope, limit: 10 })).sources;
    assert.deepEqual(
      listed.map((s) => s.id),
      ['keep'],
    );
    assert.ok(rig.search.chunksOf('t1', 'del', 'keep'));
    await rejectsWith(rig.service.deleteSources({ ...scope, source_ids: [] }), 'VALIDATION_ERROR');
  });

  it('erases a deleted sub-tenant: records, jobs and blobs, and nothing of its neighbours', async () => {
    await rig.upload('gone.txt', 'Sub-tenant text about voles.', { file_id: 'gone', sub: 'doomed' });
    await rig.upload('stays.txt', 'Neighbour text about voles.', { file_id: 'stays', sub: 'neighbour' });
    await rig.settle('gone', { sub: 'doomed' });
    await rig.settle('stays', { sub: 'neighbour' });
    await rig.service.deleteSubTenant('t1', 'doomed');
    assert.equal((await rig.queries.list({ tenant_id: 't1', sub_tenant_id: 'doomed', limit: 10 })).total, 0);
    assert.deepEqual(
      await rig.service.processingStatus({ tenant_id: 't1', sub_tenant_id: 'doomed', file_id: 'gone' }),
      { status: null },
    );
    assert.equal(await rig.blobs.get(blobKey('t1', 'doomed', 'gone')), undefined);
    assert.equal(
      (await rig.queries.list({ tenant_id: 't1', sub_tenant_id: 'neighbour', limit: 10 })).total,
      1,
    );
    const counts = await rig.service.counts('t1');
    assert.equal(counts.by_sub_tenant['neighbour']?.sources, 1);
    assert.equal(counts.by_sub_tenant['doomed'], undefined);
  });

  it('pages through sources with an opaque cursor', async () => {
    const scope = { tenant_id: 't1', sub_tenant_id: 'paged' };
    for (let i = 0; i < 25; i++)
      await rig.upload(`p${i}.txt`, `Page test ${i}`, {
        file_id: `p${String(i).padStart(2, '0')}`,
        sub: 'paged',
      });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await rig.queries.list({ ...scope, limit: 10, ...(cursor ? { cursor } : {}) });
      assert.equal(page.total, 25);
      seen.push(...page.sources.map((s) => s.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.equal(new Set(seen).size, 25);
    await rejectsWith(rig.queries.list({ ...scope, limit: 10, cursor: 'garbage' }), 'VALIDATION_ERROR');
    await rejectsWith(rig.queries.list({ ...scope, limit: 0 }), 'VALIDATION_ERROR');
  });

  it('fetches text as content and binaries as base64; the embedded store leaves link signing to the gateway', async () => {
    const scope = { tenant_id: 't1', sub_tenant_id: 'fetch' };
    await rig.upload('hello.txt', 'Grüße aus Köln', { file_id: 'txt', sub: 'fetch' });
    await rig.upload('doc.pdf', await makePdf([['pdf body']]), { file_id: 'pdf', sub: 'fetch' });
    const text = await rig.queries.fetchContent({
      ...scope,
      source_id: 'txt',
      mode: 'both',
      expiry_seconds: 3600,
    });
    assert.equal(text.binary, false);
    assert.equal(Buffer.from(await unpackBytes(rig.stash, text.content!)).toString(), 'Grüße aus Köln');
    assert.equal(text.presigned_url, undefined);
    assert.equal(text.file_name, 'hello.txt');
    const pdf = await rig.queries.fetchContent({
      ...scope,
      source_id: 'pdf',
      mode: 'content',
      expiry_seconds: 60,
    });
    assert.equal(pdf.binary, true);
    assert.equal(
      Buffer.from(await unpackBytes(rig.stash, pdf.content!))
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    const url = await rig.queries.fetchContent({
      ...scope,
      source_id: 'pdf',
      mode: 'url',
      expiry_seconds: 60,
    });
    assert.equal(url.content, undefined);
    for (const expiry_seconds of [59, 604_801]) {
      await rejectsWith(
        rig.queries.fetchContent({ ...scope, source_id: 'pdf', mode: 'url', expiry_seconds }),
        'VALIDATION_ERROR',
      );
    }
  });

  it('refuses malformed requests with VALIDATION_ERROR before storing anything', async () => {
    await rejectsWith(rig.upload('x.txt', 'x', { file_id: 'bad id!' }), 'VALIDATION_ERROR');
    await rejectsWith(
      rig.service.upsertWebpage({
        tenant_id: 't1',
        sub_tenant_id: 't1',
        source_id: 'w',
        web_url: 'ftp://example.com/',
      }),
      'VALIDATION_ERROR',
    );
    await rejectsWith(
      rig.service.processingStatus({ tenant_id: 't1', sub_tenant_id: 't1', file_id: '' }),
      'VALIDATION_ERROR',
    );
  });
});
