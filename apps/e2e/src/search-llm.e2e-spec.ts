import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AccurateStage, SearchResult } from '@trove/contracts';
import { ApiClient, startTrove, StubServer, TroveRig } from '@trove/testing';
import { expectError } from './suites/expect-error';
import { uploadDocument, waitForProcessing } from './suites/sources-fixtures';

const RERANK_KEY = 'sk-rerank-e2e-secret-91';
const CHAT_KEY = 'sk-chat-e2e-secret-37';
const RERANK_TIMEOUT_MS = 800;

const QUERY = 'Which river flows through the old city of Tarvonne?';
const REWRITES = ['river past the cathedral of Tarvonne', 'Tarvonne city river name'];

// The festival page repeats the query's words, so fast mode puts it first; the Selmar page is
// the one that answers, and the stand-in reranker says so.
const DOCUMENTS: [file_id: string, text: string, rerank: number][] = [
  [
    'river-festival',
    'The Tarvonne river festival fills the old city of Tarvonne every spring: river boats parade through the old city, and the city of Tarvonne sings by the river.',
    0.41,
  ],
  ['river-selmar', 'The Selmar flows past the cathedral of Tarvonne before it reaches the sea.', 0.93],
  ['bakeries', 'Tarvonne is known for its bakeries and their rye bread.', 0.12],
  ['trails', 'Hikers walk the mountain trails north of Tarvonne in summer.', 0.05],
];

const rerankScore = (text: string): number =>
  DOCUMENTS.find(([, doc]) => text.includes(doc.slice(0, 40)))?.[2] ?? 0.01;

/**
 * Accurate search with the optional endpoints (standalone, over HTTP): a chat endpoint rewrites
 * the query and a `/rerank` endpoint (Cohere shape) orders the candidates, both stand-ins this
 * test starts. A stage whose endpoint fails, is too slow, or answers nonsense is skipped and
 * reported; the search still answers 200, degraded, and never shows the keys.
 */
