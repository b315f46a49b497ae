import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import type { TenancyContext } from './tenancy-auth.suite';

/** Every error case of the HTTP edge gets the error shape of docs/api.md, never a 500. */
export function badInputCases(ctx: TenancyContext): void {
  describe('bad input always gets the error shape', () => {
    const create = (json: unknown) => ctx.alice.post('/tenants/create', { json });
    const createRaw = (body: string, contentType: string) =>
      ctx.alice.post('/tenants/create', { raw: { body, contentType } });

    it('unknown routes and methods: 404', async () => {
      expectError(await ctx.alice.get('/no/such/route'), 404, 'NOT_FOUND');
      expectError(await ctx.anonymous.get('/no/such/route'), 404, 'NOT_FOUND');
      expectError(
        await ctx.alice.request('PUT', '/tenants/create', { json: { tenant_id: 'x' } }),
        404,
        'NOT_FOUND',
      );
    });

    it('a body that is not JSON: 422', async () => {
      expectError(await createRaw('{"tenant_id":', 'application/json'), 422, 'VALIDATION_ERROR');
      expectError(await createRaw('', 'application/json'), 422, 'VALIDATION_ERROR');
    });

    it('a JSON body that is not an object: 422', async () => {
      expectError(await create([1, 2]), 422, 'VALIDATION_ERROR');
      expectError(await create('acme'), 422, 'VALIDATION_ERROR');
    });

    it('wrong content types: 415', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        expectError(await createRaw('tenant_id=x', contentType), 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
      expectError(await createRaw('x', 'application/octet-stream'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('an oversized body: 413', async () => {
      const big = JSON.stringify({ tenant_id: 'x', pad: 'y'.repeat(70_000) });
      assert.ok(big.length > ctx.bodyLimit);
      expectError(await createRaw(big, 'application/json'), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('a missing body field: 422 naming it', async () => {
      const missing = expectError(await create({}), 422, 'VALIDATION_ERROR');
      assert.ok(
        missing.errors?.some((e) => e.field === 'tenant_id'),
        JSON.stringify(missing),
      );
    });

    it('a malformed tenant id (empty, spaces, 129 characters, non-ASCII, a number, null): 422', async () => {
      for (const tenant_id of ['', 'a b', 'x'.repeat(129), 'é', 42, null]) {
        expectError(await create({ tenant_id }), 422, 'VALIDATION_ERROR');
      }
    });

    it('an unknown body field: 422 naming it', async () => {
      const unknown = expectError(
        await create({ tenant_id: 'ok-id', colour: 'red' }),
        422,
        'VALIDATION_ERROR',
      );
      assert.ok(
        unknown.errors?.some((e) => e.field === 'colour'),
        JSON.stringify(unknown),
      );
    });

    it('a missing query parameter: 422', async () => {
      expectError(await ctx.alice.get('/tenants/sub_tenant_ids'), 422, 'VALIDATION_ERROR');
      expectError(
        await ctx.alice.delete('/tenant/delete_sub_tenant', { query: { tenant_id: ctx.tenant } }),
        422,
        'VALIDATION_ERROR',
      );
    });

    it('takes a tenant id of 128 characters, the longest allowed', async () => {
      assert.equal((await create({ tenant_id: 'x'.repeat(128) })).status, 200);
    });

    it('echoes a sane x-request-id and makes one up otherwise', async () => {
      const echoed = await ctx.alice.get('/tenants/sub_tenant_ids', {
        query: { tenant_id: ctx.tenant },
        headers: { 'x-request-id': 'e2e-trace-1' },
      });
      assert.equal(echoed.headers.get('x-request-id'), 'e2e-trace-1');
      const made = await ctx.alice.get('/tenants/sub_tenant_ids', {
        query: { tenant_id: ctx.tenant },
        headers: { 'x-request-id': 'bad id with spaces' },
      });
      assert.match(made.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    });
  });
}
