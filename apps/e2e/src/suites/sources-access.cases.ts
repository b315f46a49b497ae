import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SearchResult } from '@trove/contracts';
import { ApiResponse } from '@trove/testing';
import { expectError } from './expect-error';
import { FileToUpload, uploadDocument, verifyProcessing, waitForProcessing } from './sources-fixtures';
import { deleteSources, fetchSource, listById, listSources, updateWebpage } from './sources-http';
import type { SourcesContext } from './sources.suite';

/** Bad input answered with the spec's errors (never a 500), and tenants that never see each other. */
export function accessCases(ctx: SourcesContext): void {
  const file: FileToUpload = { bytes: 'text', name: 'a.txt' };
  const fields = (extra: Record<string, string> = {}) => ({ tenant_id: ctx.tenant, ...extra });
  const invalid = (response: ApiResponse, what: string, field?: string) => {
    const detail = expectError(response, 422, 'VALIDATION_ERROR');
    if (field)
      assert.ok(
        detail.errors?.some((e) => e.field === field),
        `${what}: ${JSON.stringify(detail)}`,
      );
  };

  it('refuses bad uploads: no file, wrong field, bad fields, too large, not multipart', async () => {
    invalid(await uploadDocument(ctx.alice, fields()), 'no file', 'file');
    invalid(await uploadDocument(ctx.alice, fields(), file, 'document'), 'wrong field', 'document');
    invalid(await uploadDocument(ctx.alice, {}, file), 'no tenant', 'tenant_id');
    invalid(await uploadDocument(ctx.alice, fields({ file_id: 'a b/c' }), file), 'bad file_id', 'file_id');
    invalid(
      await uploadDocument(ctx.alice, fields({ metadata: '{oops' }), file),
      'metadata not JSON',
      'metadata',
    );
    invalid(
      await uploadDocument(ctx.alice, fields({ metadata: '"text"' }), file),
      'metadata not object',
      'metadata',
    );
    invalid(await uploadDocument(ctx.alice, fields({ colour: 'red' }), file), 'unknown field');
    const tooLarge = await uploadDocument(ctx.alice, fields(), {
      bytes: Buffer.alloc(ctx.uploadLimit + 1, 97),
      name: 'big.txt',
    });
    assert.match(expectError(tooLarge, 413, 'FILE_TOO_LARGE').message, /upload limit/);
    const json = await ctx.alice.post('/ingestion/upload-document', { json: fields() });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const garbled = await ctx.alice.post('/ingestion/upload-document', {
      raw: { body: 'not multipart at all', contentType: 'multipart/form-data' },
    });
    expectError(garbled, 422, 'VALIDATION_ERROR');
  });

  it('refuses bad web page, list, fetch and delete requests with 422 or 415', async () => {
    const page = { tenant_id: ctx.tenant, source_id: 'p', web_url: 'https://example.com/' };
    invalid(
      await updateWebpage(ctx.alice, { ...page, web_url: 'ftp://example.com/x' }),
      'ftp url',
      'web_url',
    );
    invalid(
      await updateWebpage(ctx.alice, { ...page, source_id: 'no spaces' }),
      'bad source_id',
      'source_id',
    );
    invalid(await updateWebpage(ctx.alice, page, { metadata: '[1,2]' }), 'metadata array', 'metadata');
    invalid(await updateWebpage(ctx.alice, page, { unknown: 'x' }), 'unknown form field');
    const asJson = await ctx.alice.request('PATCH', '/upload/update_webpage', {
      query: page,
      json: { title: 'x' },
    });
    expectError(asJson, 415, 'UNSUPPORTED_MEDIA_TYPE');
    for (const limit of [0, 101])
      invalid(await listSources(ctx.alice, { tenant_id: ctx.tenant, limit }), `limit ${limit}`, 'limit');
    invalid(
      await ctx.alice.get('/list/list-sources', { query: { tenant_id: ctx.tenant, limit: 'ten' } }),
      'limit text',
      'limit',
    );
    for (const source_ids of [[], 'fmt-text', [42], ['a/b']]) {
      invalid(
        await ctx.alice.post('/list/list-sources-by-id', { json: { tenant_id: ctx.tenant, source_ids } }),
        'list ids',
        'source_ids',
      );
      invalid(
        await ctx.alice.post('/delete/delete-sources', { json: { tenant_id: ctx.tenant, source_ids } }),
        'delete ids',
        'source_ids',
      );
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ source_id: 'fmt-text', expiry_seconds: 59 }, 'expiry_seconds'],
      [{ source_id: 'fmt-text', expiry_seconds: 604_801 }, 'expiry_seconds'],
      [{ source_id: 'fmt-text', expiry_seconds: '3600' }, 'expiry_seconds'],
      [{ source_id: 'fmt-text', mode: 'stream' }, 'mode'],
      [{}, 'source_id'],
    ];
    for (const [body, field] of bad) {
      invalid(
        await ctx.alice.post('/fetch/fetch-source-content', { json: { tenant_id: ctx.tenant, ...body } }),
        JSON.stringify(body),
        field,
      );
    }
    invalid(
      await ctx.alice.get('/fetch/download', { key: null, query: { tenant_id: ctx.tenant } }),
      'link without signature',
    );
  });

  it("keeps each tenant's sources to itself: other owners get 403, the same ids never mix", async () => {
    const t = ctx.tenant;
    expectError(await uploadDocument(ctx.bob, { tenant_id: t }, file), 403, 'FORBIDDEN');
    expectError(
      await updateWebpage(ctx.bob, { tenant_id: t, source_id: 'x', web_url: 'https://example.com/' }),
      403,
      'FORBIDDEN',
    );
    expectError(await listSources(ctx.bob, { tenant_id: t }), 403, 'FORBIDDEN');
    expectError(await listById(ctx.bob, t, ['fmt-text']), 403, 'FORBIDDEN');
    expectError(await fetchSource(ctx.bob, { tenant_id: t, source_id: 'fmt-text' }), 403, 'FORBIDDEN');
    expectError(await deleteSources(ctx.bob, { tenant_id: t, source_ids: ['fmt-text'] }), 403, 'FORBIDDEN');
    expectError(await verifyProcessing(ctx.bob, { tenant_id: t, file_id: 'fmt-text' }), 403, 'FORBIDDEN');

    // Bob's own source under an id Alice uses too.
    const mine = await uploadDocument(
      ctx.bob,
      { tenant_id: ctx.bobTenant, file_id: 'fmt-text' },
      { bytes: "Bob's notes on the aardwolf.", name: 'b.txt' },
    );
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    await waitForProcessing(ctx.bob, { tenant_id: ctx.bobTenant, file_id: 'fmt-text' });
    assert.equal(
      (await fetchSource(ctx.bob, { tenant_id: ctx.bobTenant, source_id: 'fmt-text' })).body.content,
      "Bob's notes on the aardwolf.",
    );
    assert.match(
      (await fetchSource(ctx.alice, { tenant_id: t, source_id: 'fmt-text' })).body.content ?? '',
      /zephyrine/,
    );
    const bobsList = await listById(ctx.bob, ctx.bobTenant, ['fmt-text', 'fmt-pdf']);
    assert.deepEqual(
      bobsList.body.sources.map((s) => s.id),
      ['fmt-text'],
    );
    const search = (client = ctx.bob, tenant_id = ctx.bobTenant, query = 'zephyrine') =>
      client.post<SearchResult>('/search/full-text-search', { json: { tenant_id, query } });
    assert.deepEqual((await search()).body.chunks, []);
    assert.ok(!(await search(ctx.alice, t, 'aardwolf')).body.chunks.some((c) => c.source_id === 'fmt-text'));
    // Deleting in Bob's tenant leaves Alice's source of the same id alone.
    assert.equal(
      (await deleteSources(ctx.bob, { tenant_id: ctx.bobTenant, source_ids: ['fmt-text'] })).body
        .deleted_count,
      1,
    );
    assert.equal((await fetchSource(ctx.alice, { tenant_id: t, source_id: 'fmt-text' })).status, 200);
  });
}
