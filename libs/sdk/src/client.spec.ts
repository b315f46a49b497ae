import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TroveClient } from './client.js';
import {
  TroveConflictError,
  TroveConnectionError,
  TroveError,
  TroveNotFoundError,
  TroveProcessingTimeoutError,
  TroveRateLimitError,
  TroveServerError,
  TroveUnauthorizedError,
  TroveUnavailableError,
  TroveValidationError,
} from './errors.js';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  contentType: string | null;
}

/** A client over a fetch that records each request and answers from `answer`. */
function clientWith(answer: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const client = new TroveClient({
    baseUrl: 'http://trove.test/',
    apiKey: 'sk_live_test',
    fetch: async (request) => {
      const entry: Seen = {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: await request.text(),
        contentType: request.headers.get('content-type'),
      };
      seen.push(entry);
      return answer(entry);
    },
  });
  return { client, seen };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function failure(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return json(
    status,
    { detail: { success: false, message, error_code: code, ...extra } },
    { 'x-request-id': 'req-7' },
  );
}

describe('TroveClient requests', () => {
  it('sends the key as a bearer token and JSON bodies as JSON', async () => {
    const { client, seen } = clientWith(() =>
      json(200, { tenant_id: 'acme', default_sub_tenant_id: 'acme', message: 'ok' }),
    );
    const created = await client.createTenant({ tenant_id: 'acme' });
    assert.equal(created.tenant_id, 'acme');
    assert.equal(seen[0]!.method, 'POST');
    assert.equal(seen[0]!.url.pathname, '/tenants/create');
    assert.equal(seen[0]!.headers.get('authorization'), 'Bearer sk_live_test');
    assert.equal(seen[0]!.contentType, 'application/json');
    assert.deepEqual(JSON.parse(seen[0]!.body), { tenant_id: 'acme' });
  });

  it('puts retrieval scope and max_count in the query and the rest in the body', async () => {
    const { client, seen } = clientWith(() => json(200, { success: true, user_memories: [] }));
    await client.retrieveMemories({
      tenant_id: 't',
      sub_tenant_id: 'u1',
      max_count: 3,
      query: 'tea',
      user_name: 'Ana',
    });
    assert.equal(seen[0]!.url.search, '?tenant_id=t&sub_tenant_id=u1&max_count=3');
    assert.deepEqual(JSON.parse(seen[0]!.body), { query: 'tea', user_name: 'Ana' });
  });

  it('uploads a document as multipart with its fields and file part', async () => {
    const { client, seen } = clientWith(() =>
      json(200, { file_id: 'f1', source_id: 'f1', success: true, message: 'queued' }),
    );
    await client.uploadDocument({
      tenant_id: 't',
      file_id: 'f1',
      file: new TextEncoder().encode('# Title\nhello'),
      filename: 'notes.md',
      contentType: 'text/markdown',
      metadata: { lang: 'en' },
    });
    const body = seen[0]!.body;
    assert.match(seen[0]!.contentType!, /^multipart\/form-data; boundary=/);
    assert.match(body, /name="tenant_id"\r\n\r\nt\r\n/);
    assert.match(body, /name="file_id"\r\n\r\nf1\r\n/);
    assert.match(body, /name="metadata"\r\n\r\n\{"lang":"en"\}\r\n/);
    assert.match(
      body,
      /name="file"; filename="notes.md"\r\nContent-Type: text\/markdown\r\n\r\n# Title\nhello\r\n/,
    );
    assert.doesNotMatch(body, /name="sub_tenant_id"/);
  });

  it('takes a Blob as it is, with its own type', async () => {
    const { client, seen } = clientWith(() =>
      json(200, { file_id: 'f', source_id: 'f', success: true, message: '' }),
    );
    await client.uploadDocument({
      tenant_id: 't',
      file: new Blob(['<p>x</p>'], { type: 'text/html' }),
      filename: 'x.html',
    });
    assert.match(seen[0]!.body, /filename="x.html"\r\nContent-Type: text\/html\r\n\r\n<p>x<\/p>/);
  });

  it('sends a web page update as a form, its ids in the query', async () => {
    const { client, seen } = clientWith(() =>
      json(200, { file_id: 's', source_id: 's', success: true, message: '' }),
    );
    await client.updateWebpage({
      tenant_id: 't',
      web_url: 'https://example.com/a',
      source_id: 's',
      html: '<p>hi</p>',
      title: 'A',
    });
    assert.equal(seen[0]!.method, 'PATCH');
    assert.equal(seen[0]!.url.searchParams.get('web_url'), 'https://example.com/a');
    assert.equal(seen[0]!.contentType, 'application/x-www-form-urlencoded');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(seen[0]!.body)), {
      title: 'A',
      html: '<p>hi</p>',
    });
  });

  it('repeats chunk_ids in the query and puts path parameters in the path', async () => {
    const { client, seen } = clientWith(() => json(200, { delete_count: 2, success: true, error: '' }));
    await client.deleteRawEmbeddings({ tenant_id: 't', chunk_ids: ['a_0', 'a_1'] });
    assert.deepEqual(seen[0]!.url.searchParams.getAll('chunk_ids'), ['a_0', 'a_1']);
    await client.revokeApiKey('key_1/2').catch(() => undefined);
    assert.equal(seen[1]!.url.pathname, '/api-keys/key_1%2F2');
  });
});

