import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { badInputCases } from './tenancy-bad-input.cases';
import { authenticationCases, publicRouteCases } from './tenancy-authentication.cases';
import { isolationCases } from './tenancy-isolation.cases';
import { keyCases } from './tenancy-keys.cases';
import { restartCases } from './tenancy-restart.cases';
import { tenantCases } from './tenancy-tenants.cases';

/** An API key as create_api_key answers it: the only time the full key is shown. */
export interface KeyCreated {
  api_key_id: string;
  owner: string;
  scopes: string[];
  env: string;
  full_api_key: string;
  created_at: string;
}

/** What every group of tenancy and auth cases works with; filled in before the first case runs. */
export interface TenancyContext {
  mode: TroveMode;
  rig: TroveRig;
  admin: ApiClient;
  anonymous: ApiClient;
  /** Owner of `tenant` once the tenant cases have created it. */
  alice: ApiClient;
  aliceKey: KeyCreated;
  bob: ApiClient;
  /** Alice's read-only key. */
  reader: ApiClient;
  tenant: string;
  /** MAX_BODY_BYTES of the rig. */
  bodyLimit: number;
  /** Issues a key with the admin key; fails the case unless it is a 200. */
  createKey(owner: string, scopes?: string[]): Promise<KeyCreated>;
}

/**
 * The whole tenancy and auth surface, and every error case of the HTTP edge, driven over HTTP
 * against a running Trove. Run once per mode, with the same assertions. The groups run in the
 * order below: the tenant cases create the tenant that isolation, bad input and restart use.
 */
export function tenancyAndAuthSuite(mode: TroveMode): void {
  describe(`tenancy and auth (${mode})`, { timeout: 180_000 }, () => {
    const ctx = { mode, tenant: `acme-${Date.now()}`, bodyLimit: 65_536 } as TenancyContext;
    ctx.createKey = async (owner, scopes) => {
      const response = await ctx.admin.post<KeyCreated>('/api-keys/create_api_key', {
        json: scopes ? { owner, scopes } : { owner },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };

    before(async () => {
      ctx.rig = await startTrove(mode, { env: { MAX_BODY_BYTES: String(ctx.bodyLimit) } });
      ctx.admin = new ApiClient(ctx.rig.baseUrl, ctx.rig.adminKey);
      ctx.anonymous = new ApiClient(ctx.rig.baseUrl);
      ctx.aliceKey = await ctx.createKey('alice');
      ctx.alice = ctx.anonymous.withKey(ctx.aliceKey.full_api_key);
      ctx.bob = ctx.anonymous.withKey((await ctx.createKey('bob')).full_api_key);
      ctx.reader = ctx.anonymous.withKey((await ctx.createKey('alice', ['read'])).full_api_key);
    });

    after(async () => {
      await ctx.rig?.dispose();
    });

    publicRouteCases(ctx);
    keyCases(ctx);
    authenticationCases(ctx);
    tenantCases(ctx);
    isolationCases(ctx);
    badInputCases(ctx);
    restartCases(ctx);
  });
}
