import 'reflect-metadata';
import assert from 'node:assert/strict';
import { IncomingHttpHeaders } from 'node:http';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { validateSync } from 'class-validator';
import { UserAssistantPair } from '@trove/contracts';
import { RecordingTransportClient, StubServer } from '@trove/testing';
import { openMemoryInference } from '../../memory.adapters';
import { MemorySettings } from '../../memory-settings';
import { MemoryInferenceInput } from '../../ports/memory-inference';
import { MemoryRig, openMemoryRig } from '../../testing/memory.test-rig';
import { OfflineMemoryInference } from '../offline/offline-memory-inference';
import { LlmMemoryInference, LlmMemoryInferenceOptions } from './llm-memory-inference';
import { MEMORY_SCHEMA, readAnswer } from './llm-memory-prompt';

const KEY = 'sk-memory-secret-0123456789';
const TIME_BOX_MS = 600;

/** A request the stand-in chat endpoint saw, with the body a chat client sends. */
interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    max_tokens?: number;
    response_format: { type: string; json_schema?: { name: string; strict: boolean; schema: unknown } };
    messages: { role: string; content: string }[];
  };
}
const seen = (stub: StubServer) => stub.requests as unknown as Seen[];

const completion = (content: unknown, prompt = 640, completionTokens = 42) => ({
  choices: [{ message: { role: 'assistant', content } }],
  usage: {
    prompt_tokens: prompt,
    completion_tokens: completionTokens,
    total_tokens: prompt + completionTokens,
  },
});

const PAIRS: UserAssistantPair[] = [
  { user: 'Hi there!', assistant: 'Hello! How can I help?' },
  { user: 'I work as a nurse in Lisbon. I love surfing at dawn.', assistant: 'Carcavelos has great waves.' },
];

const input = (overrides: Partial<MemoryInferenceInput> = {}): MemoryInferenceInput => ({
  user_assistant_pairs: PAIRS,
  user_name: 'Ana',
  custom_instructions: 'Keep work and hobbies.',
  reference_time: new Date('2026-05-14T10:00:00Z'),
  ...overrides,
});

/** What the offline inference makes of the same input: what a fallback must answer. */
const offlineOf = async (i: MemoryInferenceInput) => (await new OfflineMemoryInference().infer(i)).memories;