describe('TroveClient errors', () => {
  const cases: [number, string, new (...args: never[]) => TroveError][] = [
    [401, 'UNAUTHORIZED', TroveUnauthorizedError],
    [404, 'SOURCE_NOT_FOUND', TroveNotFoundError],
    [409, 'TENANT_ALREADY_EXISTS', TroveConflictError],
    [422, 'VALIDATION_ERROR', TroveValidationError],
    [500, 'INTERNAL_ERROR', TroveServerError],
    [503, 'SERVICE_UNAVAILABLE', TroveUnavailableError],
  ];
  for (const [status, code, type] of cases) {
    it(`${status} is a ${type.name} with the code, message and request id`, async () => {
      const { client } = clientWith(() => failure(status, code, `said ${status}`));
      const error = await client.tenantStats('t').then(
        () => assert.fail('no error'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof type, `${String(error)}`);
      assert.ok(error instanceof TroveError);
      assert.equal(error.status, status);
      assert.equal(error.errorCode, code);
      assert.equal(error.message, `said ${status}`);
      assert.equal(error.requestId, 'req-7');
      assert.equal(error.name, type.name);
    });
  }

  it('lists field errors of a validation failure', async () => {
    const { client } = clientWith(() =>
      failure(422, 'VALIDATION_ERROR', 'Invalid', {
        errors: [{ field: 'tenant_id', message: 'tenant_id must match' }],
      }),
    );
    const error = await client.createTenant({ tenant_id: '!' }).catch((e: unknown) => e);
    assert.ok(error instanceof TroveValidationError);
    assert.deepEqual(error.fieldErrors, [{ field: 'tenant_id', message: 'tenant_id must match' }]);
  });

  it('reads Retry-After of a 429', async () => {
    const { client } = clientWith(
      () =>
        new Response(JSON.stringify({ detail: { message: 'slow down', error_code: 'RATE_LIMITED' } }), {
          status: 429,
          headers: { 'retry-after': '12' },
        }),
    );
    const error = await client.tenantStats('t').catch((e: unknown) => e);
    assert.ok(error instanceof TroveRateLimitError);
    assert.equal(error.retryAfterSeconds, 12);
  });

  it('gives an answer that is not the API shape a code from its status and its text as message', async () => {
    const { client } = clientWith(() => new Response('Bad Gateway', { status: 502 }));
    const error = await client.tenantStats('t').catch((e: unknown) => e);
    assert.ok(error instanceof TroveServerError);
    assert.equal(error.errorCode, 'INTERNAL_ERROR');
    assert.equal(error.message, 'Bad Gateway');
  });

  it('reports no answer as a TroveConnectionError with status 0', async () => {
    const client = new TroveClient({
      baseUrl: 'http://trove.test',
      apiKey: 'k',
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })),
    });
    const error = await client.tenantStats('t').catch((e: unknown) => e);
    assert.ok(error instanceof TroveConnectionError);
    assert.equal(error.status, 0);
    assert.match(error.message, /ECONNREFUSED/);
  });

  it('times a request out with timeoutMs', async () => {
    const client = new TroveClient({
      baseUrl: 'http://trove.test',
      apiKey: 'k',
      timeoutMs: 50,
      // A server that never answers; the timer stands for its socket (AbortSignal.timeout's
      // own timer does not keep the process alive).
      fetch: (request) =>
        new Promise((_resolve, reject) => {
          const socket = setTimeout(() => reject(new Error('the client did not time out')), 5000);
          request.signal.addEventListener('abort', () => {
            clearTimeout(socket);
            reject(request.signal.reason as Error);
          });
        }),
    });
    const error = await client.tenantStats('t').catch((e: unknown) => e);
    assert.ok(error instanceof TroveConnectionError, String(error));
    assert.match(error.message, /50 ms/);
  });
});

