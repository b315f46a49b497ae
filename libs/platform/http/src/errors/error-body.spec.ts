import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import Fastify, { FastifyInstance } from 'fastify';
import { toHttpError } from './error-body';

describe('toHttpError', () => {
  it("answers a DomainError with its code's status, its message and its field errors", () => {
    const errors = [{ field: 'name', message: 'name must be a string' }];
    assert.deepEqual(toHttpError(new DomainError('VALIDATION_ERROR', 'Invalid request', { errors })), {
      status: 422,
      body: {
        detail: { success: false, message: 'Invalid request', error_code: 'VALIDATION_ERROR', errors },
      },
    });
    assert.deepEqual(toHttpError(new DomainError('TENANT_NOT_FOUND', 'No tenant t-1', { tenantId: 't-1' })), {
      status: 404,
      body: { detail: { success: false, message: 'No tenant t-1', error_code: 'TENANT_NOT_FOUND' } },
    });
  });

  it('answers an unknown error with 500 INTERNAL_ERROR and none of its message', () => {
    const secret = 'password=hunter2 host=db-01';
    const thrown: unknown[] = [
      new Error(secret),
      new TypeError(secret),
      Object.assign(new Error(secret), { statusCode: 502 }),
      Object.assign(new Error(secret), { status: 500 }),
      Object.assign(new Error(secret), { code: 'ECONNREFUSED' }),
      secret,
      { message: secret },
      null,
      undefined,
    ];
    for (const error of thrown) {
      const result = toHttpError(error);
      assert.deepEqual(
        result,
        {
          status: 500,
          body: {
            detail: { success: false, message: 'Internal server error', error_code: 'INTERNAL_ERROR' },
          },
        },
        `for ${String(error)}`,
      );
      assert.equal(JSON.stringify(result).includes('hunter2'), false);
    }
  });

  it("keeps a 4xx error's status and message, with the code of that status", () => {
    assert.deepEqual(toHttpError(Object.assign(new Error('Too many requests'), { statusCode: 429 })), {
      status: 429,
      body: { detail: { success: false, message: 'Too many requests', error_code: 'RATE_LIMITED' } },
    });
    assert.deepEqual(toHttpError({ status: 404, message: 'Route GET:/nope not found' }), {
      status: 404,
      body: { detail: { success: false, message: 'Route GET:/nope not found', error_code: 'NOT_FOUND' } },
    });
  });

  it('answers a JSON SyntaxError with 422 VALIDATION_ERROR', () => {
    let syntaxError: unknown;
    try {
      JSON.parse('{"a":');
    } catch (error: unknown) {
      syntaxError = error;
    }
    assert.deepEqual(toHttpError(syntaxError), {
      status: 422,
      body: {
        detail: { success: false, message: 'Request body is not valid JSON', error_code: 'VALIDATION_ERROR' },
      },
    });
  });
});

describe("toHttpError with Fastify's own errors", () => {
  let app: FastifyInstance;

  before(async () => {
    app = Fastify({ bodyLimit: 64, logger: false });
    app.setErrorHandler((error, _request, reply) => {
      const { status, body } = toHttpError(error);
      void reply.code(status).send(body);
    });
    app.post('/items', async (request) => ({ received: request.body }));
    await app.ready();
  });
  after(async () => {
    await app.close();
  });

  async function post(body: string, contentType?: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/items',
      payload: body,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    return { status: response.statusCode, body: response.json<{ detail: Record<string, unknown> }>() };
  }

  it('accepts a valid JSON body (the route works)', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', payload: { a: 1 } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { received: { a: 1 } });
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const { status, body } = await post(JSON.stringify({ text: 'x'.repeat(200) }), 'application/json');
    assert.equal(status, 413);
    assert.deepEqual(body.detail, {
      success: false,
      message: 'Request body is larger than the limit',
      error_code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('answers an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const { status, body } = await post('a=1', 'application/x-www-form-urlencoded');
    assert.equal(status, 415);
    assert.deepEqual(body.detail, {
      success: false,
      message: 'Unsupported content type',
      error_code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('answers malformed JSON with 422 VALIDATION_ERROR', async () => {
    const { status, body } = await post('{"a":', 'application/json');
    assert.equal(status, 422);
    assert.deepEqual(body.detail, {
      success: false,
      message: 'Request body is not valid JSON',
      error_code: 'VALIDATION_ERROR',
    });
  });

  it('answers an empty JSON body with 422 VALIDATION_ERROR', async () => {
    const { status, body } = await post('', 'application/json');
    assert.equal(status, 422);
    assert.deepEqual(body.detail, {
      success: false,
      message: 'Request body is empty but the content type is JSON',
      error_code: 'VALIDATION_ERROR',
    });
  });
});
