import { SourceRecordView } from '@trove/contracts';
import { RecordingTransportClient } from '@trove/testing';
import assert from 'node:assert/strict';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { IngestionRig, openIngestionRig, sleep, until } from '../testing/ingestion.test-rig';
import { blobKey } from '../ports/blob-store';

describe('ingestion pipeline: retries, races and restarts', () => {
  let rig: IngestionRig;

  before(async () => {
    rig = await openIngestionRig(new RecordingTransportClient(), { maxAttempts: 3 });
    await rig.start();
  });
  after(() => rig.close());

  it('retries a failed indexing call and completes, counting the attempts', async () => {
    rig.search.failNext = 2;
    const id = await rig.upload('retry.txt', 'Retried until the search service answers.', { sub: 'retry' });
    const status = await rig.settle(id, { sub: 'retry' });
    assert.equal(status.indexing_status, 'completed');
    assert.equal(status.progress?.attempts, 3);
    assert.ok(rig.search.chunksOf('t1', 'retry', id));
  });

  it('ends errored with INDEXING_FAILED when the search service keeps failing', async () => {
    rig.search.failNext = 100;
    try {
      const id = await rig.upload('down.txt', 'The search service is down for good.', { sub: 'retry' });
      const status = await rig.settle(id, { sub: 'retry' });
      assert.equal(status.indexing_status, 'errored');
      assert.equal(status.error_code, 'INDEXING_FAILED');
      assert.match(status.error_message ?? '', /Gave up after 3 attempts: .*search is down/);
    } finally {
      rig.search.failNext = 0;
    }
  });

  it('indexes a long document’s chunks in one request (the transport sends a large one as a claim check)', async () => {
    const text = Array.from(
      { length: 15_000 },
      (_, i) => `Sentence number ${i} is about the long document.`,
    ).join(' ');
    const id = await rig.upload('long.txt', text, { sub: 'long' });
    assert.equal((await rig.settle(id, { sub: 'long' })).indexing_status, 'completed');
    const sent = rig.transport as RecordingTransportClient;
    const request = sent.sent.filter((m) => m.pattern === 'search.chunks.index').at(-1)!.payload as Record<
      string,
      unknown
    >;
    const indexed = rig.search.chunksOf('t1', 'long', id)!;
    assert.ok(indexed.length > 100);
    assert.equal((request['chunks'] as unknown[]).length, indexed.length, 'every chunk in the one request');
    assert.ok(JSON.stringify(request).length > 768 * 1024, 'larger than the transport sends inline');
  });

  it('an upload that lands while an older one is indexing wins, whatever the order of completion', async () => {
    let release!: () => void;
    const before = rig.search.indexCalls;
    rig.search.gate = new Promise<void>((resolve) => (release = resolve));
    await rig.upload('old.txt', 'The old text about herons.', { file_id: 'race', sub: 'race' });
    await until(() => rig.search.indexCalls > before);
    await rig.upload('new.txt', 'The new text about egrets.', { file_id: 'race', sub: 'race' });
    rig.search.gate = undefined;
    release();
    const status = await rig.settle('race', { sub: 'race' });
    assert.equal(status.indexing_status, 'completed');
    assert.deepEqual(
      rig.search.chunksOf('t1', 'race', 'race')!.map((c) => c.text),
      ['The new text about egrets.'],
    );
  });

  it('a source deleted while it is being indexed leaves no chunks behind', async () => {
    let release!: () => void;
    const before = rig.search.indexCalls;
    rig.search.gate = new Promise<void>((resolve) => (release = resolve));
    await rig.upload('doomed.txt', 'Soon deleted text about cranes.', { file_id: 'doomed', sub: 'race' });
    await until(() => rig.search.indexCalls > before);
    const result = await rig.service.deleteSources({
      tenant_id: 't1',
      sub_tenant_id: 'race',
      source_ids: ['doomed'],
    });
    assert.equal(result.deleted_count, 1);
    rig.search.gate = undefined;
    release();
    await until(
      async () =>
        (await rig.jobs.get({ tenant_id: 't1', sub_tenant_id: 'race', source_id: 'doomed' })) === undefined,
    );
    assert.equal(rig.search.chunksOf('t1', 'race', 'doomed'), undefined);
  });

  it('queues a job again when its message was lost (the reconciler)', async () => {
    await rig.queue.stop();
    try {
      await rig.upload('lost.txt', 'This message never reached a worker.', { file_id: 'lost', sub: 'lost' });
      await rig.db.query("UPDATE ingestion.queue SET done_at = now() WHERE payload->>'source_id' = 'lost'");
    } finally {
      await rig.queue.start(rig.worker);
    }
    await sleep(300);
    const key = { tenant_id: 't1', sub_tenant_id: 'lost', source_id: 'lost' };
    assert.equal((await rig.jobs.get(key))?.status, 'queued');
    assert.equal(await rig.reconciler.runOnce(new Date(Date.now() + 5000)), 1);
    assert.equal((await rig.settle('lost', { sub: 'lost' })).indexing_status, 'completed');
  });
});

