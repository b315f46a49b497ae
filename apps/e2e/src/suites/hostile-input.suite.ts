import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { ApiClient, ApiResponse, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { hostileBodyCases } from './hostile-bodies.cases';
import { hostileConnectionCases } from './hostile-connections.cases';
import { hostileSecretCases } from './hostile-secrets.cases';
import { hostileTenantFieldCases } from './hostile-tenant-fields.cases';

/** What every group of hostile-input cases works with; filled in before the first case runs. */
export interface HostileContext {
  mode: TroveMode;
  rig: TroveRig;
  /** The owner's full key, which must never be printed. */
  key: string;
  /** A client with `key`, owner of every tenant of `tenants`. */
  api: ApiClient;
  tenants: string[];
  /** tenants[0]. */
  tenant: string;
  /** add_user_memory on `tenant`. */
  addMemory(body: Record<string, unknown>): Promise<ApiResponse>;
}

/**
 * Input an attacker (or a careless client) sends, over HTTP against a running Trove, once per
 * mode (the defects an attack on Trove found, each reproduced before its fix; docs/security.md):
 * every answer is a 4xx in the error shape of docs/api.md, and nobody else's request fails
 * because of it. No group relies on what another wrote.
 */
export function hostileInputSuite(mode: TroveMode): void {
  describe(`hostile input (${mode})`, { timeout: 180_000 }, () => {
    const tenants = Array.from({ length: 10 }, (_, i) => `hostile-${i}-${Date.now()}`);
    const ctx = { mode, tenants, tenant: tenants[0]! } as HostileContext;
    ctx.addMemory = (body) =>
      ctx.api.post('/user_memory/add_user_memory', { json: { tenant_id: ctx.tenant, ...body } });

    before(async () => {
      // Debug logging: the redaction case reads everything the processes print.
      ctx.rig = await startTrove(mode, { env: { EMBEDDINGS_PROVIDER: 'hashing', LOG_LEVEL: 'debug' } });
      const admin = new ApiClient(ctx.rig.baseUrl, ctx.rig.adminKey);
      const created = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
        json: { owner: 'hostile' },
      });
      ctx.key = created.body.full_api_key;
      ctx.api = admin.withKey(ctx.key);
      for (const id of tenants) {
        assert.equal((await ctx.api.post('/tenants/create', { json: { tenant_id: id } })).status, 200);
      }
    });

    after(async () => {
      await ctx.rig?.dispose();
    });

    hostileBodyCases(ctx);
    hostileTenantFieldCases(ctx);
    hostileSecretCases(ctx);
    hostileConnectionCases(ctx);
  });
}
