import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { expectError } from './expect-error';

interface KeyCreated {
  api_key_id: string;
  owner: string;
  scopes: string[];
  env: string;
  full_api_key: string;
  created_at: string;
}

/**
 * The whole tenancy and auth surface, and every error case of the HTTP edge, driven over HTTP
 * against a running Trove. Run once per mode, with the same assertions.
 */
export function tenancyAndAuthSuite(mode: TroveMode): void {
  describe(`tenancy and auth (${mode})`, { timeout: 180_000 }, () => {
    let rig: TroveRig;
    let admin: ApiClient;
    let anonymous: ApiClient;
    let alice: ApiClient;
    let bob: ApiClient;
    let reader: ApiClient;
    let aliceKey: KeyCreated;
    const tenant = `acme-${Date.now()}`;

    const createKey = async (owner: string, scopes?: string[]) => {
      const response = await admin.post<KeyCreated>('/api-keys/create_api_key', {
        json: scopes ? { owner, scopes } : { owner },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };

    before(async () => {
      rig = await startTrove(mode, { env: { MAX_BODY_BYTES: '65536' } });
      admin = new ApiClient(rig.baseUrl, rig.adminKey);
      anonymous = new ApiClient(rig.baseUrl);
      aliceKey = await createKey('alice');
      alice = anonymous.withKey(aliceKey.full_api_key);
      bob = anonymous.withKey((await createKey('bob')).full_api_key);
      reader = anonymous.withKey((await createKey('alice', ['read'])).full_api_key);
    });

    after(async () => {
      await rig?.dispose();
    });

    describe('health and docs need no key', () => {
      it('answers /healthz and /readyz', async () => {
        assert.equal((await anonymous.get('/healthz')).status, 200);
        const ready = await anonymous.get<{ ready: boolean; checks: { name: string; ok: boolean }[] }>(
          '/readyz',
        );
        assert.equal(ready.status, 200);
        assert.equal(ready.body.ready, true);
        assert.ok(ready.body.checks.length >= 2, JSON.stringify(ready.body));
      });

      it('serves Swagger UI and an OpenAPI document covering every route', async () => {
        const ui = await anonymous.get('/docs');
        assert.equal(ui.status, 200);
        assert.match(String(ui.body), /swagger/i);
        const doc = await anonymous.get<{ paths: Record<string, Record<string, unknown>> }>('/openapi.json');
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

    describe('api keys', () => {
      it('issues sk_live_ keys shown once, with default scopes', () => {
        assert.match(aliceKey.full_api_key, /^sk_live_[A-Za-z0-9]{32,}$/);
        assert.equal(aliceKey.owner, 'alice');
        assert.deepEqual([...aliceKey.scopes].sort(), ['read', 'write']);
        assert.equal(aliceKey.env, 'live');
        assert.ok(!Number.isNaN(Date.parse(aliceKey.created_at)));
      });

      it('refuses key creation to a non-admin key (403) and to no key (401)', async () => {
        expectError(
          await alice.post('/api-keys/create_api_key', { json: { owner: 'mallory' } }),
          403,
          'FORBIDDEN',
        );
        expectError(
          await anonymous.post('/api-keys/create_api_key', { json: { owner: 'mallory' } }),
          401,
          'UNAUTHORIZED',
        );
      });

      it('validates the key request (422 with the fields)', async () => {
        const missing = expectError(
          await admin.post('/api-keys/create_api_key', { json: {} }),
          422,
          'VALIDATION_ERROR',
        );
        assert.ok(
          missing.errors?.some((e) => e.field === 'owner'),
          JSON.stringify(missing),
        );
        const scope = expectError(
          await admin.post('/api-keys/create_api_key', { json: { owner: 'x', scopes: ['root'] } }),
          422,
          'VALIDATION_ERROR',
        );
        assert.ok(
          scope.errors?.some((e) => e.field === 'scopes'),
          JSON.stringify(scope),
        );
      });

      it('revokes a key: 401 from the next request, even while it was in use; lists keys without secrets', async () => {
        const spare = await createKey('alice', ['read']);
        const spareClient = anonymous.withKey(spare.full_api_key);
        const query = { tenant_id: 'nothing-here' };
        // In use: verified and remembered by the gateway.
        assert.notEqual((await spareClient.get('/api-keys/list')).status, 401);
        const bobsKey = await createKey('bob', ['read']);
        expectError(await alice.delete(`/api-keys/${bobsKey.api_key_id}`), 404, 'NOT_FOUND');
        const revoked = await alice.delete<{ success: boolean; api_key_id: string; revoked_at: string }>(
          `/api-keys/${spare.api_key_id}`,
        );
        assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
        assert.equal(revoked.body.api_key_id, spare.api_key_id);
        const started = Date.now();
        expectError(await spareClient.get('/tenants/sub_tenant_ids', { query }), 401, 'UNAUTHORIZED');
        assert.ok(Date.now() - started < 1000);
        // Bob's key still works; the admin may revoke it.
        assert.equal((await anonymous.withKey(bobsKey.full_api_key).get('/api-keys/list')).status, 200);
        assert.equal((await admin.delete(`/api-keys/${bobsKey.api_key_id}`)).status, 200);
        expectError(await anonymous.withKey(bobsKey.full_api_key).get('/api-keys/list'), 401, 'UNAUTHORIZED');

        const listed = await alice.get<{
          api_keys: { api_key_id: string; owner: string; key_prefix: string; revoked_at: string | null }[];
        }>('/api-keys/list');
        assert.equal(listed.status, 200, JSON.stringify(listed.body));
        assert.ok(listed.body.api_keys.every((k) => k.owner === 'alice'));
        const entry = listed.body.api_keys.find((k) => k.api_key_id === spare.api_key_id);
        assert.equal(entry?.revoked_at, revoked.body.revoked_at);
        assert.ok(!JSON.stringify(listed.body).includes(spare.full_api_key.slice(12)));
        expectError(await alice.get('/api-keys/list', { query: { owner: 'bob' } }), 403, 'FORBIDDEN');
        const bobs = await admin.get<{ api_keys: { owner: string }[] }>('/api-keys/list', {
          query: { owner: 'bob' },
        });
        assert.ok(bobs.body.api_keys.length >= 1 && bobs.body.api_keys.every((k) => k.owner === 'bob'));
        expectError(await alice.delete('/api-keys/not%20an%20id'), 422, 'VALIDATION_ERROR');
      });
    });

    describe('authentication', () => {
      it('answers 401 with WWW-Authenticate for a missing, malformed or unknown key', async () => {
        const query = { tenant_id: tenant };
        const none = await anonymous.get('/tenants/sub_tenant_ids', { query });
        expectError(none, 401, 'UNAUTHORIZED');
        assert.equal(none.headers.get('www-authenticate'), 'Bearer');
        expectError(
          await anonymous.get('/tenants/sub_tenant_ids', { query, headers: { authorization: 'Basic YTpi' } }),
          401,
          'UNAUTHORIZED',
        );
        expectError(
          await anonymous.get('/tenants/sub_tenant_ids', { query, key: 'sk_live_unknown' }),
          401,
          'UNAUTHORIZED',
        );
      });
    });

    describe('tenants', () => {
      it('creates a tenant whose default sub-tenant is the tenant id', async () => {
        const created = await alice.post('/tenants/create', { json: { tenant_id: tenant } });
        assert.equal(created.status, 200, JSON.stringify(created.body));
        assert.deepEqual(created.body, {
          tenant_id: tenant,
          default_sub_tenant_id: tenant,
          message: 'Tenant created successfully',
        });
      });

      it('refuses an existing tenant id with 409 TENANT_ALREADY_EXISTS', async () => {
        expectError(
          await alice.post('/tenants/create', { json: { tenant_id: tenant } }),
          409,
          'TENANT_ALREADY_EXISTS',
        );
        expectError(
          await bob.post('/tenants/create', { json: { tenant_id: tenant } }),
          409,
          'TENANT_ALREADY_EXISTS',
        );
      });

      it('lists sub-tenant ids', async () => {
        const list = await alice.get('/tenants/sub_tenant_ids', { query: { tenant_id: tenant } });
        assert.equal(list.status, 200);
        assert.deepEqual(list.body, {
          tenant_id: tenant,
          default_sub_tenant_id: tenant,
          sub_tenant_ids: [tenant],
        });
      });

      it('reports stats per sub-tenant with every counter', async () => {
        const stats = await alice.get<{
          tenant_id: string;
          totals: Record<string, number>;
          sub_tenants: { sub_tenant_id: string; counts: Record<string, number> }[];
        }>('/tenants/stats', { query: { tenant_id: tenant } });
        assert.equal(stats.status, 200, JSON.stringify(stats.body));
        assert.equal(stats.body.tenant_id, tenant);
        assert.deepEqual(Object.keys(stats.body.totals).sort(), [
          'chunks',
          'embeddings',
          'entities',
          'memories',
          'relations',
          'sources',
        ]);
        assert.deepEqual(
          stats.body.sub_tenants.map((s) => s.sub_tenant_id),
          [tenant],
        );
      });

      it('refuses to delete the default sub-tenant (400) and an unknown one (404)', async () => {
        expectError(
          await alice.delete('/tenant/delete_sub_tenant', {
            query: { tenant_id: tenant, sub_tenant_id: tenant },
          }),
          400,
          'CANNOT_DELETE_DEFAULT_SUB_TENANT',
        );
        expectError(
          await alice.delete('/tenant/delete_sub_tenant', {
            query: { tenant_id: tenant, sub_tenant_id: 'nobody' },
          }),
          404,
          'SUB_TENANT_NOT_FOUND',
        );
      });
    });

    describe('isolation between owners', () => {
      it('answers 403 to another owner, the same for a tenant that does not exist', async () => {
        const other = expectError(
          await bob.get('/tenants/sub_tenant_ids', { query: { tenant_id: tenant } }),
          403,
          'FORBIDDEN',
        );
        const missing = expectError(
          await bob.get('/tenants/sub_tenant_ids', { query: { tenant_id: 'no-such-tenant' } }),
          403,
          'FORBIDDEN',
        );
        // The message must not tell an existing tenant from a missing one.
        assert.equal(other.message.replace(tenant, 'X'), missing.message.replace('no-such-tenant', 'X'));
        expectError(await bob.get('/tenants/stats', { query: { tenant_id: tenant } }), 403, 'FORBIDDEN');
        expectError(
          await bob.delete('/tenant/delete_sub_tenant', { query: { tenant_id: tenant, sub_tenant_id: 'x' } }),
          403,
          'FORBIDDEN',
        );
      });

      it('lets the admin key act on every tenant, and tells it when one does not exist', async () => {
        assert.equal(
          (await admin.get('/tenants/sub_tenant_ids', { query: { tenant_id: tenant } })).status,
          200,
        );
        expectError(
          await admin.get('/tenants/sub_tenant_ids', { query: { tenant_id: 'no-such-tenant' } }),
          404,
          'TENANT_NOT_FOUND',
        );
      });

      it('holds a read-only key to reads', async () => {
        assert.equal(
          (await reader.get('/tenants/sub_tenant_ids', { query: { tenant_id: tenant } })).status,
          200,
        );
        expectError(
          await reader.post('/tenants/create', { json: { tenant_id: `${tenant}-ro` } }),
          403,
          'FORBIDDEN',
        );
      });
    });

    describe('bad input always gets the error shape', () => {
      it('unknown routes and methods: 404', async () => {
        expectError(await alice.get('/no/such/route'), 404, 'NOT_FOUND');
        expectError(await anonymous.get('/no/such/route'), 404, 'NOT_FOUND');
        expectError(
          await alice.request('PUT', '/tenants/create', { json: { tenant_id: 'x' } }),
          404,
          'NOT_FOUND',
        );
      });

      it('a body that is not JSON: 422', async () => {
        expectError(
          await alice.post('/tenants/create', {
            raw: { body: '{"tenant_id":', contentType: 'application/json' },
          }),
          422,
          'VALIDATION_ERROR',
        );
        expectError(
          await alice.post('/tenants/create', { raw: { body: '', contentType: 'application/json' } }),
          422,
          'VALIDATION_ERROR',
        );
      });

      it('a JSON body that is not an object: 422', async () => {
        expectError(await alice.post('/tenants/create', { json: [1, 2] }), 422, 'VALIDATION_ERROR');
        expectError(await alice.post('/tenants/create', { json: 'acme' }), 422, 'VALIDATION_ERROR');
      });

      it('wrong content types: 415', async () => {
        expectError(
          await alice.post('/tenants/create', { raw: { body: 'tenant_id=x', contentType: 'text/plain' } }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
        expectError(
          await alice.post('/tenants/create', {
            raw: { body: 'tenant_id=x', contentType: 'application/x-www-form-urlencoded' },
          }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
        expectError(
          await alice.post('/tenants/create', {
            raw: { body: 'x', contentType: 'application/octet-stream' },
          }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      });

      it('an oversized body: 413', async () => {
        const big = JSON.stringify({ tenant_id: 'x', pad: 'y'.repeat(70_000) });
        expectError(
          await alice.post('/tenants/create', { raw: { body: big, contentType: 'application/json' } }),
          413,
          'PAYLOAD_TOO_LARGE',
        );
      });

      it('missing, malformed and unknown fields: 422 naming each field', async () => {
        const missing = expectError(
          await alice.post('/tenants/create', { json: {} }),
          422,
          'VALIDATION_ERROR',
        );
        assert.ok(
          missing.errors?.some((e) => e.field === 'tenant_id'),
          JSON.stringify(missing),
        );
        for (const tenant_id of ['', 'a b', 'x'.repeat(129), 'é', 42, null]) {
          expectError(await alice.post('/tenants/create', { json: { tenant_id } }), 422, 'VALIDATION_ERROR');
        }
        const unknown = expectError(
          await alice.post('/tenants/create', { json: { tenant_id: 'ok-id', colour: 'red' } }),
          422,
          'VALIDATION_ERROR',
        );
        assert.ok(
          unknown.errors?.some((e) => e.field === 'colour'),
          JSON.stringify(unknown),
        );
        expectError(await alice.get('/tenants/sub_tenant_ids'), 422, 'VALIDATION_ERROR');
        expectError(
          await alice.delete('/tenant/delete_sub_tenant', { query: { tenant_id: tenant } }),
          422,
          'VALIDATION_ERROR',
        );
        assert.equal(
          (await alice.post('/tenants/create', { json: { tenant_id: 'x'.repeat(128) } })).status,
          200,
        );
      });

      it('echoes a sane x-request-id and makes one up otherwise', async () => {
        const echoed = await alice.get('/tenants/sub_tenant_ids', {
          query: { tenant_id: tenant },
          headers: { 'x-request-id': 'e2e-trace-1' },
        });
        assert.equal(echoed.headers.get('x-request-id'), 'e2e-trace-1');
        const made = await alice.get('/tenants/sub_tenant_ids', {
          query: { tenant_id: tenant },
          headers: { 'x-request-id': 'bad id with spaces' },
        });
        assert.match(made.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
      });
    });

    describe('restart', () => {
      it('keeps keys, tenants and sub-tenants across a restart', async () => {
        await rig.restart();
        const list = await alice.get('/tenants/sub_tenant_ids', { query: { tenant_id: tenant } });
        assert.equal(list.status, 200, `${JSON.stringify(list.body)}\n${rig.output().slice(-2000)}`);
        assert.deepEqual(list.body, {
          tenant_id: tenant,
          default_sub_tenant_id: tenant,
          sub_tenant_ids: [tenant],
        });
        assert.equal((await admin.get('/tenants/stats', { query: { tenant_id: tenant } })).status, 200);
        expectError(
          await alice.post('/tenants/create', { json: { tenant_id: tenant } }),
          409,
          'TENANT_ALREADY_EXISTS',
        );
        expectError(
          await bob.get('/tenants/sub_tenant_ids', { query: { tenant_id: tenant } }),
          403,
          'FORBIDDEN',
        );
      });
    });
  });
}
