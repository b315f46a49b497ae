import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { FastifyInstance } from 'fastify';
import { toHttpError } from '../errors/error-body';
import { MULTIPART_ROUTE, registerMultipartUploads, uploadedFilesOf } from './multipart-uploads';

const LIMIT = 1024;

/** A multipart body as a browser or fetch would send it. */
async function encode(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

describe('multipart uploads', () => {
  let app: FastifyInstance;

  before(async () => {
    app = Fastify({ logger: false });
    app.setErrorHandler((error, _request, reply) => {
      const { status, body } = toHttpError(error);
      void reply.code(status).send(body);
    });
    await registerMultipartUploads(app, { fileSizeBytes: LIMIT, fields: 4, fieldSizeBytes: 64 });
    app.post('/upload', { config: MULTIPART_ROUTE }, async (request) => ({
      body: request.body ?? null,
      files: uploadedFilesOf(request).map((f) => ({ ...f, bytes: f.bytes.toString('latin1') })),
    }));
    app.post('/other', async (request) => ({ parsed: request.body !== undefined }));
    await app.ready();
  });
  after(async () => {
    await app.close();
  });

  async function send(url: string, form: FormData, auth = true) {
    const { payload, contentType } = await encode(form);
    const response = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType, ...(auth ? { authorization: 'Bearer k' } : {}) },
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  }

  const form = (entries: [string, string | Blob, string?][]) => {
    const data = new FormData();
    for (const [name, value, filename] of entries) {
      if (typeof value === 'string') data.append(name, value);
      else data.append(name, value, filename);
    }
    return data;
  };

  it('gives the text fields as the body and keeps the file beside it', async () => {
    const { status, body } = await send(
      '/upload',
      form([
        ['tenant_id', 'acme'],
        ['file', new Blob(['héllo'], { type: 'text/markdown' }), 'notes.md'],
        ['title', 'Notes'],
      ]),
    );
    assert.equal(status, 200);
    assert.deepEqual(body['body'], { tenant_id: 'acme', title: 'Notes' });
    assert.deepEqual(body['files'], [
      {
        field: 'file',
        filename: 'notes.md',
        mimetype: 'text/markdown',
        bytes: Buffer.from('héllo').toString('latin1'),
      },
    ]);
  });

  it('refuses a file over the limit with 413 FILE_TOO_LARGE naming the limit', async () => {
    const { status, body } = await send(
      '/upload',
      form([['file', new Blob(['x'.repeat(LIMIT + 1)]), 'a.txt']]),
    );
    assert.equal(status, 413);
    assert.equal((body['detail'] as { error_code: string }).error_code, 'FILE_TOO_LARGE');
    assert.match((body['detail'] as { message: string }).message, /1024 bytes/);
    const exact = await send('/upload', form([['file', new Blob(['x'.repeat(LIMIT)]), 'a.txt']]));
    assert.equal(exact.status, 200);
  });

  it('refuses two files, a repeated field, a long field and too many fields', async () => {
    const twoFiles = await send(
      '/upload',
      form([
        ['file', new Blob(['a']), 'a.txt'],
        ['other', new Blob(['b']), 'b.txt'],
      ]),
    );
    assert.equal(twoFiles.status, 422);
    const repeated = await send(
      '/upload',
      form([
        ['title', 'a'],
        ['title', 'b'],
      ]),
    );
    assert.equal(repeated.status, 422);
    assert.match((repeated.body['detail'] as { message: string }).message, /"title" is given more than once/);
    const long = await send('/upload', form([['title', 'x'.repeat(65)]]));
    assert.equal(long.status, 413);
    const many = await send(
      '/upload',
      form(['a', 'b', 'c', 'd', 'e'].map((name): [string, string] => [name, '1'])),
    );
    assert.equal(many.status, 413);
  });

  it('answers a malformed multipart body with 422, never 500, and passes no half-read field on', async () => {
    const inject = (contentType: string, payload: string) =>
      app.inject({
        method: 'POST',
        url: '/upload',
        payload,
        headers: { 'content-type': contentType, authorization: 'Bearer k' },
      });
    const cases = [
      { contentType: 'multipart/form-data', payload: 'no boundary at all' },
      {
        contentType: 'multipart/form-data; boundary=zzz',
        payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\ncut short',
      },
    ];
    for (const { contentType, payload } of cases) {
      const response = await inject(contentType, payload);
      assert.equal(response.statusCode, 422, response.body);
      assert.equal(response.json<{ detail: { error_code: string } }>().detail.error_code, 'VALIDATION_ERROR');
    }
    const cutField = await inject(
      'multipart/form-data; boundary=zzz',
      '--zzz\r\nContent-Disposition: form-data; name="tenant_id"\r\n\r\nacme',
    );
    assert.deepEqual(cutField.json(), { body: {}, files: [] });
  });

  it('leaves the body unread without a bearer header and on routes that did not ask', async () => {
    const anonymous = await send('/upload', form([['tenant_id', 'acme']]), false);
    assert.deepEqual(anonymous.body, { body: null, files: [] });
    const other = await send('/other', form([['tenant_id', 'acme']]));
    assert.deepEqual(other.body, { parsed: false });
  });
});