describe('waitForProcessing', () => {
  const status = (indexing_status: string, extra: Record<string, unknown> = {}) =>
    json(200, { file_id: 'f', indexing_status, success: true, message: '', ...extra });

  it('polls until completed, reporting every status', async () => {
    const answers = ['queued', 'processing', 'graph_creation', 'completed'];
    const { client, seen } = clientWith(() => status(answers.shift()!));
    const statuses: string[] = [];
    const final = await client.waitForProcessing('f', {
      tenantId: 't',
      subTenantId: 'u',
      intervalMs: 1,
      onStatus: (s) => statuses.push(s.indexing_status),
    });
    assert.equal(final.indexing_status, 'completed');
    assert.deepEqual(statuses, ['queued', 'processing', 'graph_creation', 'completed']);
    assert.equal(seen[0]!.url.search, '?file_id=f&tenant_id=t&sub_tenant_id=u');
  });

  it('resolves an errored item, and stops at graph_creation when searchable is enough', async () => {
    const errored = clientWith(() => status('errored', { error_code: 'INDEXING_FAILED' }));
    assert.equal(
      (await errored.client.waitForProcessing('f', { tenantId: 't' })).error_code,
      'INDEXING_FAILED',
    );
    const searchable = clientWith(() => status('graph_creation'));
    const final = await searchable.client.waitForProcessing('f', { tenantId: 't', until: 'searchable' });
    assert.equal(final.indexing_status, 'graph_creation');
  });

  it('gives up after timeoutMs with the last status', async () => {
    const { client } = clientWith(() => status('processing'));
    const error = await client
      .waitForProcessing('f', { tenantId: 't', timeoutMs: 30, intervalMs: 10 })
      .catch((e: unknown) => e);
    assert.ok(error instanceof TroveProcessingTimeoutError);
    assert.equal(error.lastStatus, 'processing');
  });

  it('rejects at once on an error answer', async () => {
    const { client, seen } = clientWith(() => failure(404, 'FILE_NOT_FOUND', 'no such file'));
    await assert.rejects(client.waitForProcessing('f', { tenantId: 't', intervalMs: 1 }), TroveNotFoundError);
    assert.equal(seen.length, 1);
  });
});

describe('processingEvents', () => {
  /** A response streaming `parts` one by one, as a server writes them. */
  function streamed(parts: string[]): Response {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part === undefined) controller.close();
        else controller.enqueue(encoder.encode(part));
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    });
  }
  const event = (status: string) =>
    JSON.stringify({
      tenant_id: 't',
      sub_tenant_id: 't',
      file_id: 'f',
      status,
      at: '2026-01-01T00:00:00.000Z',
    });

  it('yields status events across chunk boundaries, skipping heartbeats and other events', async () => {
    const first = `event: status\ndata: ${event('queued')}\n\n`;
    const { client, seen } = clientWith(() =>
      streamed([
        first.slice(0, 20),
        first.slice(20),
        ': heartbeat\n\n',
        'event: other\ndata: {}\n\n',
        `event: status\r\ndata: ${event('completed')}\r\n\r\n`,
      ]),
    );
    const statuses: string[] = [];
    for await (const e of client.processingEvents({ tenant_id: 't', file_id: 'f' })) statuses.push(e.status);
    assert.deepEqual(statuses, ['queued', 'completed']);
    assert.equal(seen[0]!.url.pathname, '/ingestion/events');
    assert.equal(seen[0]!.url.search, '?tenant_id=t&file_id=f');
    assert.equal(seen[0]!.headers.get('accept'), 'text/event-stream');
  });

  it('throws the TroveError of a refused stream', async () => {
    const { client } = clientWith(() => failure(404, 'FILE_NOT_FOUND', 'no such file'));
    await assert.rejects(async () => {
      for await (const _ of client.processingEvents({ tenant_id: 't', file_id: 'nope' }))
        assert.fail('an event');
    }, TroveNotFoundError);
  });
});

describe('webhooks', () => {
  it('creates with a JSON body and names the webhook in the query to delete it', async () => {
    const { client, seen } = clientWith((s) =>
      s.url.pathname === '/webhooks/create'
        ? json(200, { webhook_id: 'wh_1', secret: 's' })
        : json(200, { webhook_id: 'wh_1', deleted: true, success: true }),
    );
    const created = await client.createWebhook({
      tenant_id: 't',
      url: 'https://example.com/h',
      events: ['status.completed'],
    });
    assert.equal(created.webhook_id, 'wh_1');
    assert.deepEqual(JSON.parse(seen[0]!.body), {
      tenant_id: 't',
      url: 'https://example.com/h',
      events: ['status.completed'],
    });
    await client.deleteWebhook({ tenant_id: 't', webhook_id: 'wh_1' });
    assert.equal(seen[1]!.method, 'DELETE');
    assert.equal(seen[1]!.url.search, '?tenant_id=t&webhook_id=wh_1');
  });
});
