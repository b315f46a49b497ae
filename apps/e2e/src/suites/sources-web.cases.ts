import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SearchResult } from '@trove/contracts';
import { articleHtml, waitForProcessing } from './sources-fixtures';
import { listById, updateWebpage } from './sources-http';
import type { SourcesContext } from './sources.suite';

/** Web pages: fetched by the service from the test's own server, or given as HTML; upserts; refusals. */
export function webpageCases(ctx: SourcesContext): void {
  const upsert = (source_id: string, web_url: string, form?: Record<string, string>) =>
    updateWebpage(ctx.alice, { tenant_id: ctx.tenant, source_id, web_url }, form);
  const processed = async (file_id: string) =>
    (await waitForProcessing(ctx.alice, { tenant_id: ctx.tenant, file_id })).final;
  const found = async (query: string) => {
    const result = await ctx.alice.post<SearchResult>('/search/full-text-search', {
      json: { tenant_id: ctx.tenant, query, max_chunks: 50 },
    });
    assert.equal(result.status, 200, JSON.stringify(result.body));
    return result.body.chunks.map((c) => c.source_id);
  };

  it('fetches a page, keeps its HTML and indexes its readable text', async () => {
    const url = `${ctx.web.baseUrl}/article`;
    const accepted = await upsert('web-article', url, { description: 'Notes', metadata: '{"kind":"field"}' });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.deepEqual(
      { file_id: accepted.body.file_id, source_id: accepted.body.source_id, success: accepted.body.success },
      { file_id: 'web-article', source_id: 'web-article', success: true },
    );
    const final = await processed('web-article');
    assert.equal(final.indexing_status, 'completed', JSON.stringify(final));
    const [record] = (await listById(ctx.alice, ctx.tenant, ['web-article'])).body.sources;
    assert.ok(record);
    assert.equal(record.type, 'webpage');
    assert.equal(record.url, url);
    assert.equal(record.title, 'Otter field notes');
    assert.equal(record.description, 'Notes');
    assert.deepEqual(record.document_metadata, { kind: 'field' });
    assert.match(record.content.text, /Quillback estuary/);
    assert.match(record.content.markdown, /Quillback estuary/);
    assert.equal(Buffer.from(record.content.html_base64, 'base64').toString('utf8'), ctx.web.article);
    assert.ok((await found('Quillback')).includes('web-article'));
  });

  it('upserts on source_id: the page fetched again replaces the old content everywhere, and keeps the fields the update does not name', async () => {
    ctx.web.article = articleHtml('Otter field notes, revised', [
      'Sea otters of the Marrowfen coast use stones as tools.',
    ]);
    const accepted = await upsert('web-article', `${ctx.web.baseUrl}/article`, { title: 'Otters v2' });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await processed('web-article')).indexing_status, 'completed');
    assert.ok(!(await found('Quillback')).includes('web-article'), 'old text is gone');
    assert.ok((await found('Marrowfen')).includes('web-article'));
    const listed = await listById(ctx.alice, ctx.tenant, ['web-article']);
    assert.equal(listed.body.sources.length, 1);
    assert.equal(listed.body.sources[0]!.title, 'Otters v2');
    // What the update did not name stays: the description and metadata of the first upload.
    assert.equal(listed.body.sources[0]!.description, 'Notes');
    assert.deepEqual(listed.body.sources[0]!.document_metadata, { kind: 'field' });
    // An update with only html keeps the title too.
    const html = articleHtml('Otter field notes, third', [
      'Otters of the Marrowfen coast sleep holding paws.',
    ]);
    assert.equal((await upsert('web-article', `${ctx.web.baseUrl}/article`, { html })).status, 200);
    assert.equal((await processed('web-article')).indexing_status, 'completed');
    const third = (await listById(ctx.alice, ctx.tenant, ['web-article'])).body.sources[0]!;
    assert.deepEqual(
      [third.title, third.description, third.document_metadata],
      ['Otters v2', 'Notes', { kind: 'field' }],
    );
  });

  it('indexes HTML given in the form without fetching web_url, large pages included', async () => {
    const before = ctx.web.hits.get('/never-fetched') ?? 0;
    const html = articleHtml('Given page', ['The tamarisk orchard was planted by hand.']);
    const accepted = await upsert('web-given', `${ctx.web.baseUrl}/never-fetched`, { html, note: 'pasted' });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await processed('web-given')).indexing_status, 'completed');
    assert.equal(ctx.web.hits.get('/never-fetched') ?? 0, before);
    assert.ok((await found('tamarisk')).includes('web-given'));
    // Over NATS's 1 MiB message limit, so the gateway sends it packed. Mostly script, which
    // extraction drops: this tests the transport, not the indexing of 1 MB of prose.
    const padding = `<script>/* ${'lighthouse log '.repeat(80_000)} */</script></body>`;
    const large = articleHtml('Large page', ['The last entry names the wyvernling reef.']).replace(
      '</body>',
      padding,
    );
    assert.ok(Buffer.byteLength(large) > 1024 * 1024);
    const big = await upsert('web-large', `${ctx.web.baseUrl}/never-fetched`, { html: large });
    assert.equal(big.status, 200, JSON.stringify(big.body));
    assert.equal((await processed('web-large')).indexing_status, 'completed');
    assert.ok((await found('wyvernling')).includes('web-large'));
  });

  it('ends pages it must not or cannot fetch errored, with the reason', async () => {
    const cases: [string, string, string][] = [
      ['web-slow', `${ctx.web.baseUrl}/slow`, 'FETCH_TIMEOUT'],
      ['web-huge', `${ctx.web.baseUrl}/huge`, 'FILE_TOO_LARGE'],
      ['web-private-redirect', `${ctx.web.baseUrl}/redirect-private`, 'URL_NOT_ALLOWED'],
      ['web-private', 'http://10.255.255.1/admin', 'URL_NOT_ALLOWED'],
      ['web-metadata', 'http://169.254.169.254/latest/meta-data/', 'URL_NOT_ALLOWED'],
      ['web-loop', `${ctx.web.baseUrl}/redirect-loop`, 'TOO_MANY_REDIRECTS'],
      ['web-image', `${ctx.web.baseUrl}/image.png`, 'UNSUPPORTED_CONTENT_TYPE'],
      ['web-missing', `${ctx.web.baseUrl}/missing`, 'FETCH_HTTP_ERROR'],
    ];
    for (const [id, url] of cases) {
      const accepted = await upsert(id, url);
      assert.equal(accepted.status, 200, `${id}: ${JSON.stringify(accepted.body)}`);
    }
    for (const [id, , code] of cases) {
      const final = await processed(id);
      assert.equal(final.indexing_status, 'errored', `${id}: ${JSON.stringify(final)}`);
      assert.equal(final.error_code, code, `${id}: ${JSON.stringify(final)}`);
    }
    assert.equal(ctx.web.hits.get('/admin') ?? 0, 0);
  });
}
