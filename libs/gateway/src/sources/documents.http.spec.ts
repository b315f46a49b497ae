import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  IngestionPatterns,
  SourceAccepted,
  UploadDocumentRequest,
  UpsertWebpageRequest,
} from '@trove/contracts';
import { unpackBytes } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import { codeOf, GatewayRig, multipart, TENANT, UPLOAD_LIMIT } from '../testing/gateway.test-rig';

describe('documents and web pages over HTTP (gateway edge)', () => {
  const rig = new GatewayRig(new RecordingTransportClient());
  /** What the ingestion responders received, with stashed bytes taken back. */
  let uploads: { request: UploadDocumentRequest; bytes: Buffer }[];
  let pages: { request: UpsertWebpageRequest; html?: string }[];

  before(async () => {
    await rig.start();
    rig.transport
      .respond(IngestionPatterns.uploadDocument, async (p): Promise<SourceAccepted> => {
        const request = p as UploadDocumentRequest;
        uploads.push({ request, bytes: Buffer.from(await unpackBytes(rig.stash, request.content)) });
        const id = request.file_id ?? 'generated-1';
        return { file_id: id, source_id: id, success: true, message: 'queued' };
      })
      .respond(IngestionPatterns.upsertWebpage, async (p): Promise<SourceAccepted> => {
        const request = p as UpsertWebpageRequest;
        pages.push({ request, html: request.html });
        return { file_id: request.source_id, source_id: request.source_id, success: true, message: 'queued' };
      });
  });
  after(() => rig.stop());
  beforeEach(() => {
    uploads = [];
    pages = [];
  });

  const upload = (form: FormData, key?: string | null) =>
    rig.request({ method: 'POST', url: '/ingestion/upload-document', multipart: form, key });

  it('sends the file and its fields to the ingestion service and answers its acceptance', async () => {
    const answer = await upload(
      multipart([
        ['tenant_id', TENANT],
        ['file_id', 'notes.md'],
        ['title', 'Notes'],
        ['metadata', '{"team":"blue","n":1}'],
        ['tenant_metadata', '{"region":"eu"}'],
        ['file', '# Héllo\n', 'notes.md', 'text/markdown'],
      ]),
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, {
      file_id: 'notes.md',
      source_id: 'notes.md',
      success: true,
      message: 'queued',
    });
    const [sent] = uploads;
    assert.deepEqual(
      { ...sent!.request, content: undefined },
      {
        tenant_id: TENANT,
        sub_tenant_id: TENANT,
        file_id: 'notes.md',
        title: 'Notes',
        metadata: { team: 'blue', n: 1 },
        tenant_metadata: { region: 'eu' },
        file_name: 'notes.md',
        mime_type: 'text/markdown',
        content: undefined,
      },
    );
    assert.equal(sent!.bytes.toString('utf8'), '# Héllo\n');
    assert.ok('inline' in sent!.request.content);
  });

  it('stashes a file too large for one message and the service gets every byte back', async () => {
    const bytes = Buffer.alloc(UPLOAD_LIMIT - 1000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    const answer = await upload(
      multipart([
        ['tenant_id', TENANT],
        ['sub_tenant_id', 'team-1'],
        ['file', bytes, 'big.bin'],
      ]),
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.ok('stashed' in uploads[0]!.request.content);
    assert.equal(uploads[0]!.request.sub_tenant_id, 'team-1');
    assert.ok(uploads[0]!.bytes.equals(bytes));
  });

  it('refuses bad uploads with the spec error, never reaching the service', async () => {
    const file: [string, string, string] = ['file', 'text', 'a.txt'];
    const cases: [FormData, number, string, RegExp][] = [
      [multipart([['tenant_id', TENANT]]), 422, 'VALIDATION_ERROR', /a file is required in the "file" field/],
      [
        multipart([
          ['tenant_id', TENANT],
          ['document', 'x', 'a.txt'],
        ]),
        422,
        'VALIDATION_ERROR',
        /not "document"/,
      ],
      [multipart([file]), 422, 'VALIDATION_ERROR', /tenant_id/],
      [
        multipart([['tenant_id', TENANT], ['file_id', 'a/b'], file]),
        422,
        'VALIDATION_ERROR',
        /file_id must be/,
      ],
      [
        multipart([['tenant_id', TENANT], ['metadata', '{nope'], file]),
        422,
        'VALIDATION_ERROR',
        /metadata is not valid JSON/,
      ],
      [
        multipart([['tenant_id', TENANT], ['metadata', '[1]'], file]),
        422,
        'VALIDATION_ERROR',
        /metadata must be a JSON object/,
      ],
      [
        multipart([['tenant_id', TENANT], ['colour', 'red'], file]),
        422,
        'VALIDATION_ERROR',
        /colour should not exist/,
      ],
      [
        multipart([['tenant_id', TENANT], ['title', 'x'.repeat(1025)], file]),
        422,
        'VALIDATION_ERROR',
        /title/,
      ],
      [
        multipart([
          ['tenant_id', TENANT],
          ['file', Buffer.alloc(UPLOAD_LIMIT + 1), 'big.bin'],
        ]),
        413,
        'FILE_TOO_LARGE',
        /upload limit of 2097152 bytes \(2 MiB\)/,
      ],
      [multipart([['tenant_id', 'globex'], file]), 403, 'FORBIDDEN', /Not your tenant/],
    ];
    for (const [form, status, code, message] of cases) {
      const answer = await upload(form);
      assert.equal(answer.status, status, JSON.stringify(answer.body));
      assert.equal(codeOf(answer), code);
      assert.match((answer.body['detail'] as { message: string }).message, message);
    }
    const anonymous = await upload(multipart([['tenant_id', TENANT], file]), null);
    assert.equal(anonymous.status, 401);
    const json = await rig.request({
      method: 'POST',
      url: '/ingestion/upload-document',
      json: { tenant_id: TENANT },
    });
    assert.equal(json.status, 415);
    assert.match((json.body['detail'] as { message: string }).message, /multipart\/form-data/);
    assert.deepEqual(uploads, []);
  });

  const webpage = (query: Record<string, string>, form?: Record<string, string> | string) =>
    rig.request({ method: 'PATCH', url: '/upload/update_webpage', query, form });
  const page = { tenant_id: TENANT, source_id: 'home', web_url: 'https://example.com/' };

  it('upserts a web page from its form fields', async () => {
    const answer = await webpage(page, {
      title: 'Home',
      description: 'The home page',
      note: 'n',
      metadata: '{"lang":"en"}',
      html: '<h1>Hi</h1>',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { file_id: 'home', source_id: 'home', success: true, message: 'queued' });
    assert.deepEqual(pages[0]!.request, {
      ...page,
      sub_tenant_id: TENANT,
      title: 'Home',
      description: 'The home page',
      note: 'n',
      metadata: { lang: 'en' },
      html: '<h1>Hi</h1>',
    });
    const bare = await webpage({ ...page, sub_tenant_id: 'team-1' });
    assert.equal(bare.status, 200, JSON.stringify(bare.body));
    assert.deepEqual(pages[1]!.request, { ...page, sub_tenant_id: 'team-1' });
  });

  it('sends HTML larger than one NATS message whole (the transport makes it a claim check)', async () => {
    const html = `<html><body>${'<p>é and more text</p>'.repeat(40_000)}</body></html>`;
    const answer = await webpage(page, { html });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(pages[0]!.html, html);
  });

  it('refuses a bad web page request with the spec error', async () => {
    const cases: [Record<string, string>, Record<string, string> | undefined, number, RegExp][] = [
      [{ ...page, web_url: 'ftp://example.com/' }, undefined, 422, /web_url must be an http or https URL/],
      [{ ...page, web_url: 'not a url' }, undefined, 422, /web_url/],
      [{ tenant_id: TENANT, web_url: page.web_url }, undefined, 422, /source_id/],
      [page, { metadata: 'nope' }, 422, /metadata is not valid JSON/],
      [page, { colour: 'red' }, 422, /colour should not exist/],
      [{ ...page, tenant_id: 'globex' }, undefined, 403, /Not your tenant/],
    ];
    for (const [query, form, status, message] of cases) {
      const answer = await webpage(query, form);
      assert.equal(answer.status, status, JSON.stringify(answer.body));
      assert.match((answer.body['detail'] as { message: string }).message, message);
    }
    const repeated = await webpage(page, 'title=a&title=b');
    assert.equal(repeated.status, 422, JSON.stringify(repeated.body));
    assert.match((repeated.body['detail'] as { message: string }).message, /title must be a string/);
    assert.equal(pages.length, 0);
    const json = await rig.request({
      method: 'PATCH',
      url: '/upload/update_webpage',
      query: page,
      json: { title: 'x' },
    });
    assert.equal(json.status, 415);
    assert.match((json.body['detail'] as { message: string }).message, /application\/x-www-form-urlencoded/);
  });
});
