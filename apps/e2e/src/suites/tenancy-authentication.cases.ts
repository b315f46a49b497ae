import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import type { TenancyContext } from './tenancy-auth.suite';

/** Health, readiness and the API docs answer without a key. */
export function publicRouteCases(ctx: TenancyContext): void {
  describe('health and docs need no key', () => {
    it('answers /healthz and /readyz', async () => {
      assert.equal((await ctx.anonymous.get('/healthz')).status, 200);
      const ready = await ctx.anonymous.get<{ ready: boolean; checks: { name: string; ok: boolean }[] }>(
        '/readyz',
      );
      assert.equal(ready.status, 200);
      assert.equal(ready.body.ready, true);
      assert.ok(ready.body.checks.length >= 2, JSON.stringify(ready.body));
    });

    it('serves Swagger UI', async () => {
      const ui = await ctx.anonymous.get('/docs');
      assert.equal(ui.status, 200);
      assert.match(String(ui.body), /swagger/i);
    });

    it('serves an OpenAPI document covering every route', async () => {
      const doc = await ctx.anonymous.get<{ paths: Record<string, Record<string, unknown>> }>(
        '/openapi.json',
      );
      assert.equal(doc.status, 200);
      for (const [path, method] of [
        ['/api-keys/create_api_key', 'post'],
        ['/tenants/create', 'post'],
        ['/tenants/sub_tenant_ids', 'get'],
        ['/tenants/stats', 'get'],
        ['/tenant/delete_sub_tenant', 'delete'],
      ] as const) {
        assert.ok(doc.body.paths[path]?.[method], `${method} ${path} missing from /openapi.json`);
      }
    });
  });
}

/** Every route but health and docs needs a known key, sent as a Bearer token. */
export function authenticationCases(ctx: TenancyContext): void {
  describe('authentication', () => {
    const query = () => ({ tenant_id: ctx.tenant });

    it('answers a request without a key 401, with WWW-Authenticate: Bearer', async () => {
      const none = await ctx.anonymous.get('/tenants/sub_tenant_ids', { query: query() });
      expectError(none, 401, 'UNAUTHORIZED');
      assert.equal(none.headers.get('www-authenticate'), 'Bearer');
    });

    it('answers a credential in another scheme than Bearer 401', async () => {
      expectError(
        await ctx.anonymous.get('/tenants/sub_tenant_ids', {
          query: query(),
          headers: { authorization: 'Basic YTpi' },
        }),
        401,
        'UNAUTHORIZED',
      );
    });

    it('answers an unknown key 401', async () => {
      expectError(
        await ctx.anonymous.get('/tenants/sub_tenant_ids', { query: query(), key: 'sk_live_unknown' }),
        401,
        'UNAUTHORIZED',
      );
    });
  });
}