describe('accurate search with rerank and chat endpoints (standalone)', { timeout: 240_000 }, () => {
  let rerank: StubServer;
  let chat: StubServer;
  let rig: TroveRig;
  let alice: ApiClient;
  let rerankMode: 'good' | 'error' | 'slow' | 'garbage' | 'shape' = 'good';
  let chatMode: 'good' | 'garbage' | 'down' = 'good';
  const tenant = `search-llm-${Date.now()}`;
  const sub_tenant_id = 'rivers';

  before(async () => {
    rerank = await StubServer.start();
    rerank.reply = (request) => {
      const body = request.body as { documents?: string[] } | undefined;
      const documents = body?.documents ?? [];
      switch (rerankMode) {
        case 'error':
          return { status: 500, body: `{"error":"invalid api key ${RERANK_KEY}"}` };
        case 'garbage':
          return { body: '<html><body>Bad gateway, sort of</body></html>' };
        case 'shape':
          return { body: { results: documents.map((_, index) => ({ index, score: 0.5 })) } };
        case 'good':
        case 'slow': {
          const results = documents
            .map((text, index) => ({ index, relevance_score: rerankScore(text) }))
            .sort((a, b) => b.relevance_score - a.relevance_score);
          return { body: { id: 'rr-1', results }, ...(rerankMode === 'slow' ? { delayMs: 3_000 } : {}) };
        }
      }
    };
    chat = await StubServer.start();
    chat.reply = () => {
      if (chatMode === 'down') return { status: 503, body: { error: { message: 'overloaded' } } };
      const content =
        chatMode === 'garbage'
          ? 'Sure! The river is probably the Selmar, I think.'
          : JSON.stringify({ queries: REWRITES });
      return {
        body: {
          choices: [{ message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 90, completion_tokens: 20, total_tokens: 110 },
        },
      };
    };
    rig = await startTrove('standalone', {
      env: {
        SEARCH_RERANK_URL: rerank.url(),
        SEARCH_RERANK_MODEL: 'tiny-reranker',
        SEARCH_RERANK_API_KEY: RERANK_KEY,
        SEARCH_RERANK_TIMEOUT_MS: String(RERANK_TIMEOUT_MS),
        SEARCH_LLM_URL: chat.url(),
        SEARCH_LLM_MODEL: 'tiny-chat',
        SEARCH_LLM_API_KEY: CHAT_KEY,
        SEARCH_LLM_TIMEOUT_MS: '2500',
      },
    });
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const key = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
      json: { owner: 'alice' },
    });
    assert.equal(key.status, 200, JSON.stringify(key.body));
    alice = new ApiClient(rig.baseUrl, key.body.full_api_key);
    assert.equal((await alice.post('/tenants/create', { json: { tenant_id: tenant } })).status, 200);
    for (const [file_id, text] of DOCUMENTS) {
      const accepted = await uploadDocument(
        alice,
        { tenant_id: tenant, sub_tenant_id, file_id, title: file_id },
        { bytes: text, name: `${file_id}.txt` },
      );
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    }
    for (const [file_id] of DOCUMENTS) {
      const { final } = await waitForProcessing(alice, { tenant_id: tenant, sub_tenant_id, file_id });
      assert.equal(final.indexing_status, 'completed', JSON.stringify(final));
    }
  });

  after(async () => {
    await rig?.dispose();
    await rerank?.close();
    await chat?.close();
  });

  const search = (body: Record<string, unknown> = {}) =>
    alice.post<SearchResult>('/search/hybrid-search', {
      json: { tenant_id: tenant, sub_tenant_id, query: QUERY, ...body },
    });
  const order = (result: SearchResult) => result.chunks.map((c) => c.source_id);
  const stages = (result: SearchResult) =>
    result.accurate!.stages.map((s): [AccurateStage['stage'], AccurateStage['status']] => [
      s.stage,
      s.status,
    ]);
  const stage = (result: SearchResult, name: AccurateStage['stage']) =>
    result.accurate!.stages.find((s) => s.stage === name)!;
  const noKeys = (result: unknown) => {
    const text = JSON.stringify(result);
    assert.ok(!text.includes(RERANK_KEY), 'the rerank key reached the answer');
    assert.ok(!text.includes(CHAT_KEY), 'the chat key reached the answer');
  };
  let fastOrder: string[] = [];

  it('reranks by the endpoint: its order and scores, the rewrites searched, every stage done', async () => {
    rerankMode = 'good';
    chatMode = 'good';
    const fast = await search();
    assert.equal(fast.status, 200, JSON.stringify(fast.body));
    assert.equal(fast.body.accurate, undefined);
    fastOrder = order(fast.body);
    assert.equal(fastOrder[0], 'river-festival', JSON.stringify(fastOrder));
    assert.ok(fastOrder.includes('river-selmar'), JSON.stringify(fastOrder));
    assert.equal(rerank.requests.length, 0, 'fast mode called the reranker');
    assert.equal(chat.requests.length, 0, 'fast mode called the chat endpoint');

    const accurate = await search({ mode: 'accurate', explain: true });
    assert.equal(accurate.status, 200, JSON.stringify(accurate.body));
    const report = accurate.body.accurate!;
    assert.deepEqual(stages(accurate.body), [
      ['rewrite', 'done'],
      ['second_hops', 'done'],
      ['rerank', 'done'],
    ]);
    assert.equal(report.degraded, false, JSON.stringify(report));
    assert.equal(report.queries[0], QUERY);
    for (const rewrite of REWRITES)
      assert.ok(report.queries.includes(rewrite), JSON.stringify(report.queries));
    assert.deepEqual(order(accurate.body), ['river-selmar', 'river-festival', 'bakeries', 'trails']);
    const first = accurate.body.chunks[0]!;
    assert.equal(first.explain?.rerank, 0.93, JSON.stringify(first.explain));
    assert.equal(first.relevancy_score, 0.93);
    for (const chunk of accurate.body.chunks)
      assert.equal(chunk.explain?.rerank, rerankScore(chunk.chunk_content), JSON.stringify(chunk.explain));

    assert.equal(chat.requests.length, 1);
    const asked = chat.requests[0]!;
    assert.equal(asked.path, '/v1/chat/completions');
    assert.equal(asked.headers.authorization, `Bearer ${CHAT_KEY}`);
    const chatBody = asked.body as { model: string; messages: { role: string; content: string }[] };
    assert.equal(chatBody.model, 'tiny-chat');
    assert.equal(chatBody.messages.at(-1)?.content, QUERY);

    assert.equal(rerank.requests.length, 1);
    const sent = rerank.requests[0]!;
    assert.equal(sent.method, 'POST');
    assert.equal(sent.path, '/rerank');
    assert.equal(sent.headers.authorization, `Bearer ${RERANK_KEY}`);
    const rerankBody = sent.body as { model: string; query: string; documents: string[]; top_n: number };
    assert.equal(rerankBody.model, 'tiny-reranker');
    assert.equal(rerankBody.query, QUERY);
    assert.equal(rerankBody.documents.length, DOCUMENTS.length, JSON.stringify(rerankBody.documents));
    assert.equal(rerankBody.top_n, DOCUMENTS.length);
    for (const [, text] of DOCUMENTS)
      assert.ok(
        rerankBody.documents.some((d) => d.includes(text)),
        `${text} not sent: ${JSON.stringify(rerankBody.documents)}`,
      );
    noKeys(accurate.body);
  });

  it('the reranker answers 500: 200, rerank failed, degraded, the order before it, no key', async () => {
    rerankMode = 'error';
    chatMode = 'good';
    rerank.requests.length = 0;
    const response = await search({ mode: 'accurate', explain: true });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(stages(response.body), [
      ['rewrite', 'done'],
      ['second_hops', 'done'],
      ['rerank', 'failed'],
    ]);
    assert.equal(response.body.accurate!.degraded, true);
    assert.match(stage(response.body, 'rerank').detail ?? '', /500/);
    assert.ok(rerank.requests.length >= 1);
    assert.ok(response.body.chunks.length > 0);
    assert.equal(order(response.body)[0], fastOrder[0], JSON.stringify(order(response.body)));
    assert.deepEqual([...order(response.body)].sort(), [...fastOrder].sort());
    for (const chunk of response.body.chunks)
      assert.equal(chunk.explain?.rerank, undefined, JSON.stringify(chunk.explain));
    noKeys(response.body);
  });

  it('the reranker is slower than its time box: 200 in bounded time, rerank failed, degraded', async () => {
    rerankMode = 'slow';
    chatMode = 'good';
    const started = Date.now();
    const response = await search({ mode: 'accurate' });
    const elapsed = Date.now() - started;
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.ok(elapsed < 3_000, `the search waited for the slow reranker: ${elapsed} ms`);
    assert.deepEqual(stages(response.body), [
      ['rewrite', 'done'],
      ['second_hops', 'done'],
      ['rerank', 'failed'],
    ]);
    assert.match(stage(response.body, 'rerank').detail ?? '', new RegExp(`${RERANK_TIMEOUT_MS} ms`));
    assert.equal(response.body.accurate!.degraded, true);
    assert.equal(order(response.body)[0], fastOrder[0], JSON.stringify(order(response.body)));
    noKeys(response.body);
  });

  it('both endpoints answer nonsense: 200, rewrite and rerank failed, degraded', async () => {
    chatMode = 'garbage';
    for (const mode of ['garbage', 'shape'] as const) {
      rerankMode = mode;
      const response = await search({ mode: 'accurate' });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(
        stages(response.body),
        [
          ['rewrite', 'failed'],
          ['second_hops', 'done'],
          ['rerank', 'failed'],
        ],
        mode,
      );
      assert.equal(response.body.accurate!.degraded, true);
      assert.match(stage(response.body, 'rewrite').detail ?? '', /not JSON/);
      assert.match(
        stage(response.body, 'rerank').detail ?? '',
        mode === 'garbage' ? /not JSON/ : /relevance_score/,
      );
      for (const rewrite of REWRITES) assert.ok(!response.body.accurate!.queries.includes(rewrite));
      assert.ok(response.body.chunks.length > 0);
      assert.equal(order(response.body)[0], fastOrder[0], JSON.stringify(order(response.body)));
      noKeys(response.body);
    }
  });

  it('the chat endpoint is down while the reranker works: rewrite failed, rerank done, degraded', async () => {
    chatMode = 'down';
    rerankMode = 'good';
    const response = await search({ mode: 'accurate', explain: true });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(stages(response.body), [
      ['rewrite', 'failed'],
      ['second_hops', 'done'],
      ['rerank', 'done'],
    ]);
    assert.equal(response.body.accurate!.degraded, true);
    assert.match(stage(response.body, 'rewrite').detail ?? '', /503/);
    for (const rewrite of REWRITES) assert.ok(!response.body.accurate!.queries.includes(rewrite));
    assert.equal(order(response.body)[0], 'river-selmar', JSON.stringify(order(response.body)));
    assert.equal(response.body.chunks[0]!.explain?.rerank, 0.93);
    noKeys(response.body);
  });

  it('bad values are still refused with 422 in accurate mode, before any endpoint is called', async () => {
    chatMode = 'good';
    rerankMode = 'good';
    const before = { rerank: rerank.requests.length, chat: chat.requests.length };
    expectError(await search({ mode: 'accurat' }), 422, 'VALIDATION_ERROR');
    expectError(await search({ mode: 1 }), 422, 'VALIDATION_ERROR');
    expectError(await search({ mode: 'accurate', explain: 'yes' }), 422, 'VALIDATION_ERROR');
    expectError(await search({ mode: 'accurate', query: '' }), 422, 'VALIDATION_ERROR');
    assert.deepEqual({ rerank: rerank.requests.length, chat: chat.requests.length }, before);
  });

  it('logs neither key', () => {
    assert.ok(!rig.output().includes(RERANK_KEY), 'the rerank key reached the log');
    assert.ok(!rig.output().includes(CHAT_KEY), 'the chat key reached the log');
  });
});
