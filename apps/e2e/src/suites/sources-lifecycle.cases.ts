import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SearchResult } from '@trove/contracts';
import { expectError } from './expect-error';
import { uploadDocument, verifyProcessing, waitForProcessing } from './sources-fixtures';
import { deleteSources, download, fetchSource, listAll, listById } from './sources-http';
import type { SourcesContext } from './sources.suite';

/**
 * Fetch in every mode with links, pagination, deletes checked against every store, and link
 * expiry. Runs after the document and web page cases, whose sources it reads and deletes.
 */
export function lifecycleCases(ctx: SourcesContext): void {
  let expiring: { url: string; madeAt: number } | undefined;
  const gatewaySigned = (url: string) => url.startsWith(`${ctx.rig.baseUrl}/fetch/download?`);
  // The full stack's S3 server here is S3Mock, which serves presigned links without checking
  // their signature or expiry (../shared/RIGS.md); a real S3 or MinIO checks both. Links the
  // gateway signs itself are checked in every mode.
  const linksVerified = (url: string) => gatewaySigned(url) || ctx.mode !== 'full';
  const fetchAs = (body: Record<string, unknown>) =>
    fetchSource(ctx.alice, { tenant_id: ctx.tenant, source_id: '', ...body });
  const chunksOf = async (body: Record<string, unknown>) => {
    const result = await ctx.alice.post<SearchResult>('/search/hybrid-search', {
      json: { tenant_id: ctx.tenant, max_chunks: 50, ...body },
    });
    assert.equal(result.status, 200, JSON.stringify(result.body));
    return result.body.chunks.map((c) => c.source_id);
  };

  it('fetches content, a link, or both; a link works without a key and refuses any alteration', async () => {
    const text = await fetchAs({ source_id: 'fmt-text' });
    assert.equal(text.status, 200, JSON.stringify(text.body));
    assert.equal(text.body.content, 'Plain notes about the zephyrine lighthouse keeper.\n');
    assert.match(text.body.content_type, /^text\/plain/);
    assert.equal(text.body.message, 'File fetched successfully');
    const pdf = await fetchAs({ source_id: 'fmt-pdf', mode: 'content' });
    const bytes = Buffer.from(pdf.body.content_base64 ?? '', 'base64');
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(pdf.body.size_bytes, bytes.length);
    assert.equal(pdf.body.presigned_url, undefined);

    const url = await fetchAs({ source_id: 'fmt-pdf', mode: 'url', expiry_seconds: 600 });
    assert.equal(url.status, 200, JSON.stringify(url.body));
    assert.equal(url.body.content_base64, undefined);
    const link = url.body.presigned_url!;
    const fetched = await download(link);
    assert.equal(fetched.status, 200);
    assert.ok(fetched.bytes.equals(bytes), 'the link serves the same bytes');
    assert.equal(fetched.headers.get('content-type'), 'application/pdf');
    const both = await fetchAs({ source_id: 'fmt-text', mode: 'both', expiry_seconds: 60 });
    assert.equal(both.body.content, text.body.content);
    expiring = { url: both.body.presigned_url!, madeAt: Date.now() };
    assert.equal((await download(expiring.url)).bytes.toString('utf8'), text.body.content);

    const altered = new URL(link);
    altered.searchParams.set(
      gatewaySigned(link) ? 'source_id' : 'X-Amz-Expires',
      gatewaySigned(link) ? 'fmt-docx' : '604800',
    );
    if (!linksVerified(link)) return;
    const refused = await download(altered.toString());
    assert.equal(refused.status, 403);
    if (gatewaySigned(link)) {
      const body = JSON.parse(refused.bytes.toString('utf8')) as { detail: { error_code: string } };
      assert.equal(body.detail.error_code, 'FORBIDDEN');
      const other = new URL(link);
      other.searchParams.set('tenant_id', ctx.bobTenant);
      assert.equal((await download(other.toString())).status, 403);
    }
  });

  it('pages through a sub-tenant with the cursor: each source once, the same total', async () => {
    const sub_tenant_id = 'pages';
    const ids = Array.from({ length: 7 }, (_, i) => `page-${i}`);
    for (const file_id of ids) {
      const accepted = await uploadDocument(
        ctx.alice,
        { tenant_id: ctx.tenant, sub_tenant_id, file_id },
        { bytes: `Page ${file_id} text.`, name: `${file_id}.txt` },
      );
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    }
    for (const file_id of ids)
      await waitForProcessing(ctx.alice, { tenant_id: ctx.tenant, sub_tenant_id, file_id });
    const all = await listAll(ctx.alice, { tenant_id: ctx.tenant, sub_tenant_id, limit: 3 });
    assert.deepEqual([...all.ids].sort(), ids);
    assert.equal(all.pages, 3);
    assert.deepEqual(all.totals, [7, 7, 7]);
    const main = await listAll(ctx.alice, { tenant_id: ctx.tenant, limit: 100 });
    assert.ok(!main.ids.some((id) => ids.includes(id)), 'another sub-tenant lists its own sources only');
    expectError(await fetchAs({ source_id: 'page-0' }), 404, 'SOURCE_NOT_FOUND');
  });

  it('deletes sources from every store: record, content, links, jobs, keyword and vector indexes', async () => {
    const link = (await fetchAs({ source_id: 'fmt-docx', mode: 'url' })).body.presigned_url!;
    assert.equal((await download(link)).status, 200);
    const deleted = await deleteSources(ctx.alice, {
      tenant_id: ctx.tenant,
      source_ids: ['fmt-docx', 'web-article', 'never-was'],
    });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.equal(deleted.body.success, true);
    assert.equal(deleted.body.deleted_count, 2);
    assert.deepEqual(
      deleted.body.results.map((r) => [r.source_id, r.deleted]),
      [
        ['fmt-docx', true],
        ['web-article', true],
        ['never-was', false],
      ],
    );
    assert.equal(typeof deleted.body.results[2]!.error, 'string');
    assert.deepEqual((await listById(ctx.alice, ctx.tenant, ['fmt-docx', 'web-article'])).body.sources, []);
    const listed = await listAll(ctx.alice, { tenant_id: ctx.tenant, limit: 100 });
    assert.ok(!listed.ids.includes('fmt-docx') && !listed.ids.includes('web-article'));
    for (const source_id of ['fmt-docx', 'web-article']) {
      expectError(await fetchAs({ source_id }), 404, 'SOURCE_NOT_FOUND');
      expectError(
        await verifyProcessing(ctx.alice, { tenant_id: ctx.tenant, file_id: source_id }),
        404,
        'FILE_NOT_FOUND',
      );
    }
    assert.equal((await download(link)).status, 404);
    for (const [query, id] of [
      ['grinlow committee approved the budget', 'fmt-docx'],
      ['Sea otters of the Marrowfen coast', 'web-article'],
    ]) {
      assert.ok(!(await chunksOf({ query, alpha: 0 })).includes(id), `keyword index still has ${id}`);
      assert.ok(!(await chunksOf({ query, alpha: 1 })).includes(id), `vector index still has ${id}`);
    }
    // The id can be used again, and starts empty.
    const again = await uploadDocument(
      ctx.alice,
      { tenant_id: ctx.tenant, file_id: 'fmt-docx' },
      { bytes: 'Reborn as text about capybaras.', name: 'again.txt' },
    );
    assert.equal(again.status, 200);
    assert.equal(
      (await waitForProcessing(ctx.alice, { tenant_id: ctx.tenant, file_id: 'fmt-docx' })).final
        .indexing_status,
      'completed',
    );
    assert.ok(!(await chunksOf({ query: 'grinlow', alpha: 0 })).includes('fmt-docx'));
  });

  it("erases a deleted sub-tenant's sources from every store", async () => {
    const sub_tenant_id = 'team-x';
    const accepted = await uploadDocument(
      ctx.alice,
      { tenant_id: ctx.tenant, sub_tenant_id, file_id: 'team-doc' },
      { bytes: 'The pangolin census of team X.', name: 't.txt' },
    );
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    await waitForProcessing(ctx.alice, { tenant_id: ctx.tenant, sub_tenant_id, file_id: 'team-doc' });
    assert.ok((await chunksOf({ query: 'pangolin', sub_tenant_id, alpha: 0 })).includes('team-doc'));
    const removed = await ctx.alice.delete('/tenant/delete_sub_tenant', {
      query: { tenant_id: ctx.tenant, sub_tenant_id },
    });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    const deadline = Date.now() + 10_000;
    while (
      (await listAll(ctx.alice, { tenant_id: ctx.tenant, sub_tenant_id })).ids.length > 0 &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual((await listAll(ctx.alice, { tenant_id: ctx.tenant, sub_tenant_id })).ids, []);
    expectError(await fetchAs({ source_id: 'team-doc', sub_tenant_id }), 404, 'SOURCE_NOT_FOUND');
    expectError(
      await verifyProcessing(ctx.alice, { tenant_id: ctx.tenant, sub_tenant_id, file_id: 'team-doc' }),
      404,
      'FILE_NOT_FOUND',
    );
    // Each service erases its part when the deletion event reaches it: the search service may
    // come after the ingestion service (on Elasticsearch, a delete waits for a refresh).
    const search = () => chunksOf({ query: 'pangolin census', sub_tenant_id, alpha: 0 });
    while ((await search()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await search(), []);
  });

  it('refuses a link once it has expired', async (t) => {
    assert.ok(expiring, 'the fetch case made a 60 s link');
    if (!linksVerified(expiring.url)) return t.skip('S3Mock does not check the expiry of presigned links');
    const wait = expiring.madeAt + 61_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const refused = await download(expiring.url);
    assert.equal(refused.status, 403);
    if (gatewaySigned(expiring.url)) {
      const body = JSON.parse(refused.bytes.toString('utf8')) as {
        detail: { error_code: string; message: string };
      };
      assert.equal(body.detail.error_code, 'FORBIDDEN');
      assert.match(body.detail.message, /expired/);
    }
  });
}
