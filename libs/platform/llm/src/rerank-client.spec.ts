import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { RerankClient, RerankClientOptions } from './rerank-client';
import { StubServer } from '@trove/testing';
import { llmFailure } from './testing/llm-failure';

const KEY = 'jina_secret_abcdef123456';
const DOCS = ['apples', 'pears', 'plums'];

describe('RerankClient (against a stand-in /rerank server)', () => {
  let server: StubServer;
  before(async () => {
    server = await StubServer.start();
  });
  after(() => server.close());
  beforeEach(() => server.reset());

  const cohere = (overrides: Partial<RerankClientOptions> = {}) =>
    new RerankClient({
      url: server.url('/v2'),
      model: 'rerank-v3.5',
      apiKey: KEY,
      minRetryDelayMs: 5,
      maxRetryDelayMs: 20,
      ...overrides,
    });
  const tei = (overrides: Partial<RerankClientOptions> = {}) =>
    new RerankClient({
      url: server.url(),
      format: 'tei',
      minRetryDelayMs: 5,
      maxRetryDelayMs: 20,
      ...overrides,
    });

  it('cohere format: sends {model, query, documents, top_n} with a bearer key, and aligns the scores', async () => {
    server.reply = () => ({
      body: {
        id: 'x',
        results: [
          { index: 2, relevance_score: 0.9 },
          { index: 0, relevance_score: 0.5 },
          { index: 1, relevance_score: 0.01 },
        ],
        meta: { billed_units: { search_units: 1 } },
      },
    });
    const client = cohere();
    assert.equal(client.url, server.url('/v2/rerank'));
    assert.deepEqual(await client.rerank('fruit', DOCS), [0.5, 0.01, 0.9]);
    const [request] = server.requests;
    assert.equal(request!.path, '/v2/rerank');
    assert.equal(request!.headers.authorization, `Bearer ${KEY}`);
    assert.deepEqual(request!.body, { model: 'rerank-v3.5', query: 'fruit', documents: DOCS, top_n: 3 });
  });

  it('uses a URL that already ends in /rerank as is (Jina), extra fields in results are fine', async () => {
    server.reply = () => ({
      body: {
        model: 'jina-reranker-v2',
        usage: { total_tokens: 12 },
        results: DOCS.map((text, index) => ({ index, document: { text }, relevance_score: index / 10 })),
      },
    });
    const client = cohere({ url: server.url('/v1/rerank/') });
    assert.deepEqual(await client.rerank('fruit', DOCS), [0, 0.1, 0.2]);
    assert.equal(server.requests[0]!.path, '/v1/rerank');
  });

  it('tei format: sends {query, texts, truncate} without a key and reads [{index, score}]', async () => {
    server.reply = () => ({
      body: [
        { index: 1, score: 3.5 },
        { index: 2, score: -1.25 },
        { index: 0, score: 0 },
      ],
    });
    assert.deepEqual(await tei().rerank('fruit', DOCS), [0, 3.5, -1.25]);
    const [request] = server.requests;
    assert.equal(request!.path, '/rerank');
    assert.equal(request!.headers.authorization, undefined);
    assert.deepEqual(request!.body, { query: 'fruit', texts: DOCS, truncate: true });
  });

  it('with topN, documents outside the top get -Infinity (asked of a cohere server, applied locally for TEI)', async () => {
    server.reply = () => ({
      body: {
        results: [
          { index: 1, relevance_score: 0.7 },
          { index: 2, relevance_score: 0.2 },
        ],
      },
    });
    assert.deepEqual(await cohere().rerank('fruit', DOCS, { topN: 2 }), [-Infinity, 0.7, 0.2]);
    assert.equal((server.requests[0]!.body as { top_n: number }).top_n, 2);

    server.reply = () => ({
      body: [
        { index: 0, score: 1 },
        { index: 1, score: 3 },
        { index: 2, score: 2 },
      ],
    });
    assert.deepEqual(await tei().rerank('fruit', DOCS, { topN: 2 }), [-Infinity, 3, 2]);
  });

  it('makes no request for no documents', async () => {
    assert.deepEqual(await cohere().rerank('fruit', []), []);
    assert.equal(server.requests.length, 0);
  });

  const garbage: [string, 'cohere' | 'tei', unknown, RegExp][] = [
    ['not JSON', 'cohere', '{"results": [', /not JSON/],
    ['no results', 'cohere', { data: [] }, /expected a list of results, got nothing/],
    ['results not a list', 'cohere', { results: 'many' }, /expected a list of results/],
    [
      'too few results',
      'cohere',
      { results: [{ index: 0, relevance_score: 1 }] },
      /expected 3 results for 3 documents, got 1/,
    ],
    [
      'an index out of range',
      'cohere',
      { results: [0, 1, 3].map((index) => ({ index, relevance_score: 1 })) },
      /result index 3 is not one of the 3 documents/,
    ],
    [
      'a repeated index',
      'cohere',
      { results: [0, 1, 1].map((index) => ({ index, relevance_score: 1 })) },
      /result index 1 appears twice/,
    ],
    [
      'a fractional index',
      'cohere',
      { results: [0, 1, 1.5].map((index) => ({ index, relevance_score: 1 })) },
      /result index 1\.5/,
    ],
    [
      'a score that is a string',
      'cohere',
      { results: [0, 1, 2].map((index) => ({ index, relevance_score: index === 2 ? '0.5' : 1 })) },
      /result 2 has relevance_score "0.5", not a finite number/,
    ],
    [
      'a missing score (NaN on the wire is null)',
      'tei',
      [0, 1, 2].map((index) => ({ index, score: index === 1 ? null : 1 })),
      /result 1 has score null/,
    ],
    ['a TEI server answering the cohere shape', 'tei', { results: [] }, /expected a list of results/],
    [
      'a huge number',
      'tei',
      '[{"index":0,"score":1e999},{"index":1,"score":1},{"index":2,"score":1}]',
      /result 0 has score/,
    ],
    [
      'too many results',
      'tei',
      [0, 1, 2, 0].map((index) => ({ index, score: 1 })),
      /expected 3 results for 3 documents, got 4/,
    ],
  ];
  for (const [what, format, body, message] of garbage) {
    it(`rejects ${what}, without retrying`, async () => {
      server.reply = () => ({ body });
      const error = await llmFailure((format === 'tei' ? tei() : cohere()).rerank('fruit', DOCS));
      assert.equal(error.kind, 'response');
      assert.equal(error.retryable, false);
      assert.match(error.message, message);
      assert.equal(server.requests.length, 1);
    });
  }

  it('retries a 429 and then succeeds', async () => {
    server.reply = (_, n) =>
      n === 1
        ? { status: 429, body: { message: 'rate limited' } }
        : { body: [0, 1, 2].map((index) => ({ index, score: index })) };
    assert.deepEqual(await tei().rerank('fruit', DOCS), [0, 1, 2]);
    assert.equal(server.requests.length, 2);
  });

  it('gives up on 500s after maxRetries', async () => {
    server.reply = () => ({ status: 500, body: { error: 'model crashed' } });
    const error = await llmFailure(cohere({ maxRetries: 1 }).rerank('fruit', DOCS));
    assert.equal(server.requests.length, 2);
    assert.equal(error.status, 500);
    assert.equal(error.retryable, true);
    assert.equal(
      error.message,
      `POST ${server.url('/v2/rerank')}: answered 500: model crashed (gave up after 2 attempts)`,
    );
  });

  it('never shows the key, even when the server echoes it', async () => {
    server.reply = () => ({ status: 403, body: { detail: `key ${KEY} has no access` } });
    const error = await llmFailure(cohere().rerank('fruit', DOCS));
    assert.equal(error.retryable, false);
    assert.doesNotMatch(error.message, new RegExp(KEY));
    assert.match(error.message, /answered 403: key \*\*\* has no access/);
  });

  it('ends a call to a slow server at its time box (the client default or the call’s own)', async () => {
    server.reply = () => ({ delayMs: 3_000, body: [] });
    let started = Date.now();
    let error = await llmFailure(tei({ timeoutMs: 200 }).rerank('fruit', DOCS));
    let elapsed = Date.now() - started;
    assert.ok(elapsed >= 190 && elapsed < 400, `ended after ${elapsed} ms`);
    assert.equal(error.kind, 'timeout');

    started = Date.now();
    error = await llmFailure(tei().rerank('fruit', DOCS, { timeoutMs: 150 }));
    elapsed = Date.now() - started;
    assert.ok(elapsed >= 140 && elapsed < 350, `ended after ${elapsed} ms`);
    assert.equal(error.kind, 'timeout');
  });

  it("stops when the caller's signal fires", async () => {
    server.reply = () => ({ delayMs: 3_000, body: [] });
    const error = await llmFailure(tei().rerank('fruit', DOCS, { signal: AbortSignal.timeout(100) }));
    assert.equal(error.kind, 'aborted');
    assert.equal(error.retryable, false);
  });

  it('refuses a bad configuration at construction', () => {
    assert.throws(() => cohere({ model: undefined }), /model name is required in the "cohere" format/);
    assert.throws(() => tei({ url: 'ftp://x' }), /url must be an http\(s\) URL/);
    assert.throws(() => tei({ format: 'voyage' as 'tei' }), /format must be "cohere" or "tei"/);
  });
});
