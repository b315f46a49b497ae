import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DomainError, ErrorCode, Principal, SubTenantDeletedEvent, TenantEvents } from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import { RecordingTransportClient } from '@trove/testing';
import { PgliteTenantStore } from './adapters/sql/pglite-tenant-store';
import { hashApiKey } from './api-key';
import { TenantService, TenantServiceOptions } from './tenant.service';

function rejectsWith(code: ErrorCode, message?: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof DomainError, `expected DomainError, got ${String(error)}`);
    assert.equal(error.code, code);
    if (message) assert.match(error.message, message);
    return true;
  };
}

describe('TenantService', () => {
  let db: PgliteDatabase;
  let store: PgliteTenantStore;
  let transport: RecordingTransportClient;
  const service = (options: TenantServiceOptions = {}) => new TenantService(store, transport, options);
  const owner = (ownerId: string): Principal => ({
    keyId: `key_${ownerId}`,
    ownerId,
    scopes: ['read', 'write'],
  });
  const admin: Principal = { keyId: 'key_admin', ownerId: 'admin', scopes: ['read', 'write', 'admin'] };

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    store = new PgliteTenantStore(db);
    await store.migrate();
    transport = new RecordingTransportClient();
  });
  after(async () => {
    await db.close();
  });

  describe('API keys', () => {
    it('creates a key (and its owner) with default scopes, and verifies it', async () => {
      const created = await service().createApiKey({ owner: 'acme' } as never);
      assert.match(created.full_api_key, /^sk_live_[A-Za-z0-9]{40}$/);
      assert.match(created.api_key_id, /^key_[A-Za-z0-9]{16}$/);
      assert.equal(created.owner, 'acme');
      assert.deepEqual(created.scopes, ['read', 'write']);
      assert.equal(created.env, 'live');
      assert.equal(new Date(created.created_at).toISOString(), created.created_at);
      const verified = await service().verifyApiKey({ apiKey: created.full_api_key });
      assert.deepEqual(verified, {
        principal: { keyId: created.api_key_id, ownerId: 'acme', scopes: ['read', 'write'] },
      });
    });

    it('keeps only a hash of the key', async () => {
      const created = await service().createApiKey({ owner: 'hashed', scopes: ['read'] });
      const rows = await db.query(`SELECT * FROM tenant.api_keys WHERE api_key_id = $1`, [
        created.api_key_id,
      ]);
      const text = JSON.stringify(rows);
      assert.ok(!text.includes(created.full_api_key));
      assert.ok(text.includes(hashApiKey(created.full_api_key)));
      assert.ok(text.includes(created.full_api_key.slice(0, 12)));
    });

    it('de-duplicates scopes in canonical order', async () => {
      const created = await service().createApiKey({ owner: 'acme', scopes: ['admin', 'read', 'admin'] });
      assert.deepEqual(created.scopes, ['read', 'admin']);
    });

    it('refuses an invalid owner and unknown or empty scopes, naming each field', async () => {
      await assert.rejects(
        service().createApiKey({ owner: 'bad owner!', scopes: ['root' as never] }),
        (error) => {
          assert.ok(error instanceof DomainError);
          assert.equal(error.code, 'VALIDATION_ERROR');
          assert.deepEqual(
            error.details?.errors?.map((e) => e.field),
            ['owner', 'scopes'],
          );
          return true;
        },
      );
      await assert.rejects(
        service().createApiKey({ owner: 'acme', scopes: [] }),
        rejectsWith('VALIDATION_ERROR'),
      );
      await assert.rejects(service().createApiKey(null as never), rejectsWith('VALIDATION_ERROR'));
    });

    it('answers null for unknown, malformed and revoked keys', async () => {
      assert.deepEqual(await service().verifyApiKey({ apiKey: 'sk_live_nope' }), { principal: null });
      assert.deepEqual(await service().verifyApiKey({ apiKey: '' }), { principal: null });
      assert.deepEqual(await service().verifyApiKey({ apiKey: 42 } as never), { principal: null });
      assert.deepEqual(await service().verifyApiKey({ apiKey: 'x'.repeat(10_000) }), { principal: null });
      const created = await service().createApiKey({ owner: 'leaver', scopes: ['read'] });
      await store.revokeApiKey(created.api_key_id);
      assert.deepEqual(await service().verifyApiKey({ apiKey: created.full_api_key }), { principal: null });
    });

    it('revokes: an owner its own keys, the admin any key but the bootstrap one; others are 404', async () => {
      const first = await service().createApiKey({ owner: 'revoker', scopes: ['read', 'write'] });
      const second = await service().createApiKey({ owner: 'revoker', scopes: ['read'] });
      const foreign = await service().createApiKey({ owner: 'bystander', scopes: ['read'] });
      const revoker = { ...owner('revoker'), keyId: first.api_key_id };
      const revoked = await service().revokeApiKey({ principal: revoker, api_key_id: second.api_key_id });
      assert.equal(revoked.api_key_id, second.api_key_id);
      assert.ok(Math.abs(Date.parse(revoked.revoked_at) - Date.now()) < 60_000);
      assert.equal((await service().verifyApiKey({ apiKey: second.full_api_key })).principal, null);
      // Again: not an error, the same time.
      assert.equal(
        (await service().revokeApiKey({ principal: revoker, api_key_id: second.api_key_id })).revoked_at,
        revoked.revoked_at,
      );
      // Someone else's key and an unknown key: the same 404.
      for (const api_key_id of [foreign.api_key_id, 'key_doesnotexist0000']) {
        await assert.rejects(
          service().revokeApiKey({ principal: revoker, api_key_id }),
          rejectsWith('NOT_FOUND', /No API key/),
        );
      }
      assert.notEqual((await service().verifyApiKey({ apiKey: foreign.full_api_key })).principal, null);
      await service().revokeApiKey({ principal: admin, api_key_id: foreign.api_key_id });
      assert.equal((await service().verifyApiKey({ apiKey: foreign.full_api_key })).principal, null);
      await assert.rejects(
        service().revokeApiKey({ principal: revoker, api_key_id: 'not an id' }),
        rejectsWith('VALIDATION_ERROR'),
      );
    });

    it("lists keys without secrets: an owner its own, the admin anyone's", async () => {
      const kept = await service().createApiKey({ owner: 'lister', scopes: ['read'] });
      const gone = await service().createApiKey({ owner: 'lister', scopes: ['read', 'write'] });
      await store.revokeApiKey(gone.api_key_id);
      await service().createApiKey({ owner: 'other-lister', scopes: ['read'] });
      const own = await service().listApiKeys({ principal: owner('lister') });
      assert.deepEqual(
        own.api_keys.map((k) => [k.api_key_id, k.owner, k.scopes, k.revoked_at === null]),
        [
          [kept.api_key_id, 'lister', ['read'], true],
          [gone.api_key_id, 'lister', ['read', 'write'], false],
        ],
      );
      const text = JSON.stringify(own);
      assert.ok(!text.includes(kept.full_api_key) && !text.includes(kept.full_api_key.slice(12)));
      assert.match(own.api_keys[0]!.key_prefix, /^sk_live_[A-Za-z0-9]{4}$/);
      await assert.rejects(
        service().listApiKeys({ principal: owner('lister'), owner: 'other-lister' }),
        rejectsWith('FORBIDDEN'),
      );
      const theirs = await service().listApiKeys({ principal: admin, owner: 'other-lister' });
      assert.deepEqual(
        theirs.api_keys.map((k) => k.owner),
        ['other-lister'],
      );
      const all = await service().listApiKeys({ principal: admin });
      assert.ok(all.api_keys.length >= 4);
    });
  });

  describe('bootstrap admin key', () => {
    let generated: string;

    it('generates one on first start, hands it out once, and keeps only its hash', async () => {
      const first = service();
      await first.bootstrap();
      generated = first.takeGeneratedAdminKey()!;
      assert.match(generated, /^sk_live_[A-Za-z0-9]{40}$/);
      assert.equal(first.takeGeneratedAdminKey(), undefined, 'handed out once');
      assert.equal(
        (await store.findActiveApiKey(hashApiKey(generated)))?.ownerId,
        'admin',
        'stored by its hash',
      );
      const { principal } = await service().verifyApiKey({ apiKey: generated });
      assert.equal(principal?.ownerId, 'admin');
      assert.deepEqual(principal?.scopes, ['read', 'write', 'admin']);
    });

    it('generates nothing and keeps the same key on later starts', async () => {
      for (const later of [service(), service({ adminApiKey: '' })]) {
        await later.bootstrap();
        assert.equal(later.takeGeneratedAdminKey(), undefined);
      }
      assert.notEqual((await service().verifyApiKey({ apiKey: generated })).principal, null);
    });

    it('makes a configured key the admin key and revokes the generated one', async () => {
      const configured = 'sk_live_configuredAdminKey000000000000000000';
      const withKey = service({ adminApiKey: configured });
      await withKey.bootstrap();
      assert.equal(withKey.takeGeneratedAdminKey(), undefined);
      const first = (await service().verifyApiKey({ apiKey: configured })).principal;
      assert.deepEqual(first?.scopes, ['read', 'write', 'admin']);
      assert.equal(first?.ownerId, 'admin');
      assert.equal((await service().verifyApiKey({ apiKey: generated })).principal, null);

      await service({ adminApiKey: configured }).bootstrap();
      assert.equal((await service().verifyApiKey({ apiKey: configured })).principal?.keyId, first?.keyId);

      const rotated = 'sk_live_rotatedAdminKey1111111111111111111111';
      await service({ adminApiKey: rotated }).bootstrap();
      assert.equal((await service().verifyApiKey({ apiKey: configured })).principal, null);
      assert.notEqual((await service().verifyApiKey({ apiKey: rotated })).principal, null);
    });

    it('refuses a weak configured key in production, naming ADMIN_API_KEY, and only warns in development', async () => {
      const before = process.env['NODE_ENV'];
      try {
        process.env['NODE_ENV'] = 'production';
        await assert.rejects(
          service({ adminApiKey: 'admin' }).bootstrap(),
          /ADMIN_API_KEY is weak: it is shorter/,
        );
        assert.equal((await service().verifyApiKey({ apiKey: 'admin' })).principal, null);
        process.env['NODE_ENV'] = 'development';
        await service({ adminApiKey: 'admin' }).bootstrap();
        assert.notEqual((await service().verifyApiKey({ apiKey: 'admin' })).principal, null);
      } finally {
        if (before === undefined) delete process.env['NODE_ENV'];
        else process.env['NODE_ENV'] = before;
      }
    });

    it('refuses to revoke the bootstrap key through the API: ADMIN_API_KEY replaces it', async () => {
      const bootstrap = (await store.listApiKeys('admin')).find((k) => k.bootstrap && !k.revokedAt);
      assert.ok(bootstrap);
      await assert.rejects(
        service().revokeApiKey({ principal: admin, api_key_id: bootstrap.apiKeyId }),
        rejectsWith('CONFLICT', /ADMIN_API_KEY/),
      );
    });
  });

  describe('tenants and access', () => {
    it("creates a tenant owned by the caller's owner, with the tenant id as default sub-tenant", async () => {
      assert.deepEqual(await service().createTenant({ principal: owner('alice'), tenant_id: 'acme-prod' }), {
        tenant_id: 'acme-prod',
        default_sub_tenant_id: 'acme-prod',
        message: 'Tenant created successfully',
      });
      assert.deepEqual(await service().checkAccess({ principal: owner('alice'), tenant_id: 'acme-prod' }), {
        tenant_id: 'acme-prod',
        owner_id: 'alice',
      });
    });

    it('refuses an existing tenant id, whoever asks', async () => {
      for (const principal of [owner('alice'), owner('bob'), admin]) {
        await assert.rejects(
          service().createTenant({ principal, tenant_id: 'acme-prod' }),
          rejectsWith('TENANT_ALREADY_EXISTS', /acme-prod/),
        );
      }
    });

    it('refuses invalid tenant ids and a missing principal', async () => {
      await assert.rejects(
        service().createTenant({ principal: owner('alice'), tenant_id: 'has space' }),
        rejectsWith('VALIDATION_ERROR'),
      );
      await assert.rejects(service().createTenant({ tenant_id: 'x' } as never), rejectsWith('UNAUTHORIZED'));
      await assert.rejects(
        service().checkAccess({ principal: { ownerId: 'x' }, tenant_id: 'x' } as never),
        rejectsWith('UNAUTHORIZED'),
      );
    });

    it("answers FORBIDDEN alike for another owner's tenant and a missing one", async () => {
      const errors: DomainError[] = [];
      for (const tenant_id of ['acme-prod', 'no-such-tenant']) {
        await assert.rejects(service().checkAccess({ principal: owner('bob'), tenant_id }), (error) => {
          assert.ok(error instanceof DomainError);
          errors.push(error);
          return error.code === 'FORBIDDEN';
        });
      }
      assert.equal(errors[0]!.message, errors[1]!.message);
    });

    it('lets an admin reach any existing tenant and tells it when one is missing', async () => {
      assert.deepEqual(await service().checkAccess({ principal: admin, tenant_id: 'acme-prod' }), {
        tenant_id: 'acme-prod',
        owner_id: 'alice',
      });
      await assert.rejects(
        service().checkAccess({ principal: admin, tenant_id: 'no-such-tenant' }),
        rejectsWith('TENANT_NOT_FOUND'),
      );
    });
  });

  describe('sub-tenants', () => {
    before(async () => {
      await service().createTenant({ principal: owner('carol'), tenant_id: 'org' });
    });

    it('creates a sub-tenant on its first write only; empty means the default one', async () => {
      const svc = service();
      assert.deepEqual(await svc.ensureSubTenant({ tenant_id: 'org', sub_tenant_id: 'team-a' }), {
        tenant_id: 'org',
        sub_tenant_id: 'team-a',
        created: true,
      });
      assert.equal((await svc.ensureSubTenant({ tenant_id: 'org', sub_tenant_id: 'team-a' })).created, false);
      assert.deepEqual(await svc.ensureSubTenant({ tenant_id: 'org', sub_tenant_id: '' }), {
        tenant_id: 'org',
        sub_tenant_id: 'org',
        created: false,
      });
      await assert.rejects(
        svc.ensureSubTenant({ tenant_id: 'ghost', sub_tenant_id: 'x' }),
        rejectsWith('TENANT_NOT_FOUND'),
      );
      await assert.rejects(
        svc.ensureSubTenant({ tenant_id: 'org', sub_tenant_id: 'bad/id' }),
        rejectsWith('VALIDATION_ERROR'),
      );
    });

    it('ensures a batch: each ref gets its own outcome, a bad one fails alone', async () => {
      await service().createTenant({ principal: owner('carol'), tenant_id: 'batch-org' });
      const reply = await service().ensureSubTenants({
        sub_tenants: [
          { tenant_id: 'batch-org', sub_tenant_id: 'team-c' },
          { tenant_id: 'ghost', sub_tenant_id: 'x' },
          { tenant_id: 'batch-org', sub_tenant_id: 'bad/id' },
          { tenant_id: 'batch-org', sub_tenant_id: '' },
          { tenant_id: 'batch-org', sub_tenant_id: 'team-c' },
        ],
      });
      const codes = reply.outcomes.map((o) => ('error' in o ? o.error.code : o.ok.created));
      assert.deepEqual(codes, [true, 'TENANT_NOT_FOUND', 'VALIDATION_ERROR', false, true]);
      assert.deepEqual('ok' in reply.outcomes[3]! && reply.outcomes[3].ok.sub_tenant_id, 'batch-org');
      await assert.rejects(
        service().ensureSubTenants({ sub_tenants: 'nope' } as never),
        rejectsWith('INVALID_PARAMETERS'),
      );
      assert.deepEqual(await service().ensureSubTenants({ sub_tenants: [] }), { outcomes: [] });
    });

    it('lists sub-tenants (default first) and reports when each was created', async () => {
      await service().ensureSubTenant({ tenant_id: 'org', sub_tenant_id: 'team-b' });
      const list = await service().listSubTenants({ tenant_id: 'org' });
      assert.deepEqual(list, {
        tenant_id: 'org',
        default_sub_tenant_id: 'org',
        sub_tenant_ids: ['org', 'team-a', 'team-b'],
      });
      const stats = await service().stats({ tenant_id: 'org' });
      assert.equal(stats.default_sub_tenant_id, 'org');
      assert.deepEqual(
        stats.sub_tenants.map((s) => s.sub_tenant_id),
        ['org', 'team-a', 'team-b'],
      );
      for (const s of stats.sub_tenants) assert.equal(new Date(s.created_at).toISOString(), s.created_at);
      await assert.rejects(service().listSubTenants({ tenant_id: 'ghost' }), rejectsWith('TENANT_NOT_FOUND'));
      await assert.rejects(service().stats({ tenant_id: '' }), rejectsWith('VALIDATION_ERROR'));
    });

    it('never deletes the default sub-tenant (also when the id is omitted)', async () => {
      for (const sub_tenant_id of ['org', '', undefined]) {
        await assert.rejects(
          service().deleteSubTenant({ tenant_id: 'org', sub_tenant_id } as never),
          rejectsWith('CANNOT_DELETE_DEFAULT_SUB_TENANT'),
        );
      }
    });

    it('answers SUB_TENANT_NOT_FOUND for an unknown sub-tenant and publishes nothing', async () => {
      const before = transport.emitted.length;
      await assert.rejects(
        service().deleteSubTenant({ tenant_id: 'org', sub_tenant_id: 'never-written' }),
        rejectsWith('SUB_TENANT_NOT_FOUND'),
      );
      assert.equal(transport.emitted.length, before);
    });

    it('deletes a sub-tenant and publishes the event every data-holding service listens to', async () => {
      assert.deepEqual(await service().deleteSubTenant({ tenant_id: 'org', sub_tenant_id: 'team-a' }), {
        status: 'deleted',
        tenant_id: 'org',
        sub_tenant_id: 'team-a',
        success: true,
        message: 'Sub-tenant deleted successfully',
      });
      const events = transport.emittedWith<SubTenantDeletedEvent>(TenantEvents.subTenantDeleted);
      assert.equal(events.length, 1);
      assert.equal(events[0]!.tenant_id, 'org');
      assert.equal(events[0]!.sub_tenant_id, 'team-a');
      assert.equal(new Date(events[0]!.deleted_at).toISOString(), events[0]!.deleted_at);
      assert.deepEqual((await service().listSubTenants({ tenant_id: 'org' })).sub_tenant_ids, [
        'org',
        'team-b',
      ]);
      await assert.rejects(
        service().deleteSubTenant({ tenant_id: 'org', sub_tenant_id: 'team-a' }),
        rejectsWith('SUB_TENANT_NOT_FOUND'),
      );
    });

    it('keeps the sub-tenant when the event cannot be published, so the delete can be retried', async () => {
      transport.failNextEmit = new DomainError('SERVICE_UNAVAILABLE', 'NATS is unavailable');
      await assert.rejects(
        service().deleteSubTenant({ tenant_id: 'org', sub_tenant_id: 'team-b' }),
        rejectsWith('SERVICE_UNAVAILABLE'),
      );
      assert.ok((await service().listSubTenants({ tenant_id: 'org' })).sub_tenant_ids.includes('team-b'));
      assert.equal(
        (await service().deleteSubTenant({ tenant_id: 'org', sub_tenant_id: 'team-b' })).success,
        true,
      );
    });
  });
});
