import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateApiKey, generateApiKeyId, hashApiKey } from '../api-key';
import { NewApiKey, TenantStore } from './tenant-store';

/** Opens an empty, migrated store for one suite; `dispose` releases whatever it holds. */
export type TenantStoreFactory = () => Promise<{ store: TenantStore; dispose(): Promise<void> }>;

function newKey(
  ownerId: string,
  scopes: NewApiKey['scopes'] = ['read', 'write'],
): NewApiKey & { apiKey: string } {
  const apiKey = generateApiKey();
  return {
    apiKey,
    apiKeyId: generateApiKeyId(),
    ownerId,
    keyHash: hashApiKey(apiKey),
    displayPrefix: apiKey.slice(0, 12),
    scopes,
  };
}

/** The behaviour every TenantStore adapter must show; run against PGlite and PostgreSQL. */
export function describeTenantStore(name: string, open: TenantStoreFactory): void {
  describe(`TenantStore contract: ${name}`, () => {
    let store: TenantStore;
    let dispose: () => Promise<void>;

    before(async () => {
      ({ store, dispose } = await open());
    });
    after(async () => {
      await dispose();
    });

    it('stores a key under a new owner and finds it by hash only', async () => {
      const key = newKey('acme', ['read']);
      const created = await store.createApiKey(key);
      assert.equal(created.apiKeyId, key.apiKeyId);
      assert.equal(created.ownerId, 'acme');
      assert.deepEqual(created.scopes, ['read']);
      assert.equal(created.bootstrap, false);
      assert.equal(created.revokedAt, null);
      assert.ok(created.createdAt instanceof Date);
      const found = await store.findActiveApiKey(key.keyHash);
      assert.deepEqual(found, created);
      assert.equal(await store.findActiveApiKey(hashApiKey('sk_live_unknown')), null);
      // A second key for the same owner reuses the owner.
      await store.createApiKey(newKey('acme'));
    });

    it('no longer finds a revoked key', async () => {
      const key = newKey('revoking');
      const created = await store.createApiKey(key);
      assert.equal(await store.revokeApiKey(created.apiKeyId), true);
      assert.equal(await store.revokeApiKey(created.apiKeyId), false);
      assert.equal(await store.findActiveApiKey(key.keyHash), null);
      // Still found by id, revoked, and listed with the owner's keys.
      const byId = await store.findApiKeyById(created.apiKeyId);
      assert.equal(byId?.apiKeyId, created.apiKeyId);
      assert.ok(byId?.revokedAt instanceof Date);
      assert.equal(await store.findApiKeyById('key_unknown'), null);
    });

    it("lists an owner's keys (oldest first), or every key", async () => {
      const first = await store.createApiKey(newKey('listed'));
      const second = await store.createApiKey(newKey('listed', ['read']));
      await store.createApiKey(newKey('unlisted'));
      const listed = await store.listApiKeys('listed');
      assert.deepEqual(
        listed.map((k) => [k.apiKeyId, k.scopes]),
        [
          [first.apiKeyId, first.scopes],
          [second.apiKeyId, ['read']],
        ],
      );
      // Keys made within one clock tick still list in the order they were made.
      const burst = [];
      for (let i = 0; i < 12; i++) burst.push((await store.createApiKey(newKey('burst'))).apiKeyId);
      assert.deepEqual(
        (await store.listApiKeys('burst')).map((k) => k.apiKeyId),
        burst,
      );
      const all = await store.listApiKeys();
      assert.ok(all.some((k) => k.ownerId === 'unlisted') && all.some((k) => k.ownerId === 'listed'));
      assert.deepEqual(await store.listApiKeys('nobody'), []);
    });

    it('keeps at most one live bootstrap key, created once even under concurrency', async () => {
      assert.equal(await store.findBootstrapKey(), null);
      const candidates = [1, 2, 3, 4].map(() => newKey('admin', ['read', 'write', 'admin']));
      const results = await Promise.all(candidates.map((key) => store.createBootstrapKeyIfAbsent(key)));
      assert.equal(results.filter(Boolean).length, 1);
      const winner = candidates[results.indexOf(true)]!;
      const bootstrap = await store.findBootstrapKey();
      assert.equal(bootstrap?.apiKeyId, winner.apiKeyId);
      assert.equal(bootstrap?.bootstrap, true);
      assert.deepEqual(bootstrap?.scopes, ['read', 'write', 'admin']);
    });

    it('replaces the bootstrap key, revoking the old one, and repeats idempotently', async () => {
      const before = await store.findBootstrapKey();
      assert.ok(before);
      const configured = newKey('admin', ['read', 'write', 'admin']);
      const set = await store.setBootstrapKey(configured);
      assert.equal(set.apiKeyId, configured.apiKeyId);
      assert.equal((await store.findBootstrapKey())?.apiKeyId, configured.apiKeyId);
      const again = await store.setBootstrapKey({ ...configured, apiKeyId: generateApiKeyId() });
      assert.equal(again.apiKeyId, configured.apiKeyId, 'same hash keeps the same key record');
      assert.equal((await store.findActiveApiKey(configured.keyHash))?.apiKeyId, configured.apiKeyId);

      // Switching back to a revoked key revives it.
      const other = newKey('admin', ['read', 'write', 'admin']);
      await store.setBootstrapKey(other);
      assert.equal(await store.findActiveApiKey(configured.keyHash), null);
      await store.setBootstrapKey(configured);
      assert.equal((await store.findBootstrapKey())?.apiKeyId, configured.apiKeyId);
      assert.equal(await store.findActiveApiKey(other.keyHash), null);
      assert.equal(await store.createBootstrapKeyIfAbsent(newKey('admin')), false);
    });

    it('promotes an ordinary key to bootstrap admin when it is configured as such', async () => {
      const ordinary = newKey('someone', ['read']);
      await store.createApiKey(ordinary);
      const promoted = await store.setBootstrapKey({
        ...ordinary,
        ownerId: 'admin',
        scopes: ['read', 'write', 'admin'],
      });
      assert.equal(promoted.apiKeyId, ordinary.apiKeyId);
      assert.equal(promoted.ownerId, 'admin');
      assert.equal(promoted.bootstrap, true);
      assert.deepEqual(promoted.scopes, ['read', 'write', 'admin']);
    });

    it('creates a tenant with its default sub-tenant, once', async () => {
      const tenant = await store.createTenant('t-one', 'owner-a');
      assert.equal(tenant?.tenantId, 't-one');
      assert.equal(tenant?.ownerId, 'owner-a');
      assert.ok(tenant?.createdAt instanceof Date);
      assert.deepEqual(await store.findTenant('t-one'), tenant);
      const subTenants = await store.listSubTenants('t-one');
      assert.deepEqual(
        subTenants.map((s) => s.subTenantId),
        ['t-one'],
      );
      assert.equal(await store.createTenant('t-one', 'owner-b'), null);
      assert.equal((await store.findTenant('t-one'))?.ownerId, 'owner-a');
      assert.equal(await store.findTenant('t-missing'), null);
      assert.deepEqual(await store.listSubTenants('t-missing'), []);
    });

    it('ensures sub-tenants idempotently and lists the default one first', async () => {
      await store.createTenant('t-two', 'owner-a');
      const ensure = async (tenantId: string, subTenantId: string) =>
        (await store.ensureSubTenants([{ tenantId, subTenantId }]))[0];
      assert.equal(await ensure('t-two', 'zeta'), 'created');
      assert.equal(await ensure('t-two', 'zeta'), 'existed');
      assert.equal(await ensure('t-two', 't-two'), 'existed');
      const racing = await Promise.all([1, 2, 3].map(() => ensure('t-two', 'alpha')));
      assert.deepEqual(racing.sort(), ['created', 'existed', 'existed']);
      const ids = (await store.listSubTenants('t-two')).map((s) => s.subTenantId);
      assert.equal(ids[0], 't-two');
      assert.deepEqual([...ids].sort(), ['alpha', 't-two', 'zeta']);
      assert.equal((await store.findSubTenant('t-two', 'zeta'))?.subTenantId, 'zeta');
      assert.equal(await store.findSubTenant('t-two', 'nope'), null);
      // Sub-tenants belong to their tenant only.
      assert.equal(await store.findSubTenant('t-one', 'zeta'), null);
    });

    it('creates nothing for a sub-tenant of a missing tenant', async () => {
      assert.deepEqual(await store.ensureSubTenants([{ tenantId: 't-ghost', subTenantId: 'x' }]), [
        'no-tenant',
      ]);
      assert.deepEqual(await store.listSubTenants('t-ghost'), []);
    });

    it('ensures a batch in one call: each ref answered in order, repeats alike, other tenants untouched', async () => {
      await store.createTenant('t-batch', 'owner-a');
      await store.createTenant('t-batch-2', 'owner-b');
      await store.ensureSubTenants([{ tenantId: 't-batch', subTenantId: 'old' }]);
      const outcomes = await store.ensureSubTenants([
        { tenantId: 't-batch', subTenantId: 'new' },
        { tenantId: 't-batch', subTenantId: 'old' },
        { tenantId: 't-ghost', subTenantId: 'new' },
        { tenantId: 't-batch-2', subTenantId: 'new' },
        { tenantId: 't-batch', subTenantId: 'new' },
        { tenantId: 't-batch', subTenantId: 't-batch' },
      ]);
      assert.deepEqual(outcomes, ['created', 'existed', 'no-tenant', 'created', 'created', 'existed']);
      assert.deepEqual((await store.listSubTenants('t-batch')).map((s) => s.subTenantId).sort(), [
        'new',
        'old',
        't-batch',
      ]);
      assert.deepEqual((await store.listSubTenants('t-batch-2')).map((s) => s.subTenantId).sort(), [
        'new',
        't-batch-2',
      ]);
      assert.deepEqual(await store.listSubTenants('t-ghost'), []);
      assert.deepEqual(await store.ensureSubTenants([]), []);
    });

    it('deletes a sub-tenant row and reports whether there was one', async () => {
      await store.createTenant('t-three', 'owner-a');
      await store.ensureSubTenants([{ tenantId: 't-three', subTenantId: 'gone' }]);
      assert.equal(await store.deleteSubTenant('t-three', 'gone'), true);
      assert.equal(await store.deleteSubTenant('t-three', 'gone'), false);
      assert.equal(await store.findSubTenant('t-three', 'gone'), null);
      assert.deepEqual(
        (await store.listSubTenants('t-three')).map((s) => s.subTenantId),
        ['t-three'],
      );
    });

    it('keeps ids with every allowed character intact', async () => {
      const id = 'Org.1_a:b-C';
      await store.createTenant(id, 'owner.x:y');
      await store.ensureSubTenants([{ tenantId: id, subTenantId: 'team:42.eu-west_1' }]);
      assert.deepEqual(
        (await store.listSubTenants(id)).map((s) => s.subTenantId),
        [id, 'team:42.eu-west_1'],
      );
    });
  });
}
