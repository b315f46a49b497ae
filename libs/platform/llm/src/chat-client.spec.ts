import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ChatClient, ChatClientOptions, parseAnswer } from './chat-client';
import { LlmError } from './llm-error';
import { StubServer } from '@trove/testing';
import { llmFailure } from './testing/llm-failure';

const KEY = 'sk-secret-0123456789';
const SCHEMA = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };

const completion = (content: unknown, prompt = 100, completionTokens = 20) => ({
  choices: [{ message: { role: 'assistant', content } }],
  usage: {
    prompt_tokens: prompt,
    completion_tokens: completionTokens,
    total_tokens: prompt + completionTokens,
  },
});

interface ChatBody {
  model: string;
  temperature: number;
  max_tokens?: number;
  response_format: { type: string; json_schema?: { name: string; strict: boolean; schema: unknown } };
  messages: { role: string; content: string }[];
}

describe('ChatClient (against a stand-in OpenAI-compatible server)', () => {
  let server: StubServer;
  before(async () => {
    server = await StubServer.start();
  });
  after(() => server.close());
  beforeEach(() => server.reset());

  const client = (overrides: Partial<ChatClientOptions> = {}) =>
    new ChatClient({
      baseUrl: server.url(),
      model: 'tiny-model',
      apiKey: KEY,
      minRetryDelayMs: 5,
      maxRetryDelayMs: 20,
      ...overrides,
    });
  const ask = { system: 'Count.', user: 'How many?', schema: SCHEMA, schemaName: 'count' };

  it('asks for a strict json_schema answer at temperature 0 with a bearer key, and parses it', async () => {
    server.reply = () => ({ body: completion('{"n": 3}') });
    const result = await client().completeJson({ ...ask, maxTokens: 50 });
    assert.deepEqual(result, {
      value: { n: 3 },
      invalidJson: false,
      content: '{"n": 3}',
      usage: { prompt_tokens: 100, completion_tokens: 20 },
      attempts: 1,
    });
    const [request] = server.requests;
    assert.equal(request!.path, '/v1/chat/completions');
    assert.equal(request!.headers.authorization, `Bearer ${KEY}`);
    const body = request!.body as ChatBody;
    assert.equal(body.model, 'tiny-model');
    assert.equal(body.temperature, 0);
    assert.equal(body.max_tokens, 50);
    assert.deepEqual(body.response_format, {
      type: 'json_schema',
      json_schema: { name: 'count', strict: true, schema: SCHEMA },
    });
    assert.deepEqual(body.messages, [
      { role: 'system', content: 'Count.' },
      { role: 'user', content: 'How many?' },
    ]);
  });

  it('in json_object mode asks for any JSON, reads a fenced answer, sends no key when none is set, and takes a base ending in /v1', async () => {
    server.reply = () => ({ body: completion('Here it is:\n```json\n{"n": 4}\n```') });
    const chat = client({ baseUrl: server.url('/v1/'), jsonMode: 'json_object', apiKey: undefined });
    assert.equal(chat.url, server.url('/v1/chat/completions'));
    const result = await chat.completeJson(ask);
    assert.deepEqual(result.value, { n: 4 });
    const [request] = server.requests;
    assert.equal(request!.path, '/v1/chat/completions');
    assert.equal(request!.headers.authorization, undefined);
    assert.deepEqual((request!.body as ChatBody).response_format, { type: 'json_object' });
    assert.equal((request!.body as ChatBody).max_tokens, undefined);
  });

  it('returns an answer that is not JSON as value undefined with invalidJson, without asking again, usage counted', async () => {
    server.reply = () => ({ body: completion('{"n": ', 7, 3) });
    const result = await client().completeJson(ask);
    assert.deepEqual(result, {
      value: undefined,
      invalidJson: true,
      content: '{"n": ',
      usage: { prompt_tokens: 7, completion_tokens: 3 },
      attempts: 1,
    });
    assert.equal(server.requests.length, 1);

    server.reset();
    server.reply = () => ({ body: { choices: [{ message: { content: null, refusal: 'no' } }] } });
    const refused = await client().completeJson(ask);
    assert.equal(refused.invalidJson, true);
    assert.equal(refused.content, '');
    assert.deepEqual(refused.usage, { prompt_tokens: 0, completion_tokens: 0 });
  });

  it('with retryInvalidJson asks again and sums the usage of every attempt that answered', async () => {
    server.reply = (_, n) => ({
      body: n === 1 ? completion('not json', 10, 5) : completion('{"n": 1}', 11, 6),
    });
    const result = await client({ retryInvalidJson: true }).completeJson(ask);
    assert.deepEqual(result.value, { n: 1 });
    assert.deepEqual(result.usage, { prompt_tokens: 21, completion_tokens: 11 });
    assert.equal(result.attempts, 2);

    server.reset();
    server.reply = () => ({ body: completion('never json', 1, 1) });
    const stubborn = await client({ retryInvalidJson: true, maxRetries: 2 }).completeJson(ask);
    assert.equal(stubborn.invalidJson, true, 'after the cap the last answer is returned, not thrown');
    assert.deepEqual(stubborn.usage, { prompt_tokens: 3, completion_tokens: 3 });
    assert.equal(server.requests.length, 3);
  });

  it('retries a 429 (honouring Retry-After) and then succeeds, counting only the usage of answers', async () => {
    server.reply = (_, n) =>
      n === 1
        ? { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } }
        : { body: completion('{"n": 2}', 30, 4) };
    const result = await client().completeJson(ask);
    assert.deepEqual(result.value, { n: 2 });
    assert.deepEqual(result.usage, { prompt_tokens: 30, completion_tokens: 4 });
    assert.equal(result.attempts, 2);
    assert.equal(server.requests.length, 2);
  });

  it('gives up on 500s after maxRetries, with a retryable error naming the URL and the server', async () => {
    server.reply = () => ({ status: 500, body: 'upstream busy' });
    const error = await llmFailure(client({ maxRetries: 2 }).completeJson(ask));
    assert.equal(server.requests.length, 3);
    assert.equal(error.kind, 'status');
    assert.equal(error.status, 500);
    assert.equal(error.retryable, true);
    assert.equal(error.attempts, 3);
    assert.equal(
      error.message,
      `POST ${server.url('/v1/chat/completions')}: answered 500: upstream busy (gave up after 3 attempts)`,
    );
  });

  it('does not retry a 400, and never shows the key, even when the server echoes it', async () => {
    server.reply = () => ({
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${KEY}` } },
    });
    const error = await llmFailure(client().completeJson(ask));
    assert.equal(server.requests.length, 1);
    assert.equal(error.retryable, false);
    assert.equal(error.status, 401);
    assert.doesNotMatch(error.message, new RegExp(KEY));
    assert.doesNotMatch(error.detail, new RegExp(KEY));
    assert.match(error.message, /answered 401: Incorrect API key provided: \*\*\*/);
    assert.match(error.message, new RegExp(server.url('/v1/chat/completions')));
  });

  it('retries a body that is not a chat completion (a proxy page), then reports it', async () => {
    server.reply = () => ({ body: '<html>bad gateway</html>' });
    const error = await llmFailure(client({ maxRetries: 1 }).completeJson(ask));
    assert.equal(server.requests.length, 2);
    assert.equal(error.kind, 'response');
    assert.equal(error.retryable, true);
    assert.match(error.message, /answered something that is not JSON: <html>/);
  });

  it('ends a call to a slow server at its time box, retries included', async () => {
    server.reply = () => ({ delayMs: 3_000, body: completion('{"n": 1}') });
    const started = Date.now();
    const error = await llmFailure(client().completeJson({ ...ask, timeoutMs: 300 }));
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 290 && elapsed < 500, `ended after ${elapsed} ms`);
    assert.equal(error.kind, 'timeout');
    assert.equal(error.retryable, true);
    assert.match(error.message, /no answer within the call's 300 ms/);
    assert.equal(server.requests.length, 1);
  });

  it('lets the time box win over the backoff between retries', async () => {
    server.reply = () => ({ status: 503, body: 'overloaded' });
    const started = Date.now();
    const error = await llmFailure(
      client({ minRetryDelayMs: 5_000, maxRetryDelayMs: 5_000, maxRetries: 5 }).completeJson({
        ...ask,
        timeoutMs: 250,
      }),
    );
    const elapsed = Date.now() - started;
    assert.ok(elapsed < 450, `ended after ${elapsed} ms`);
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /no answer within the call's 250 ms; last: answered 503: overloaded/);
    assert.equal(server.requests.length, 1, 'no attempt after the time box');
  });

  it('retries an attempt that timed out on its own, within the call', async () => {
    server.reply = (_, n) => ({ delayMs: n === 1 ? 2_000 : 0, body: completion('{"n": 5}') });
    const result = await client({ attemptTimeoutMs: 100, timeoutMs: 2_000 }).completeJson(ask);
    assert.deepEqual(result.value, { n: 5 });
    assert.equal(result.attempts, 2);
  });

  it("stops at once when the caller's signal fires, without retrying", async () => {
    server.reply = () => ({ delayMs: 3_000, body: completion('{"n": 1}') });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await llmFailure(client().completeJson({ ...ask, signal: controller.signal }));
    assert.ok(Date.now() - started < 300);
    assert.equal(error.kind, 'aborted');
    assert.equal(error.retryable, false);
    assert.equal(server.requests.length, 1);
  });

  it('reports a server that does not answer as a retryable network error', async () => {
    const gone = await StubServer.start();
    const url = gone.url();
    await gone.close();
    const error = await llmFailure(client({ baseUrl: url, maxRetries: 1 }).completeJson(ask));
    assert.equal(error.kind, 'network');
    assert.equal(error.retryable, true);
    assert.equal(error.attempts, 2);
    assert.match(error.message, /did not answer/);
  });

  it('refuses a bad configuration at construction', () => {
    assert.throws(
      () => client({ baseUrl: 'not a url' }),
      (e: unknown) => e instanceof LlmError && e.kind === 'config',
    );
    assert.throws(() => client({ model: '' }), /model name is required/);
    assert.throws(() => client({ timeoutMs: 0 }), /timeoutMs must be a finite number/);
  });
});

describe('parseAnswer', () => {
  it('reads plain JSON, a fenced block anywhere, and an unclosed fence; nothing else', () => {
    assert.deepEqual(parseAnswer(' {"a": 1} '), { ok: true, value: { a: 1 } });
    assert.deepEqual(parseAnswer('```json\n{"a": 1}\n```'), { ok: true, value: { a: 1 } });
    assert.deepEqual(parseAnswer('```\n[1, 2]\n```'), { ok: true, value: [1, 2] });
    assert.deepEqual(parseAnswer('Sure!\n```json\n{"a": 2}\n```\nAnything else?'), {
      ok: true,
      value: { a: 2 },
    });
    assert.deepEqual(parseAnswer('```json\n{"a": 3}'), { ok: true, value: { a: 3 } });
    assert.deepEqual(parseAnswer('null'), { ok: true, value: null });
    assert.deepEqual(parseAnswer(''), { ok: false });
    assert.deepEqual(parseAnswer('I cannot help with that.'), { ok: false });
    assert.deepEqual(parseAnswer('```json\n{"a": \n```'), { ok: false });
  });
});
