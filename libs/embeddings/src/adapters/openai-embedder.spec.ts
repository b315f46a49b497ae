import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { describeEmbedder } from '../ports/embedder.contract';
import { EmbeddingError } from '../embedding-error';
import { NgramHashingEmbedder } from './ngram-hashing-embedder';
import { OpenAiEmbedder, type OpenAiEmbedderOptions } from './openai-embedder';

interface Received {
  path: string;
  authorization: string | undefined;
  body: { model: string; input: string[] };
}

type Handler = (req: Received, res: ServerResponse, count: number) => void;

/** A stand-in embeddings server: text → [length, 1, 0] (before normalisation). */
function embeddingsFor(
  input: string[],
  dims = 3,
): { data: { object: string; index: number; embedding: number[] }[] } {
  return {
    data: input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: [text.length, 1, 0, 0, 0].slice(0, dims),
    })),
  };
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const expected = (text: string): number[] => {
  const n = Math.hypot(text.length, 1);
  return [text.length / n, 1 / n, 0].map(Math.fround);
};

function isEmbeddingError(status: number | undefined, pattern: RegExp) {
  return (e: unknown): boolean => {
    assert.ok(e instanceof EmbeddingError, `expected an EmbeddingError, got ${String(e)}`);
    assert.equal(e.provider, 'openai');
    assert.equal(e.status, status);
    assert.match(e.message, pattern);
    return true;
  };
}