describe('ingestion pipeline: a restart resumes unfinished jobs', () => {
  it('completes jobs queued before the process stopped', async () => {
    const first = await openIngestionRig(new RecordingTransportClient());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await first.upload(`r${i}.txt`, `Resumed document ${i}.`, { file_id: `r${i}` }));
    await first.close(true);
    const second = await openIngestionRig(new RecordingTransportClient(), { dataDir: first.dataDir });
    try {
      await second.start();
      for (const id of ids) assert.equal((await second.settle(id)).indexing_status, 'completed');
      for (const id of ids) assert.equal(second.search.chunksOf('t1', 't1', id)?.length, 1);
    } finally {
      await second.close();
    }
  });
});

describe('ingestion pipeline: web pages', () => {
  let rig: IngestionRig;
  let server: Server;
  let base: string;

  before(async () => {
    server = createServer((request, response) => {
      if (request.url === '/article') {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          '<html><head><title>Fetched article</title></head><body><p>Puffins nest in burrows.</p></body></html>',
        );
      } else if (request.url === '/image') {
        response.setHeader('content-type', 'image/png');
        response.end(Buffer.alloc(100));
      } else if (request.url === '/slow') {
        setTimeout(() => response.end('<p>late</p>'), 5000);
      } else if (request.url === '/huge') {
        response.setHeader('content-type', 'text/html');
        response.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    rig = await openIngestionRig(new RecordingTransportClient(), {
      allowedNetworks: ['127.0.0.1/32'],
      fetchTimeoutMs: 1500,
    });
    await rig.start();
  });
  after(async () => {
    await rig.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const upsert = (source_id: string, web_url: string, extra: { html?: string; title?: string } = {}) =>
    rig.service.upsertWebpage({ tenant_id: 't1', sub_tenant_id: 't1', source_id, web_url, ...extra });

  it('indexes the given html without fetching, and keeps it as html_base64', async () => {
    await upsert('given', 'https://example.invalid/page', {
      html: '<html><body><p>Given page about gannets.</p></body></html>',
      title: 'Mine',
    });
    assert.equal((await rig.settle('given')).indexing_status, 'completed');
    const [view] = (
      await rig.queries.listById({ tenant_id: 't1', sub_tenant_id: 't1', source_ids: ['given'] })
    ).sources as SourceRecordView[];
    assert.equal(view!.type, 'webpage');
    assert.equal(view!.title, 'Mine');
    assert.equal(view!.url, 'https://example.invalid/page');
    assert.match(Buffer.from(view!.content.html_base64, 'base64').toString(), /gannets/);
    assert.match(view!.content.text, /gannets/);
  });

  it('fetches the page itself, stores it, and upserts on source_id', async () => {
    await upsert('fetched', `${base}/article`);
    assert.equal((await rig.settle('fetched')).indexing_status, 'completed');
    const [view] = (
      await rig.queries.listById({ tenant_id: 't1', sub_tenant_id: 't1', source_ids: ['fetched'] })
    ).sources as SourceRecordView[];
    assert.equal(view!.title, 'Fetched article');
    assert.match(view!.content.markdown, /Puffins/);
    assert.ok(await rig.blobs.get(blobKey('t1', 't1', 'fetched')));
    await upsert('fetched', `${base}/article`, { html: '<p>Replaced by hand: guillemots.</p>' });
    await rig.settle('fetched');
    assert.deepEqual(
      rig.search.chunksOf('t1', 't1', 'fetched')!.map((c) => c.text),
      ['Replaced by hand: guillemots.'],
    );
  });

  it('ends refused, slow, huge, non-HTML and missing pages errored with their codes', async () => {
    const cases: [string, string, string][] = [
      ['image', `${base}/image`, 'UNSUPPORTED_CONTENT_TYPE'],
      ['slow', `${base}/slow`, 'FETCH_TIMEOUT'],
      ['huge', `${base}/huge`, 'FILE_TOO_LARGE'],
      ['missing', `${base}/nothing`, 'FETCH_HTTP_ERROR'],
      ['private', 'http://10.1.2.3/', 'URL_NOT_ALLOWED'],
      ['loopback', 'http://127.0.0.2:1/', 'URL_NOT_ALLOWED'],
    ];
    for (const [id, url] of cases) await upsert(id, url);
    for (const [id, , code] of cases) {
      const status = await rig.settle(id);
      assert.equal(status.indexing_status, 'errored', id);
      assert.equal(status.error_code, code, id);
    }
  });
});
