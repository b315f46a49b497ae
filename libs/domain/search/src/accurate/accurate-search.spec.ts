import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DomainError, HybridSearchRequest } from '@trove/contracts';
import { Embedder, NgramHashingEmbedder } from '@trove/embeddings';
import { PgliteDatabase } from '@trove/platform-database';
import { ChatClient, RerankClient } from '@trove/platform-llm';
import { StubReply, StubServer } from '@trove/testing';
import { analyze } from '@trove/text';
import { SqlChunkStore } from '../adapters/sql/sql-chunk-store';
import { EmbeddedKeywordIndex } from '../adapters/embedded-keyword/embedded-keyword-index';
import { UsearchVectorIndex } from '../adapters/usearch/usearch-vector-index';
import { openChunkSpaces } from '../reembedding/chunk-spaces';
import { SearchService } from '../search.service';
import { AccurateOptions } from './accurate-search';

/** A stand-in endpoint answering every request with `reply` (status 200 unless said). */
async function endpoint(reply: (body: Record<string, unknown>) => StubReply): Promise<StubServer> {
  const stub = await StubServer.start();
  stub.reply = (request) => reply((request.body ?? {}) as Record<string, unknown>);
  return stub;
}

/** The hashing embedder standing in for a contextual model; slow on sentences when told. */
class Contextual extends NgramHashingEmbedder {
  override readonly contextual = true;
  delayMs = 0;
  override async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    // The query is one text; the sentences of the candidates are many.
    if (this.delayMs > 0 && texts.length > 1)
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return super.embedDocuments(texts);
  }
}

const now = new Date().toISOString();
const PARAGRAPHS: [string, string, string][] = [
  [
    'film',
    'Kiss and Tell (1945 film)',
    'Kiss and Tell is a 1945 American comedy film starring Shirley Temple as Corliss Archer, a teenage girl.',
  ],
  [
    'temple',
    'Shirley Temple',
    'Shirley Temple was an American actress who later served as United States Ambassador to Ghana and to Czechoslovakia.',
  ],
  [
    'meet',
    'Meet Corliss Archer',
    'Meet Corliss Archer is a radio comedy about the teenage girl Corliss Archer.',
  ],
  ['ford', 'Gerald Ford', 'Gerald Ford held the government position of President of the United States.'],
  [
    'nixon',
    'Richard Nixon',
    'Richard Nixon held the government position of Vice President and then President.',
  ],
  [
    'senate',
    'United States Senate',
    'The Senate is a government body; a senator holds a government position.',
  ],
];

