import { DomainError } from '@trove/contracts';
import assert from 'node:assert/strict';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { LlmExtractor } from './llm-extractor';

interface Seen {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    temperature: number;
    response_format: { type: string; json_schema?: { name: string; strict: boolean; schema: unknown } };
    messages: { role: string; content: string }[];
  };
}

/** A stand-in chat endpoint: answers from `reply`, records every request. */
describe('LlmExtractor (against a stand-in OpenAI-compatible server)', () => {
  let server: Server;
  let baseUrl: string;
  let seen: Seen[];
  let inFlight = 0;
  let maxInFlight = 0;
  let reply: (passage: string, n: number) => { status: number; body: string };

  const passageOf = (body: Seen['body']) => /"""\n([\s\S]*)\n"""/.exec(body.messages[1]!.content)?.[1] ?? '';
  const chat = (content: unknown, prompt = 100, completion = 20) =>
    JSON.stringify({
      choices: [
        {
          message: {
            role: 'assistant',
            content: typeof content === 'string' ? content : JSON.stringify(content),
          },
        },
      ],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    });

  before(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (d: Buffer) => (raw += d.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Seen['body'];
        seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        setTimeout(() => {
          inFlight--;
          const answer = reply(passageOf(body), seen.length);
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        }, 15);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    maxInFlight = 0;
  });

  const extractor = (overrides: Partial<ConstructorParameters<typeof LlmExtractor>[0]> = {}) =>
    new LlmExtractor({
      baseUrl,
      model: 'tiny-model',
      apiKey: 'sk-test',
      jsonMode: 'json_schema',
      timeoutMs: 5_000,
      concurrency: 2,
      minRetryDelayMs: 5,
      ...overrides,
    });
  const input = (...texts: string[]) => ({
    chunks: texts.map((text, i) => ({ chunk_id: `s_${i}`, text })),
    reference_time: new Date('2026-03-12T10:00:00Z'),
  });

  it('asks for a schema-shaped answer and turns it into facts with resolution keys, times and context', async () => {
    reply = () => ({
      status: 200,
      body: chat({
        entities: [
          { name: 'Marie Curie', type: 'person', aliases: ['Curie', 'Madame Curie'] },
          { name: 'Warsaw', type: 'location', aliases: [] },
          { name: 'Radium', type: 'element', aliases: [] },
        ],
        relations: [
          {
            source: 'Curie',
            predicate: 'was born in',
            canonical_predicate: 'Born In',
            target: 'Warsaw',
            time: 'in 1867',
            confidence: 0.95,
          },
          {
            source: 'Marie Curie',
            predicate: 'discovered',
            canonical_predicate: 'discovered',
            target: 'Polonium',
            time: null,
            confidence: 3,
          },
          {
            source: 'Warsaw',
            predicate: 'is',
            canonical_predicate: 'is',
            target: 'Warsaw',
            time: null,
            confidence: 0.5,
          },
          { source: 42, predicate: 'x', target: 'Warsaw' },
        ],
      }),
    });
    const { chunks, usage } = await extractor().extract(
      input('Marie Curie was born in Warsaw in 1867. She discovered polonium.'),
    );
    const [request] = seen;
    assert.equal(request!.path, '/v1/chat/completions');
    assert.equal(request!.authorization, 'Bearer sk-test');
    assert.equal(request!.body.model, 'tiny-model');
    assert.equal(request!.body.temperature, 0);
    assert.equal(request!.body.response_format.type, 'json_schema');
    assert.equal(request!.body.response_format.json_schema?.strict, true);
    assert.match(request!.body.messages[0]!.content, /canonical_predicate is one of: born in, died in/);
    assert.equal(
      passageOf(request!.body),
      'Marie Curie was born in Warsaw in 1867. She discovered polonium.',
    );
    assert.deepEqual(usage, { prompt_tokens: 100, completion_tokens: 20 });

    const [facts] = chunks;
    assert.deepEqual(
      facts!.entities.map((e) => [e.name, e.type, e.keys, e.aliases]),
      [
        ['Marie Curie', 'person', ['marie curie'], ['curie', 'madame curie']],
        ['Warsaw', 'location', ['warsaw'], undefined],
        ['Radium', 'concept', ['radium'], undefined],
        ['Polonium', 'concept', ['polonium'], undefined],
      ],
    );
    const [born, discovered] = facts!.relations;
    assert.equal(facts!.relations.length, 2, 'a relation to itself and a malformed one are dropped');
    assert.deepEqual(
      [born!.source, born!.target, born!.canonical_predicate, born!.raw_predicate],
      [0, 1, 'born in', 'was born in'],
    );
    assert.equal(born!.temporal_details, 'in 1867');
    assert.equal(born!.timestamp?.toISOString(), '1867-01-01T00:00:00.000Z');
    assert.equal(born!.context, 'Marie Curie was born in Warsaw in 1867.');
    assert.equal(discovered!.confidence, 1, 'clamped to 1');
    assert.equal(
      discovered!.context,
      'Marie Curie was born in Warsaw in 1867.',
      'the first sentence naming one of them',
    );
  });

  it('keeps chunk order, sums tokens over chunks, and keeps at most `concurrency` requests in flight', async () => {
    reply = (passage) => ({
      status: 200,
      body: chat({ entities: [{ name: passage, type: 'concept', aliases: [] }], relations: [] }, 10, 5),
    });
    const texts = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'];
    const { chunks, usage } = await extractor({ concurrency: 2 }).extract(input(...texts));
    assert.deepEqual(
      chunks.map((c) => [c.chunk_id, c.entities[0]?.name]),
      texts.map((t, i) => [`s_${i}`, t]),
    );
    assert.deepEqual(usage, { prompt_tokens: 50, completion_tokens: 25 });
    assert.ok(maxInFlight <= 2, `at most 2 in flight, saw ${maxInFlight}`);
    assert.equal(maxInFlight, 2);
  });

  it('retries a 500 or a 429, and gives up at once on a 400 with SERVICE_UNAVAILABLE naming the endpoint, not the key', async () => {
    reply = (_, n) =>
      n === 1
        ? { status: 500, body: 'busy' }
        : n === 2
          ? { status: 429, body: 'slow down' }
          : { status: 200, body: chat({ entities: [], relations: [] }) };
    await extractor().extract(input('Some text.'));
    assert.equal(seen.length, 3);
    seen = [];
    reply = () => ({ status: 400, body: '{"error":{"message":"response_format not supported"}}' });
    await assert.rejects(extractor().extract(input('Some text.')), (error: unknown) => {
      assert.ok(error instanceof DomainError);
      assert.equal(error.code, 'SERVICE_UNAVAILABLE');
      assert.match(error.message, /answered 400: .*response_format not supported/);
      assert.doesNotMatch(error.message, /sk-test/);
      return true;
    });
    assert.equal(seen.length, 1, 'a 400 is not retried');
  });

  it('loses only the chunk whose answer is not valid JSON, and skips empty chunks without a request', async () => {
    reply = (passage) => ({
      status: 200,
      body: passage.startsWith('bad')
        ? chat('{"entities": [ {"name": ')
        : chat({ entities: [{ name: 'Oslo', type: 'location', aliases: [] }], relations: [] }),
    });
    const { chunks } = await extractor().extract(input('bad answer here', '   ', 'Oslo is nice.'));
    assert.deepEqual(
      chunks.map((c) => c.entities.length),
      [0, 0, 1],
    );
    assert.equal(seen.length, 2);
  });

  it('in JSON mode, sends the schema in the prompt and asks for a json_object; a base URL may end in /v1', async () => {
    reply = () => ({ status: 200, body: chat('```json\n{"entities": [], "relations": []}\n```') });
    const { chunks } = await extractor({
      baseUrl: `${baseUrl}/v1/`,
      jsonMode: 'json_object',
      apiKey: undefined,
    }).extract(input('Text.'));
    assert.deepEqual(chunks[0], { chunk_id: 's_0', entities: [], relations: [] });
    const [request] = seen;
    assert.equal(request!.path, '/v1/chat/completions');
    assert.equal(request!.authorization, undefined);
    assert.deepEqual(request!.body.response_format, { type: 'json_object' });
    assert.match(request!.body.messages[1]!.content, /JSON Schema:\n\{"type":"object"/);
  });
});