describe('LlmMemoryInference (against a stand-in chat endpoint)', () => {
  let chat: StubServer;
  let warnings: string[];
  before(async () => {
    chat = await StubServer.start();
  });
  after(() => chat.close());
  beforeEach(() => {
    chat.reset();
    warnings = [];
  });

  const inference = (overrides: Partial<LlmMemoryInferenceOptions> = {}) =>
    new LlmMemoryInference({
      baseUrl: chat.url(),
      model: 'tiny-model',
      apiKey: KEY,
      timeoutMs: TIME_BOX_MS,
      minRetryDelayMs: 10,
      warn: (line) => warnings.push(line),
      ...overrides,
    });

  /** Runs an inference that must fall back: offline memories, the reason, one warning, in the box. */
  async function fallsBack(expectedReason: RegExp) {
    const started = Date.now();
    const result = await inference().infer(input());
    const elapsed = Date.now() - started;
    assert.equal(result.inference, 'offline');
    assert.match(result.fallback ?? '', expectedReason);
    assert.deepEqual(result.memories, await offlineOf(input()));
    assert.ok(result.memories.length > 0, 'the user still gets memories');
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /llm:tiny-model .*offline inference answered instead/);
    assert.ok(!JSON.stringify(result).includes(KEY) && !warnings[0]!.includes(KEY), 'the key leaked');
    assert.ok(!warnings[0]!.includes('surfing'), 'the text reached the log');
    return { result, elapsed };
  }

  it('answers the memories the model gives, with its token counts, asking with a bearer key', async () => {
    chat.reply = () => ({
      body: completion(
        JSON.stringify({
          memories: [
            { text: 'Ana works as a nurse in Lisbon.', kind: 'fact' },
            { text: '  Ana loves   surfing at dawn. ', kind: 'Preference' },
          ],
        }),
      ),
    });
    const llm = inference();
    assert.equal(llm.name, 'llm:tiny-model');
    const result = await llm.infer(input());
    assert.deepEqual(result, {
      memories: [
        { text: 'Ana works as a nurse in Lisbon.', kind: 'fact' },
        { text: 'Ana loves surfing at dawn.', kind: 'preference' },
      ],
      inference: 'llm:tiny-model',
      usage: { prompt_tokens: 640, completion_tokens: 42 },
    });
    assert.deepEqual(warnings, []);
    const [request] = seen(chat);
    assert.equal(seen(chat).length, 1);
    assert.equal(request!.path, '/v1/chat/completions');
    assert.equal(request!.headers.authorization, `Bearer ${KEY}`);
    assert.equal(request!.body.model, 'tiny-model');
    assert.deepEqual(request!.body.response_format, {
      type: 'json_schema',
      json_schema: { name: 'memories', strict: true, schema: MEMORY_SCHEMA },
    });
    const [system, user] = request!.body.messages;
    assert.equal(system!.role, 'system');
    assert.match(system!.content, /third person/);
    assert.match(user!.content, /User's name: Ana/);
    assert.match(user!.content, /Today: Thursday 2026-05-14/);
    assert.match(user!.content, /Keep work and hobbies\./);
    assert.match(user!.content, /Ana: I work as a nurse in Lisbon\./);
    assert.match(user!.content, /Assistant: Carcavelos has great waves\./);
  });

  it('sends a text as the user\'s own words, and "The user" without a name', async () => {
    chat.reply = () => ({ body: completion('{"memories": []}') });
    const result = await inference().infer(
      input({ raw_text: 'I moved to Porto.', user_assistant_pairs: undefined, user_name: undefined }),
    );
    assert.deepEqual(result.memories, []);
    assert.equal(result.inference, 'llm:tiny-model', 'an empty list is an answer, not a failure');
    assert.equal(result.fallback, undefined);
    const user = seen(chat)[0]!.body.messages[1]!.content;
    assert.match(user, /User's name: The user/);
    assert.match(user, /Text written by The user:\nI moved to Porto\./);
  });

  it('drops the items that fail their checks and keeps the rest', async () => {
    chat.reply = () => ({
      body: completion(
        '```json\n' +
          JSON.stringify({
            memories: [
              { text: 'Ana plans to visit Japan in June 2026.', kind: 'plan' },
              { text: 'Ana is a nurse.', kind: 'opinion' },
              { text: 42, kind: 'fact' },
              { text: '   ', kind: 'fact' },
              { text: 'x'.repeat(401), kind: 'fact' },
              'Ana likes tea.',
              null,
              { text: 'ana plans to visit japan in june 2026.', kind: 'plan' },
              { text: 'Ana was born on 3 March 1990.', kind: 'date' },
            ],
          }) +
          '\n```',
      ),
    });
    const result = await inference().infer(input());
    assert.deepEqual(result.memories, [
      { text: 'Ana plans to visit Japan in June 2026.', kind: 'plan' },
      { text: 'Ana was born on 3 March 1990.', kind: 'date' },
    ]);
    assert.equal(result.inference, 'llm:tiny-model');
  });

  it('falls back to the offline inference when the answer is not JSON, reporting the tokens it cost', async () => {
    chat.reply = () => ({ body: completion('Sure! Ana is a nurse who loves surfing.', 500, 9) });
    const { result } = await fallsBack(/not JSON/);
    assert.deepEqual(result.usage, { prompt_tokens: 500, completion_tokens: 9 });
  });

  it('falls back when the answer is empty, of the wrong shape, or lists nothing usable', async () => {
    for (const content of [
      '',
      '[]',
      '{"facts": ["Ana is a nurse."]}',
      '{"memories": "Ana is a nurse."}',
      '{"memories": [{"text": "", "kind": "fact"}, {"text": "Ana", "kind": "mood"}]}',
    ]) {
      warnings = [];
      chat.reply = () => ({ body: completion(content) });
      await fallsBack(/not JSON|no usable memories/);
    }
  });

  it('falls back when the endpoint answers something that is not a chat completion', async () => {
    chat.reply = () => ({ body: '<html>502 Bad Gateway</html>' });
    await fallsBack(/not a chat completion/);
  });

  it('falls back within its time box when the endpoint keeps answering 500', async () => {
    chat.reply = () => ({ status: 500, body: { error: { message: 'overloaded' } } });
    const { elapsed } = await fallsBack(/HTTP 500/);
    assert.ok(seen(chat).length >= 2, 'a 500 is retried');
    assert.ok(elapsed < TIME_BOX_MS + 300, `fell back after ${elapsed} ms`);
  });

  it('does not retry a 401, and neither the answer nor the log repeats the key the server echoes', async () => {
    chat.reply = () => ({ status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    await fallsBack(/HTTP 401/);
    assert.equal(seen(chat).length, 1);
  });

  it('falls back when the endpoint is slower than the time box, once the box is over', async () => {
    chat.reply = () => ({ body: completion('{"memories": []}'), delayMs: 5_000 });
    const { elapsed } = await fallsBack(new RegExp(`did not answer within ${TIME_BOX_MS} ms`));
    assert.ok(elapsed >= TIME_BOX_MS - 50, `fell back after ${elapsed} ms, before the box was over`);
    assert.ok(elapsed < TIME_BOX_MS + 300, `fell back after ${elapsed} ms`);
  });

  it('falls back when the endpoint cannot be reached', async () => {
    const gone = await StubServer.start();
    const url = gone.url();
    await gone.close();
    const started = Date.now();
    const result = await inference({ baseUrl: url }).infer(input());
    assert.equal(result.inference, 'offline');
    assert.equal(result.fallback, 'the model endpoint could not be reached');
    assert.deepEqual(result.usage, { prompt_tokens: 0, completion_tokens: 0 });
    assert.ok(Date.now() - started < TIME_BOX_MS + 300);
    assert.equal(warnings.length, 1);
  });
});

describe('readAnswer', () => {
  it('is null for anything but {memories: [...]}, and [] for an empty list', () => {
    for (const value of [undefined, null, 'x', 3, [], {}, { memories: {} }]) {
      assert.equal(readAnswer(value), null, JSON.stringify(value));
    }
    assert.deepEqual(readAnswer({ memories: [] }), []);
  });

  it('keeps at most 64 memories', () => {
    const memories = Array.from({ length: 80 }, (_, i) => ({
      text: `Ana owns ${i + 1} books.`,
      kind: 'fact',
    }));
    assert.equal(readAnswer({ memories })?.length, 64);
  });
});

describe('MEMORY_INFERENCE settings', () => {
  const settings = (values: Partial<MemorySettings>) => Object.assign(new MemorySettings(), values);
  const messages = (s: MemorySettings) => validateSync(s).flatMap((e) => Object.values(e.constraints ?? {}));

  it('defaults to offline, which needs no endpoint', () => {
    const defaults = new MemorySettings();
    assert.equal(defaults.MEMORY_INFERENCE, 'offline');
    assert.equal(defaults.MEMORY_LLM_TIMEOUT_MS, 3_000);
    assert.deepEqual(messages(defaults), []);
    assert.ok(openMemoryInference(defaults) instanceof OfflineMemoryInference);
  });

  it('refuses llm without an endpoint URL and a model, naming the variables', () => {
    const found = messages(settings({ MEMORY_INFERENCE: 'llm' }));
    assert.ok(
      found.some((m) => /^MEMORY_LLM_URL must be an http\(s\) URL/.test(m)),
      found.join('; '),
    );
    assert.ok(
      found.some((m) => /^MEMORY_LLM_MODEL is required/.test(m)),
      found.join('; '),
    );
    assert.ok(
      messages(settings({ MEMORY_INFERENCE: 'llm', MEMORY_LLM_URL: 'ftp://x', MEMORY_LLM_MODEL: 'm' })).some(
        (m) => m.startsWith('MEMORY_LLM_URL'),
      ),
    );
    assert.ok(
      messages(settings({ MEMORY_INFERENCE: 'gpt' as 'llm' })).includes(
        'MEMORY_INFERENCE must be offline or llm',
      ),
    );
    assert.ok(messages(settings({ MEMORY_LLM_TIMEOUT_MS: 10 })).length > 0);
  });

  it('picks the LLM inference from complete settings', () => {
    const picked = openMemoryInference(
      settings({
        MEMORY_INFERENCE: 'llm',
        MEMORY_LLM_URL: 'http://localhost:11434/v1',
        MEMORY_LLM_MODEL: 'qwen2.5:7b',
        MEMORY_LLM_API_KEY: KEY,
      }),
    );
    assert.deepEqual(
      messages(
        settings({ MEMORY_INFERENCE: 'llm', MEMORY_LLM_URL: 'http://llm:8000', MEMORY_LLM_MODEL: 'm' }),
      ),
      [],
    );
    assert.ok(picked instanceof LlmMemoryInference);
    assert.equal(picked.name, 'llm:qwen2.5:7b');
  });
});

describe('MemoryService with the LLM inference', () => {
  let chat: StubServer;
  let rig: MemoryRig<RecordingTransportClient>;
  let warnings: string[];
  before(async () => {
    chat = await StubServer.start();
  });
  after(() => chat.close());
  beforeEach(async () => {
    chat.reset();
    warnings = [];
    rig = await openMemoryRig(
      new RecordingTransportClient(),
      {},
      new LlmMemoryInference({
        baseUrl: chat.url(),
        model: 'tiny-model',
        apiKey: KEY,
        timeoutMs: TIME_BOX_MS,
        minRetryDelayMs: 10,
        warn: (line) => warnings.push(line),
      }),
    );
  });
  afterEach(() => rig.close());

  const request = { tenant_id: 'acme', sub_tenant_id: 'team', user_assistant_pairs: PAIRS, user_name: 'Ana' };

  it("generates the model's memories, reports its usage, and stores each with its share", async () => {
    chat.reply = () => ({
      body: completion(
        JSON.stringify({
          memories: [
            { text: 'Ana works as a nurse in Lisbon.', kind: 'fact' },
            { text: 'Ana loves surfing at dawn.', kind: 'preference' },
            { text: 'Ana surfs at Carcavelos.', kind: 'fact' },
          ],
        }),
        100,
        20,
      ),
    });
    const result = await rig.service.generate(request);
    assert.equal(result.inference, 'llm:tiny-model');
    assert.deepEqual(result.usage, { prompt_tokens: 100, completion_tokens: 20 });
    assert.equal('inference_fallback' in result, false);
    assert.equal(result.memories_generated, 3);
    const stored = await rig.store.getLive(
      'acme',
      'team',
      result.memories.map((m) => m.memory_id),
      new Date(),
    );
    const shares = stored.map((r) => r.inference_usage!);
    assert.deepEqual(
      [shares.reduce((n, u) => n + u.prompt_tokens, 0), shares.reduce((n, u) => n + u.completion_tokens, 0)],
      [100, 20],
    );
    assert.ok(stored.every((r) => r.inference === 'llm:tiny-model'));
  });

  it('still stores the memories when the endpoint fails: offline inference, and the answer says why', async () => {
    chat.reply = () => ({ status: 503, body: { error: `bad key ${KEY}` } });
    const generated = await rig.service.generate(request);
    assert.equal(generated.inference, 'offline');
    assert.equal(generated.inference_fallback, 'the model endpoint answered HTTP 503');
    assert.deepEqual(
      generated.memories.map((m) => m.source_content),
      ['Ana works as a nurse in Lisbon.', 'Ana loves surfing at dawn.'],
    );
    assert.ok(!JSON.stringify(generated).includes(KEY));

    const added = await rig.service.add({
      tenant_id: 'acme',
      sub_tenant_id: 'team',
      raw_text: 'I adopted a cat named Miso.',
      user_name: 'Ana',
      infer: true,
    });
    assert.deepEqual(
      [added.inference, added.inference_fallback, added.inferred_chunks],
      ['offline', 'the model endpoint answered HTTP 503', 1],
    );
    const [record] = await rig.store.getLive('acme', 'team', [added.memory_id], new Date());
    assert.deepEqual([record!.inferred, record!.inference], [['Ana adopted a cat named Miso.'], 'offline']);
    assert.equal(warnings.length, 2);
    assert.ok(warnings.every((w) => !w.includes(KEY)));
  });

  it('leaves an add without infer alone: no call, no inference fields', async () => {
    const added = await rig.service.add({
      tenant_id: 'acme',
      sub_tenant_id: 'team',
      raw_text: 'I adopted a cat.',
      infer: false,
    });
    assert.equal(seen(chat).length, 0);
    assert.equal('inference' in added || 'usage' in added, false);
    const [record] = await rig.store.getLive('acme', 'team', [added.memory_id], new Date());
    assert.deepEqual([record!.inference, record!.inference_usage], [null, null]);
  });
});
