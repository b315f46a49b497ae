import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import type { TenancyContext } from './tenancy-auth.suite';

interface KeyListing {
  api_keys: { api_key_id: string; owner: string; key_prefix: string; revoked_at: string | null }[];
}

/** Issuing, revoking and listing API keys. */
export function keyCases(ctx: TenancyContext): void {
  describe('api keys', () => {
    it('issues sk_live_ keys shown once, with default scopes', () => {
      const key = ctx.aliceKey;
      assert.match(key.full_api_key, /^sk_live_[A-Za-z0-9]{32,}$/);
      assert.equal(key.owner, 'alice');
      assert.deepEqual([...key.scopes].sort(), ['read', 'write']);
      assert.equal(key.env, 'live');
      assert.ok(!Number.isNaN(Date.parse(key.created_at)));
    });

    it('refuses key creation to a non-admin key (403) and to no key (401)', async () => {
      expectError(
        await ctx.alice.post('/api-keys/create_api_key', { json: { owner: 'mallory' } }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await ctx.anonymous.post('/api-keys/create_api_key', { json: { owner: 'mallory' } }),
        401,
        'UNAUTHORIZED',
      );
    });

    it('refuses a key request without an owner: 422 naming the field', async () => {
      const missing = expectError(
        await ctx.admin.post('/api-keys/create_api_key', { json: {} }),
        422,
        'VALIDATION_ERROR',
      );
      assert.ok(
        missing.errors?.some((e) => e.field === 'owner'),
        JSON.stringify(missing),
      );
    });

    it('refuses an unknown scope: 422 naming the field', async () => {
      const scope = expectError(
        await ctx.admin.post('/api-keys/create_api_key', { json: { owner: 'x', scopes: ['root'] } }),
        422,
        'VALIDATION_ERROR',
      );
      assert.ok(
        scope.errors?.some((e) => e.field === 'scopes'),
        JSON.stringify(scope),
      );
    });

    it('revokes a key: the next request with it is a 401 at once, even while the key was in use', async () => {
      const spare = await ctx.createKey('alice', ['read']);
      const spareClient = ctx.anonymous.withKey(spare.full_api_key);
      // In use: verified and remembered by the gateway.
      assert.notEqual((await spareClient.get('/api-keys/list')).status, 401);
      const revoked = await ctx.alice.delete<{ success: boolean; api_key_id: string; revoked_at: string }>(
        `/api-keys/${spare.api_key_id}`,
      );
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      assert.equal(revoked.body.api_key_id, spare.api_key_id);
      const started = Date.now();
      expectError(
        await spareClient.get('/tenants/sub_tenant_ids', { query: { tenant_id: 'nothing-here' } }),
        401,
        'UNAUTHORIZED',
      );
      assert.ok(Date.now() - started < 1000);
    });

    it("lets an owner revoke only their own keys (another owner's is a 404 and keeps working); the admin revokes any", async () => {
      const bobsKey = await ctx.createKey('bob', ['read']);
      const bob = ctx.anonymous.withKey(bobsKey.full_api_key);
      expectError(await ctx.alice.delete(`/api-keys/${bobsKey.api_key_id}`), 404, 'NOT_FOUND');
      assert.equal((await bob.get('/api-keys/list')).status, 200);
      assert.equal((await ctx.admin.delete(`/api-keys/${bobsKey.api_key_id}`)).status, 200);
      expectError(await bob.get('/api-keys/list'), 401, 'UNAUTHORIZED');
    });

    it("lists the caller's own keys with when each was revoked, never a secret", async () => {
      const spare = await ctx.createKey('alice', ['read']);
      const revoked = await ctx.alice.delete<{ revoked_at: string }>(`/api-keys/${spare.api_key_id}`);
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      const listed = await ctx.alice.get<KeyListing>('/api-keys/list');
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.ok(listed.body.api_keys.every((k) => k.owner === 'alice'));
      const entry = listed.body.api_keys.find((k) => k.api_key_id === spare.api_key_id);
      assert.equal(entry?.revoked_at, revoked.body.revoked_at);
      assert.ok(!JSON.stringify(listed.body).includes(spare.full_api_key.slice(12)));
    });

    it("lists another owner's keys to the admin only (403 otherwise)", async () => {
      expectError(await ctx.alice.get('/api-keys/list', { query: { owner: 'bob' } }), 403, 'FORBIDDEN');
      const bobs = await ctx.admin.get<{ api_keys: { owner: string }[] }>('/api-keys/list', {
        query: { owner: 'bob' },
      });
      assert.ok(bobs.body.api_keys.length >= 1 && bobs.body.api_keys.every((k) => k.owner === 'bob'));
    });

    it('refuses to revoke a malformed key id: 422', async () => {
      expectError(await ctx.alice.delete('/api-keys/not%20an%20id'), 422, 'VALIDATION_ERROR');
    });
  });
}