describe('OpenAiEmbedder', () => {
  let server: Server;
  let baseUrl: string;
  let handler: Handler;
  let requests: Received[];

  before(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received: Received = {
          path: req.url ?? '',
          authorization: req.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'],
        };
        requests.push(received);
        handler(received, res, requests.length);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    requests = [];
    handler = (req, res) => json(res, 200, embeddingsFor(req.body.input));
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const embedder = (options: Partial<OpenAiEmbedderOptions> = {}) =>
    new OpenAiEmbedder({ baseUrl, model: 'test-embed', minRetryDelayMs: 5, maxRetryDelayMs: 20, ...options });

  it('posts batches of maxBatchSize to /v1/embeddings and returns normalised vectors in order', async () => {
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const vectors = await embedder({ maxBatchSize: 2, apiKey: 'sk-test' }).embedDocuments(texts);
    assert.deepEqual(
      requests.map((r) => r.body.input),
      [['a', 'bb'], ['ccc', 'dddd'], ['eeeee']],
    );
    assert.ok(requests.every((r) => r.path === '/v1/embeddings' && r.body.model === 'test-embed'));
    assert.ok(requests.every((r) => r.authorization === 'Bearer sk-test'));
    assert.deepEqual(
      vectors.map((v) => [...v]),
      texts.map(expected),
    );
  });

  it('accepts a base URL that already ends in /v1, and sends no Authorization without a key', async () => {
    const e = new OpenAiEmbedder({ baseUrl: `${baseUrl}/v1/`, model: 'm' });
    assert.equal(e.modelId, 'openai-compatible:m');
    await e.embedQuery('x');
    assert.equal(requests[0]!.path, '/v1/embeddings');
    assert.equal(requests[0]!.authorization, undefined);
  });

  it('orders the results by their index, not by their position in the response', async () => {
    handler = (req, res) => json(res, 200, { data: embeddingsFor(req.body.input).data.reverse() });
    const vectors = await embedder().embedDocuments(['a', 'bbb', 'ccccc']);
    assert.deepEqual(
      vectors.map((v) => [...v]),
      ['a', 'bbb', 'ccccc'].map(expected),
    );
  });

  it('learns the dimension from the first response', async () => {
    const e = embedder();
    assert.throws(() => e.dimension, /not known yet/);
    assert.equal(await e.detectDimension(), 3);
    assert.equal(e.dimension, 3);
  });

  it('retries a 500 and succeeds', async () => {
    handler = (req, res, count) =>
      count === 1
        ? json(res, 500, { error: { message: 'overloaded' } })
        : json(res, 200, embeddingsFor(req.body.input));
    const [v] = await embedder().embedDocuments(['abc']);
    assert.equal(requests.length, 2);
    assert.deepEqual([...v!], expected('abc'));
  });

  it('gives up after maxRetries and says how often it tried', async () => {
    handler = (_req, res) => json(res, 503, { error: 'model is loading' });
    await assert.rejects(
      embedder({ maxRetries: 2 }).embedDocuments(['a']),
      isEmbeddingError(503, /503: model is loading \(gave up after 3 attempts\)/),
    );
    assert.equal(requests.length, 3);
  });

  it('waits for the Retry-After of a 429 before trying again', async () => {
    handler = (req, res, count) =>
      count === 1
        ? json(res, 429, { error: { message: 'rate limited' } }, { 'retry-after': '1' })
        : json(res, 200, embeddingsFor(req.body.input));
    const started = performance.now();
    await embedder().embedDocuments(['a']);
    const waited = performance.now() - started;
    assert.equal(requests.length, 2);
    assert.ok(waited >= 950, `retried after ${Math.round(waited)} ms`);
  });

  it('fails at once when Retry-After is longer than it is willing to wait', async () => {
    handler = (_req, res) => json(res, 429, { error: { message: 'quota' } }, { 'retry-after': '3600' });
    await assert.rejects(embedder().embedDocuments(['a']), isEmbeddingError(429, /Retry-After 3600.*quota/));
    assert.equal(requests.length, 1);
  });

  it('does not retry a 400, and reports the server message', async () => {
    handler = (_req, res) => json(res, 400, { error: { message: "model 'test-embed' not found" } });
    await assert.rejects(
      embedder().embedDocuments(['a']),
      isEmbeddingError(400, /returned 400: model 'test-embed' not found/),
    );
    assert.equal(requests.length, 1);
  });

  it('times out a request that hangs, retries it, then fails', async () => {
    handler = () => undefined; // never answers
    const started = performance.now();
    await assert.rejects(
      embedder({ timeoutMs: 100, maxRetries: 1 }).embedDocuments(['a']),
      isEmbeddingError(undefined, /no response within 100 ms \(gave up after 2 attempts\)/),
    );
    assert.equal(requests.length, 2);
    assert.ok(performance.now() - started < 2000);
  });

  it('retries when the connection fails', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const e = new OpenAiEmbedder({
      baseUrl: `http://127.0.0.1:${port}`,
      model: 'm',
      maxRetries: 1,
      minRetryDelayMs: 5,
    });
    await assert.rejects(
      e.embedDocuments(['a']),
      isEmbeddingError(undefined, /request failed.*gave up after 2 attempts/),
    );
  });

  it('refuses vectors of another dimension than configured', async () => {
    await assert.rejects(
      embedder({ dimension: 4 }).embedDocuments(['a']),
      isEmbeddingError(undefined, /returned 3-d embeddings, expected 4-d \(configured\)/),
    );
  });

  it('refuses a later response whose dimension differs from the first', async () => {
    const e = embedder();
    await e.embedDocuments(['a']);
    handler = (req, res) => json(res, 200, embeddingsFor(req.body.input, 5));
    await assert.rejects(
      e.embedDocuments(['b']),
      isEmbeddingError(undefined, /returned 5-d embeddings, expected 3-d \(learned/),
    );
    assert.equal(requests.length, 2);
  });

  it('refuses a response with the wrong number of embeddings', async () => {
    handler = (req, res) => json(res, 200, embeddingsFor(req.body.input.slice(1)));
    await assert.rejects(embedder().embedDocuments(['a', 'b']), /expected "data" with 2 embeddings, got 1/);
  });
});

/**
 * A stand-in embeddings server for the contract: real vectors (the n-gram hashing embedder's,
 * 64-d), scaled by 3 so that normalising is left to the client, listed in reverse so that only
 * their index puts them in order.
 */
async function standInServer(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const model = new NgramHashingEmbedder({ dimension: 64 });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { input } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'];
      const data = input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: [...model.embedText(text)].map((x) => 3 * x),
      }));
      json(res, 200, { object: 'list', data: data.reverse() });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

for (const [what, dimension] of [
  ['configured', 64],
  ['learned from the first response', undefined],
] as const) {
  describeEmbedder(`OpenAiEmbedder against a stand-in server, dimension ${what}`, async () => {
    const server = await standInServer();
    const make = async () => {
      const embedder = new OpenAiEmbedder({
        baseUrl: server.baseUrl,
        model: 'stand-in',
        dimension,
        maxBatchSize: 5,
      });
      await embedder.detectDimension();
      return embedder;
    };
    return { embedder: await make(), reopen: make, dispose: () => server.close() };
  });
}
