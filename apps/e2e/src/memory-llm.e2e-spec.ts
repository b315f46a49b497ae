import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AddMemoryResult, GenerateMemoryResult, RetrieveMemoryResult } from '@trove/contracts';
import { ApiClient, startTrove, StubServer, TroveRig } from '@trove/testing';

const KEY = 'sk-memory-e2e-secret-42';

/**
 * MEMORY_INFERENCE=llm end to end (standalone): generate_user_memory and add with `infer` go to an
 * OpenAI-compatible chat endpoint (a stand-in this test starts), the model's statements become
 * the memories with its token counts; when the endpoint fails or is too slow, the offline
 * inference answers, still 200, and the answer says why.
 */
describe('memory inference by an LLM (standalone)', { timeout: 180_000 }, () => {
  let chat: StubServer;
  let rig: TroveRig;
  let alice: ApiClient;
  let mode: 'good' | 'error' | 'slow' = 'good';
  const asked: { model: string; authorization?: string; text: string }[] = [];
  const tenant = `memory-llm-${Date.now()}`;
  const pairs = [
    { user: 'Hello!', assistant: 'Hi! How can I help?' },
    { user: 'I work as a baker in Porto. I love rye sourdough.', assistant: 'Rye is wonderful.' },
  ];

  before(async () => {
    chat = await StubServer.start();
    chat.reply = (request) => {
      const body = request.body as { model: string; messages: { content: string }[] };
      asked.push({
        model: body.model,
        authorization: request.headers.authorization,
        text: body.messages.map((m) => m.content).join('\n'),
      });
      if (mode === 'error') return { status: 500, body: `{"error":"bad key ${KEY}"}` };
      const content = JSON.stringify({
        memories: [
          { text: 'Carla works as a baker in Porto.', kind: 'fact' },
          { text: 'Carla loves rye sourdough.', kind: 'preference' },
          { text: 'Carla is happy.', kind: 'mood' },
        ],
      });
      return {
        body: {
          choices: [{ message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 401, completion_tokens: 33, total_tokens: 434 },
        },
        ...(mode === 'slow' ? { delayMs: 4_000 } : {}),
      };
    };
    const url = chat.url();
    rig = await startTrove('standalone', {
      env: {
        MEMORY_INFERENCE: 'llm',
        MEMORY_LLM_URL: url,
        MEMORY_LLM_MODEL: 'tiny-model',
        MEMORY_LLM_API_KEY: KEY,
        MEMORY_LLM_TIMEOUT_MS: '1500',
      },
    });
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const key = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
      json: { owner: 'alice' },
    });
    alice = new ApiClient(rig.baseUrl, key.body.full_api_key);
    assert.equal((await alice.post('/tenants/create', { json: { tenant_id: tenant } })).status, 200);
  });

  after(async () => {
    await rig?.dispose();
    await chat?.close();
  });

  const generate = () =>
    alice.post<GenerateMemoryResult>('/user_memory/generate_user_memory', {
      json: { tenant_id: tenant, sub_tenant_id: 'llm', user_name: 'Carla', user_assistant_pairs: pairs },
    });

  it('generates the memories the model gives, with its token counts', async () => {
    mode = 'good';
    const response = await generate();
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.inference, 'llm:tiny-model');
    assert.deepEqual(response.body.usage, { prompt_tokens: 401, completion_tokens: 33 });
    assert.equal(response.body.inference_fallback, undefined);
    assert.deepEqual(
      response.body.memories.map((m) => [m.source_content, m.kind]),
      [
        ['Carla works as a baker in Porto.', 'fact'],
        ['Carla loves rye sourdough.', 'preference'],
      ],
    );
    const last = asked.at(-1)!;
    assert.equal(last.model, 'tiny-model');
    assert.equal(last.authorization, `Bearer ${KEY}`);
    assert.match(last.text, /Carla: I work as a baker in Porto\./);
    const found = await alice.post<RetrieveMemoryResult>(
      `/user_memory/retrieve_user_memory?tenant_id=${tenant}&sub_tenant_id=llm`,
      { json: { query: 'Where does Carla work as a baker?' } },
    );
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.ok(found.body.user_memories.some((m) => m.source_content === 'Carla works as a baker in Porto.'));
  });

  it('falls back to the offline inference when the endpoint answers 500: 200, and the answer says why', async () => {
    mode = 'error';
    const response = await generate();
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.inference, 'offline');
    assert.equal(response.body.inference_fallback, 'the model endpoint answered HTTP 500');
    assert.deepEqual(
      response.body.memories.map((m) => m.source_content),
      ['Carla works as a baker in Porto.', 'Carla loves rye sourdough.'],
    );
    assert.ok(!JSON.stringify(response.body).includes(KEY));
  });

  it('keeps an add with infer when the endpoint is slower than its time box', async () => {
    mode = 'slow';
    const started = Date.now();
    const response = await alice.post<AddMemoryResult>('/user_memory/add_user_memory', {
      json: { tenant_id: tenant, sub_tenant_id: 'llm', raw_text: 'I adopted a cat named Miso.', infer: true },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.ok(Date.now() - started < 4_000, 'the add waited for the slow endpoint');
    assert.equal(response.body.user_memory_added, true);
    assert.equal(response.body.inference, 'offline');
    assert.equal(response.body.inference_fallback, 'the model did not answer within 1500 ms');
    assert.equal(response.body.inferred_chunks, 1);
  });

  it('logs one warning line per fallback, without the key or the text', () => {
    const lines = rig.output().split('\n');
    const warnings = lines.filter((line) => line.includes('the offline inference answered instead'));
    assert.equal(warnings.length, 2, warnings.join('\n'));
    assert.ok(!rig.output().includes(KEY), 'the key reached the log');
    assert.ok(
      warnings.every((line) => !/baker|Miso/.test(line)),
      'the text reached the log',
    );
  });
});
