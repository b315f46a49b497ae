import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { FastifyInstance } from 'fastify';
import { toHttpError } from '../errors/error-body';
import { applyRawJsonLimits, closeAfterTooLarge, rawJsonRoute, replaceJsonParser } from './raw-json-routes';

/** Sends headers announcing `declared` bytes and only `sent` of them; resolves with the answer. */
function announce(port: number, path: string, declared: number, sent: number) {
  return new Promise<{ status: number; connection: string | undefined; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const req = httpRequest(
      {
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(declared) },
      },
      (res) => {
        res.resume();
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          ms: Date.now() - started,
        });
        req.destroy();
      },
    );
    req.on('error', reject);
    req.write(Buffer.alloc(sent, 0x20));
  });
}

describe('raw-JSON routes', () => {
  let app: FastifyInstance;
  let port: number;

  before(async () => {
    app = Fastify({ bodyLimit: 100 });
    app.addHook('onRoute', applyRawJsonLimits);
    app.addHook('onSend', (_request, reply, payload, done) => {
      closeAfterTooLarge(reply);
      done(null, payload);
    });
    app.setErrorHandler((error, _request, reply) => {
      const { status, body } = toHttpError(error);
      void reply.code(status).send(body);
    });
    replaceJsonParser(app);
    app.post('/raw', { config: rawJsonRoute(1000) }, (request) => ({
      isBuffer: Buffer.isBuffer(request.body),
      length: (request.body as Buffer).length,
    }));
    app.post('/parsed', (request) => ({ received: request.body }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  after(() => app.close());

  it('hands a raw-JSON route its body unparsed, up to its own limit above the app limit', async () => {
    const body = JSON.stringify({ embeddings: [[1, 2, 3]], pad: 'x'.repeat(800) });
    const response = await app.inject({
      method: 'POST',
      url: '/raw',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { isBuffer: true, length: body.length });
  });

  it('still parses JSON, with the app limit and prototype poisoning refused, on other routes', async () => {
    const ok = await app.inject({ method: 'POST', url: '/parsed', payload: { a: 1 } });
    assert.deepEqual(ok.json(), { received: { a: 1 } });
    const big = await app.inject({ method: 'POST', url: '/parsed', payload: { a: 'x'.repeat(200) } });
    assert.equal(big.statusCode, 413);
    const poisoned = await app.inject({
      method: 'POST',
      url: '/parsed',
      payload: '{"__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(poisoned.statusCode, 422);
    const empty = await app.inject({
      method: 'POST',
      url: '/raw',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(empty.statusCode, 422);
  });

  it('refuses a body over the route limit with 413 as it streams in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/raw',
      payload: Buffer.alloc(1001, 0x20),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json<{ detail: { error_code: string } }>().detail.error_code, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 413 to a declared length over the limit before the body is sent, and closes', async () => {
    // 1 GB announced, 10 bytes sent: the answer cannot wait for the rest.
    const answer = await announce(port, '/raw', 1_000_000_000, 10);
    assert.equal(answer.status, 413);
    assert.equal(answer.connection, 'close');
    assert.ok(answer.ms < 2000, `took ${answer.ms} ms`);
  });
});
