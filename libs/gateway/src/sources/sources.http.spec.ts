import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DeleteIngestionSourcesRequest,
  DomainError,
  FetchContentRequest,
  FetchContentResult,
  IngestionPatterns,
  ListSourcesRequest,
  SourceRecordView,
} from '@trove/contracts';
import { packBytes } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import { DownloadLinks } from './download-links';
import { codeOf, GatewayRig, SIGNING_KEY, TENANT } from '../testing/gateway.test-rig';

function record(id: string): SourceRecordView {
  return {
    id,
    tenant_id: TENANT,
    sub_tenant_id: TENANT,
    title: id,
    type: 'document',
    description: '',
    note: '',
    url: '',
    timestamp: '2026-01-01T00:00:00.000Z',
    content: { text: 'x'.repeat(1000), html_base64: '', csv_base64: '', markdown: '', files: [], layout: [] },
    tenant_metadata: {},
    document_metadata: {},
    meta: {},
    attachments: [],
  };
}

const PDF = Buffer.from('%PDF-1.7\n\u0000\u00ff binary');

describe('source records, fetch and deletes over HTTP (gateway edge)', () => {
  const rig = new GatewayRig(new RecordingTransportClient());
  const detail = (answer: { body: Record<string, unknown> }) => answer.body['detail'] as { message: string };

  before(async () => {
    await rig.start();
    rig.transport
      .respond(IngestionPatterns.listSources, (p) => {
        const { cursor } = p as ListSourcesRequest;
        return cursor
          ? { sources: [record('b')], total: 2 }
          : { sources: [record('a')], total: 2, next_cursor: 'c1' };
      })
      .respond(IngestionPatterns.listSourcesById, (p) => {
        const ids = (p as { source_ids: string[] }).source_ids.filter((id) => id !== 'missing');
        return { sources: ids.map(record), total: ids.length };
      })
      .respond(IngestionPatterns.deleteSources, (p) => {
        const ids = (p as DeleteIngestionSourcesRequest).source_ids;
        const results = ids.map((id) =>
          id === 'missing'
            ? { source_id: id, deleted: false, error: 'not found' }
            : { source_id: id, deleted: true },
        );
        return { deleted_count: results.filter((r) => r.deleted).length, results };
      })
      .respond(IngestionPatterns.fetchContent, async (p): Promise<FetchContentResult> => {
        const request = p as FetchContentRequest;
        if (request.source_id === 'missing') throw new DomainError('SOURCE_NOT_FOUND', 'No source missing');
        const pdf = request.source_id === 'report.pdf';
        const bytes = pdf ? PDF : Buffer.from('héllo text');
        return {
          source_id: request.source_id,
          content_type: pdf ? 'application/pdf' : 'text/plain; charset=utf-8',
          size_bytes: bytes.length,
          file_name: request.source_id,
          binary: pdf,
          ...(request.mode === 'url' ? {} : { content: await packBytes(rig.stash, bytes) }),
          ...(request.source_id === 'on-minio' ? { presigned_url: 'https://minio.example/x?sig=1' } : {}),
        };
      });
  });
  after(() => rig.stop());

  it('lists a page at a time with next_cursor, and by id', async () => {
    const first = await rig.request({
      method: 'GET',
      url: '/list/list-sources',
      query: { tenant_id: TENANT },
    });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body['next_cursor'], 'c1');
    assert.equal(first.body['total'], 2);
    assert.equal(first.body['message'], 'Sources retrieved successfully');
    assert.deepEqual(first.body['sources'], [record('a')]);
    const second = await rig.request({
      method: 'GET',
      url: '/list/list-sources',
      query: { tenant_id: TENANT, cursor: 'c1', limit: '5' },
    });
    assert.equal('next_cursor' in second.body, false);
    const sent = rig.sentWith<ListSourcesRequest>(IngestionPatterns.listSources);
    assert.deepEqual(sent, [
      { tenant_id: TENANT, sub_tenant_id: TENANT, limit: 20 },
      { tenant_id: TENANT, sub_tenant_id: TENANT, limit: 5, cursor: 'c1' },
    ]);
    const byId = await rig.request({
      method: 'POST',
      url: '/list/list-sources-by-id',
      json: { tenant_id: TENANT, source_ids: ['x', 'missing', 'y'] },
    });
    assert.equal(byId.status, 200, JSON.stringify(byId.body));
    assert.deepEqual(byId.body, {
      success: true,
      message: 'Sources retrieved successfully',
      total: 2,
      sources: [record('x'), record('y')],
    });
  });

  it('refuses bad list and delete requests with 422', async () => {
    for (const limit of ['0', '101', 'ten', '1.5']) {
      const answer = await rig.request({
        method: 'GET',
        url: '/list/list-sources',
        query: { tenant_id: TENANT, limit },
      });
      assert.equal(answer.status, 422, `limit ${limit}`);
    }
    for (const source_ids of [[], 'a', ['a/b'], [1], Array.from({ length: 1001 }, (_, i) => `s${i}`)]) {
      for (const url of ['/list/list-sources-by-id', '/delete/delete-sources']) {
        const answer = await rig.request({ method: 'POST', url, json: { tenant_id: TENANT, source_ids } });
        assert.equal(answer.status, 422, `${url} ${JSON.stringify(source_ids).slice(0, 40)}`);
        assert.equal(codeOf(answer), 'VALIDATION_ERROR');
      }
    }
  });

  it('deletes, reporting each source', async () => {
    const answer = await rig.request({
      method: 'POST',
      url: '/delete/delete-sources',
      json: { tenant_id: TENANT, sub_tenant_id: 'team-1', source_ids: ['a', 'missing'] },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, {
      success: true,
      message: 'Deleted 1 of 2 sources; see results for the others',
      deleted_count: 1,
      results: [
        { source_id: 'a', deleted: true },
        { source_id: 'missing', deleted: false, error: 'not found' },
      ],
    });
    assert.equal(
      rig.sentWith<DeleteIngestionSourcesRequest>(IngestionPatterns.deleteSources)[0]!.sub_tenant_id,
      'team-1',
    );
  });

  const fetchContent = (body: Record<string, unknown>) =>
    rig.request({ method: 'POST', url: '/fetch/fetch-source-content', json: { tenant_id: TENANT, ...body } });

  it('returns text as content and binary files as content_base64', async () => {
    const text = await fetchContent({ source_id: 'notes.txt' });
    assert.equal(text.status, 200, JSON.stringify(text.body));
    assert.deepEqual(text.body, {
      source_id: 'notes.txt',
      success: true,
      message: 'File fetched successfully',
      content_type: 'text/plain; charset=utf-8',
      size_bytes: 11,
      content: 'héllo text',
    });
    const pdf = await fetchContent({ source_id: 'report.pdf', mode: 'content' });
    assert.equal(pdf.body['content_base64'], PDF.toString('base64'));
    assert.equal('content' in pdf.body, false);
    const missing = await fetchContent({ source_id: 'missing' });
    assert.equal(missing.status, 404);
    assert.equal(codeOf(missing), 'SOURCE_NOT_FOUND');
  });

  it('signs a link it serves without a key until it expires, and refuses it altered', async () => {
    // A Host header is anyone's to send: the link never takes it. Without PUBLIC_BASE_URL (the
    // apps default it to the listen address) the link is relative to the service.
    const both = await rig.request({
      method: 'POST',
      url: '/fetch/fetch-source-content',
      json: { tenant_id: TENANT, source_id: 'report.pdf', mode: 'both', expiry_seconds: 120 },
      headers: { host: 'attacker.example' },
    });
    assert.equal(both.status, 200, JSON.stringify(both.body));
    assert.equal(both.body['content_base64'], PDF.toString('base64'));
    assert.match(both.body['presigned_url'] as string, /^\/fetch\/download\?/);
    const link = new URL(both.body['presigned_url'] as string, 'http://trove.invalid');
    const expiresAt = Date.parse(both.body['expires_at'] as string);
    assert.ok(Math.abs(expiresAt - (Date.now() + 120_000)) < 5000);
    const download = await rig.request({ method: 'GET', url: link.pathname + link.search, key: null });
    assert.equal(download.status, 200);
    assert.ok(download.raw.equals(PDF));
    assert.equal(download.headers['content-type'], 'application/pdf');
    assert.equal(download.headers['content-disposition'], 'attachment; filename=report.pdf');
    assert.equal(download.headers['x-content-type-options'], 'nosniff');

    const altered = new URL(link);
    altered.searchParams.set('source_id', 'notes.txt');
    const tampered = await rig.request({ method: 'GET', url: altered.pathname + altered.search, key: null });
    assert.equal(tampered.status, 403);
    assert.match(detail(tampered).message, /not valid/);
    const old = new DownloadLinks(SIGNING_KEY, () => Date.now() - 7200_000).sign(
      { tenant_id: TENANT, sub_tenant_id: TENANT, source_id: 'report.pdf' },
      3600,
    );
    const expired = await rig.request({
      method: 'GET',
      url: '/fetch/download',
      query: { ...old, expires: String(old.expires) },
      key: null,
    });
    assert.equal(expired.status, 403);
    assert.match(detail(expired).message, /expired at/);
    const truncated = await rig.request({
      method: 'GET',
      url: '/fetch/download',
      query: { tenant_id: TENANT },
      key: null,
    });
    assert.equal(truncated.status, 422);
  });

  it("returns the blob store's own presigned URL when it has one", async () => {
    const url = await fetchContent({ source_id: 'on-minio', mode: 'url' });
    assert.equal(url.status, 200, JSON.stringify(url.body));
    assert.equal(url.body['presigned_url'], 'https://minio.example/x?sig=1');
    assert.equal('content' in url.body, false);
    assert.equal(
      rig.sentWith<FetchContentRequest>(IngestionPatterns.fetchContent).at(-1)!.expiry_seconds,
      3600,
    );
  });

  it('refuses a bad mode or expiry with 422', async () => {
    const cases: Record<string, unknown>[] = [
      { source_id: 'a', mode: 'zip' },
      { source_id: 'a', expiry_seconds: 59 },
      { source_id: 'a', expiry_seconds: 604_801 },
      { source_id: 'a', expiry_seconds: '3600' },
      { source_id: 'a', expiry_seconds: 90.5 },
      { mode: 'url' },
    ];
    for (const body of cases) {
      const answer = await fetchContent(body);
      assert.equal(answer.status, 422, JSON.stringify(body));
      assert.equal(codeOf(answer), 'VALIDATION_ERROR');
    }
    const edge = await fetchContent({ source_id: 'notes.txt', mode: 'url', expiry_seconds: 604_800 });
    assert.equal(edge.status, 200, JSON.stringify(edge.body));
  });
});