describe('SearchService, accurate mode', () => {
  let dir: string;
  let db: PgliteDatabase;
  let store: SqlChunkStore;
  let vectors: UsearchVectorIndex;
  let keywords: EmbeddedKeywordIndex;
  const embedder = new NgramHashingEmbedder();
  const scope = { tenant_id: 'acme', sub_tenant_id: 'films' };
  const request = (overrides: Partial<HybridSearchRequest> = {}): HybridSearchRequest => ({
    ...scope,
    query: 'What government position was held by the actress who played Corliss Archer in Kiss and Tell?',
    max_chunks: 6,
    alpha: 0.5,
    recency_bias: 0,
    num_related_chunks: 0,
    search_mode: 'sources',
    ...overrides,
  });
  const serviceWith = (accurate?: AccurateOptions, using: Embedder = embedder) =>
    new SearchService(
      using,
      vectors,
      keywords,
      store,
      openChunkSpaces(db, vectors, store, embedder, join(dir, 'models')),
      {
        recencyHalfLifeDays: 30,
        defaultAlpha: 0.8,
        ...(accurate ? { accurate } : {}),
      },
    );
  const order = (chunks: { source_id: string }[]) => chunks.map((c) => c.source_id);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trove-accurate-'));
    db = await PgliteDatabase.open('memory://');
    store = new SqlChunkStore(db);
    await store.migrate();
    vectors = new UsearchVectorIndex({ dataDir: join(dir, 'vectors') });
    keywords = await EmbeddedKeywordIndex.open({ directory: join(dir, 'keywords'), analyze });
    const service = serviceWith();
    for (const [id, title, text] of PARAGRAPHS) {
      await service.indexChunks({
        ...scope,
        source: { source_id: id, source_type: 'document', title, created_at: now, updated_at: now },
        chunks: [{ chunk_uuid: `${id}_0`, position: 0, text, start: 0, kind: 'original' }],
      });
    }
  });

  after(async () => {
    await keywords.close();
    await vectors.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('follows the first passages to the sources they name (second hops), and says what it ran', async () => {
    const service = serviceWith();
    const fast = await service.hybrid(request());
    assert.equal(fast.accurate, undefined, 'fast mode reports nothing');
    assert.equal(order(fast.chunks)[0], 'film');
    const fastRank = order(fast.chunks).indexOf('temple');
    const accurate = await service.hybrid(request({ mode: 'accurate' }));
    const rank = order(accurate.chunks).indexOf('temple');
    assert.equal(order(accurate.chunks)[0], 'film');
    assert.ok(
      rank < fastRank,
      `the film's passage names Shirley Temple: ${order(accurate.chunks).join(', ')}; fast: ${order(fast.chunks).join(', ')}`,
    );
    const score = (result: typeof fast) =>
      result.chunks.find((c) => c.source_id === 'temple')!.relevancy_score;
    assert.ok(score(accurate) > score(fast));
    assert.equal(accurate.accurate!.degraded, false);
    assert.deepEqual(
      accurate.accurate!.stages.map((s) => [s.stage, s.status]),
      [['second_hops', 'done']],
    );
    assert.equal(accurate.accurate!.queries[0], request().query);
    assert.equal(accurate.accurate!.queries.length, 4, 'the query and one per first passage (beam 3)');
    assert.ok(accurate.accurate!.queries[1]!.includes('Shirley Temple'));
    for (const chunk of accurate.chunks) assert.ok(chunk.relevancy_score >= 0 && chunk.relevancy_score <= 1);
  });

  it('makes second hops from stored vectors by default, without embedding the passages; from text when told to', async () => {
    // Counts the calls that embed a query, whichever way the service asks (the hashing embedder
    // embeds a query with its feedback passages in one call).
    let embedded = 0;
    const counting = Object.create(embedder) as typeof embedder;
    counting.embedQuery = async (text: string) => {
      embedded++;
      return embedder.embedQuery(text);
    };
    counting.embedWeighted = async (texts: string[], weights) => {
      embedded++;
      return embedder.embedWeighted(texts, weights);
    };
    const service = new SearchService(
      counting,
      vectors,
      keywords,
      store,
      openChunkSpaces(db, vectors, store, counting, join(dir, 'models')),
      { recencyHalfLifeDays: 30, defaultAlpha: 0.8, accurate: { hopsTimeoutMs: 2000 } },
    );
    const result = await service.hybrid(request({ mode: 'accurate' }));
    assert.equal(embedded, 1, 'the query only');
    await service.hybrid(request());
    assert.equal(embedded, 2, 'a fast search embeds once too');
    const byText = new SearchService(
      counting,
      vectors,
      keywords,
      store,
      openChunkSpaces(db, vectors, store, counting, join(dir, 'models')),
      { recencyHalfLifeDays: 30, defaultAlpha: 0.8, accurate: { hopsTimeoutMs: 2000, hops: 'text' } },
    );
    const textHops = await byText.hybrid(request({ mode: 'accurate', query: `${request().query} (text)` }));
    assert.equal(embedded, 2 + 4, 'the query, then the query with each of 3 passages');
    assert.ok(order(textHops.chunks).includes('temple'));
    assert.equal(result.accurate!.queries.length, 4);
    const fast = await service.hybrid(request());
    const rank = (r: typeof fast) => order(r.chunks).indexOf('temple');
    assert.ok(rank(result) <= rank(fast), `${order(result.chunks).join(', ')}`);
  });

  it('runs no second hops over memories (they have no titles to name)', async () => {
    const result = await serviceWith().hybrid(request({ mode: 'accurate', search_mode: 'memories' }));
    assert.deepEqual(result.accurate!.stages, []);
    assert.deepEqual(result.accurate!.queries, [request().query]);
  });

  it('orders by a /rerank endpoint when one is configured', async () => {
    const reranker = await endpoint((body) => {
      const documents = body.documents as string[];
      // Ranks the Senate paragraph first, the rest in reverse.
      return {
        body: {
          results: documents.map((d, index) => ({
            index,
            relevance_score: d.includes('Senate') ? 0.99 : 0.5 - index * 0.01,
          })),
        },
      };
    });
    try {
      // With an endpoint, the offline rerank by sentences does not run.
      const service = serviceWith(
        {
          hopsTimeoutMs: 2000,
          sentences: { depth: 10, weight: 0.3 },
          reranker: new RerankClient({ url: reranker.url(), model: 'stand-in' }),
        },
        new Contextual(),
      );
      const result = await service.hybrid(request({ mode: 'accurate' }));
      assert.equal(order(result.chunks)[0], 'senate');
      assert.equal(result.chunks[0]!.relevancy_score, 0.99);
      assert.deepEqual(
        result.accurate!.stages.map((s) => [s.stage, s.status]),
        [
          ['second_hops', 'done'],
          ['rerank', 'done'],
        ],
      );
      assert.equal(reranker.requests.length, 1);
    } finally {
      await reranker.close();
    }
  });

  it('degrades, never fails, when the reranker is down, slow or answers garbage', async () => {
    const expected = order((await serviceWith().hybrid(request({ mode: 'accurate' }))).chunks);
    const garbage = await endpoint(() => ({ body: { results: [{ index: 99, relevance_score: 1 }] } }));
    const slow = await endpoint(() => ({ body: { results: [] }, delayMs: 1500 }));
    const failing = await endpoint(() => ({ status: 500, body: { error: 'down' } }));
    try {
      for (const [what, url] of [
        ['garbage', garbage.url()],
        ['slow', slow.url()],
        ['failing', failing.url()],
        ['unreachable', 'http://127.0.0.1:9'],
      ] as const) {
        const service = serviceWith({
          hopsTimeoutMs: 2000,
          rerankTimeoutMs: 300,
          reranker: new RerankClient({ url, model: 'stand-in', maxRetries: 0 }),
        });
        const started = Date.now();
        const result = await service.hybrid(request({ mode: 'accurate' }));
        assert.ok(Date.now() - started < 1400, `${what}: within the box, took ${Date.now() - started} ms`);
        assert.equal(result.accurate!.degraded, true, what);
        const stage = result.accurate!.stages.find((s) => s.stage === 'rerank')!;
        assert.equal(stage.status, 'failed', what);
        assert.ok(stage.detail, what);
        assert.deepEqual(order(result.chunks), expected, `${what}: the order without the reranker`);
      }
    } finally {
      for (const s of [garbage, slow, failing]) await s.close();
    }
  });

  it('searches the rewrites a chat endpoint gives, and degrades when it answers garbage', async () => {
    const chat = (content: string) =>
      endpoint(() => ({
        body: { choices: [{ message: { content } }], usage: { prompt_tokens: 10, completion_tokens: 5 } },
      }));
    const good = await chat(JSON.stringify({ queries: ['Shirley Temple ambassador', 'Kiss and Tell cast'] }));
    const bad = await chat('I would rather not.');
    try {
      const rewritten = await serviceWith({
        hopsTimeoutMs: 2000,
        rewriter: new ChatClient({ baseUrl: good.url(), model: 'stand-in' }),
      }).hybrid(request({ mode: 'accurate' }));
      assert.deepEqual(rewritten.accurate!.queries.slice(0, 3), [
        request().query,
        'Shirley Temple ambassador',
        'Kiss and Tell cast',
      ]);
      assert.equal(rewritten.accurate!.degraded, false);
      assert.ok(order(rewritten.chunks).slice(0, 2).includes('temple'));

      const refused = await serviceWith({
        hopsTimeoutMs: 2000,
        rewriter: new ChatClient({ baseUrl: bad.url(), model: 'stand-in' }),
      }).hybrid(request({ mode: 'accurate' }));
      assert.equal(refused.accurate!.degraded, true);
      assert.deepEqual(
        refused.accurate!.stages.map((s) => [s.stage, s.status]),
        [
          ['rewrite', 'failed'],
          ['second_hops', 'done'],
        ],
      );
    } finally {
      await good.close();
      await bad.close();
    }
  });

  it('gives up a stage at its time box and goes on without it', async () => {
    const slow = await endpoint(() => ({
      body: { choices: [{ message: { content: '{"queries":["x"]}' } }] },
      delayMs: 2000,
    }));
    try {
      const expected = order((await serviceWith().hybrid(request({ mode: 'accurate' }))).chunks);
      const service = serviceWith({
        hopsTimeoutMs: 2000,
        rewriteTimeoutMs: 200,
        rewriter: new ChatClient({ baseUrl: slow.url(), model: 'stand-in', maxRetries: 0 }),
      });
      const started = Date.now();
      const result = await service.hybrid(request({ mode: 'accurate' }));
      assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
      assert.equal(result.accurate!.degraded, true);
      assert.equal(result.accurate!.stages[0]!.stage, 'rewrite');
      assert.match(result.accurate!.stages[0]!.detail!, /time box|timed out|timeout/i);
      assert.deepEqual(order(result.chunks), expected);
    } finally {
      await slow.close();
    }
  });

  it('rescores the best candidates by their sentences with a contextual model, within its time box', async () => {
    const model = new Contextual();
    const options = { hopsTimeoutMs: 2000, sentences: { depth: 4, weight: 0.3 }, sentencesTimeoutMs: 300 };
    const result = await serviceWith(options, model).hybrid(request({ mode: 'accurate', explain: true }));
    assert.deepEqual(
      result.accurate!.stages.map((s) => [s.stage, s.status]),
      [
        ['second_hops', 'done'],
        ['sentences', 'done'],
      ],
    );
    const rescored = result.chunks.filter((c) => c.explain!.sentence !== undefined);
    assert.equal(rescored.length, 4, 'the depth');
    for (const chunk of result.chunks) assert.ok(chunk.relevancy_score >= 0 && chunk.relevancy_score <= 1);
    // The hashing embedder itself does not read sentences in context: no such stage.
    const plain = await serviceWith(options).hybrid(request({ mode: 'accurate' }));
    assert.deepEqual(
      plain.accurate!.stages.map((s) => s.stage),
      ['second_hops'],
    );
    // Too slow for its time box: reported, and the search goes on without it.
    model.delayMs = 1000;
    const started = Date.now();
    const slow = await serviceWith(options, model).hybrid(request({ mode: 'accurate' }));
    assert.ok(Date.now() - started < 900, `took ${Date.now() - started} ms`);
    assert.equal(slow.accurate!.degraded, true);
    assert.deepEqual(
      slow.accurate!.stages.map((s) => [s.stage, s.status]),
      [
        ['second_hops', 'done'],
        ['sentences', 'failed'],
      ],
    );
    assert.deepEqual(order(slow.chunks), order(plain.chunks));
  });

  it('explains each score: its parts add up to it, step by step', async () => {
    const service = serviceWith();
    const plain = await service.hybrid(request());
    assert.equal(plain.chunks[0]!.explain, undefined, 'only when asked');
    const fast = await service.hybrid(request({ explain: true, recency_bias: 0.2 }));
    for (const chunk of fast.chunks) {
      const e = chunk.explain!;
      assert.equal(e.alpha, 0.5);
      assert.ok(Math.abs(e.fused! - (0.5 * e.semantic! + 0.5 * e.keyword!)) < 1e-9, JSON.stringify(e));
      assert.ok(e.recency! > 0.99, 'indexed just now');
      assert.ok(Math.abs(0.8 * e.fused! + 0.2 * e.recency! - e.final) < 1e-6, JSON.stringify(e));
      assert.equal(e.final, chunk.relevancy_score);
    }
    const accurate = await service.hybrid(request({ mode: 'accurate', explain: true }));
    const temple = accurate.chunks.find((c) => c.source_id === 'temple')!.explain!;
    assert.ok(temple.second_hop! > 0, JSON.stringify(temple));
    assert.ok(Math.abs(1 - (1 - temple.fused!) * (1 - temple.second_hop!) - temple.final) < 1e-9);
  });

  it('refuses a mode it does not know', async () => {
    await assert.rejects(
      serviceWith().hybrid(request({ mode: 'thorough' as 'accurate' })),
      (error: unknown) => error instanceof DomainError && error.code === 'VALIDATION_ERROR',
    );
    await assert.rejects(
      serviceWith().hybrid(request({ explain: 'yes' as unknown as boolean })),
      (error: unknown) => error instanceof DomainError && error.code === 'VALIDATION_ERROR',
    );
  });
});
