import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { rawChangeCases } from './raw-embeddings-changes.cases';
import { rawLimitCases } from './raw-embeddings-limits.cases';
import { rawTenancyCases } from './raw-embeddings-tenancy.cases';
import { rawUploadCases } from './raw-embeddings-upload.cases';

/** What every group of raw-embedding cases works with; filled in before the first case runs. */
export interface RawEmbeddingsContext {
  mode: TroveMode;
  rig: TroveRig;
  /** Owner of `tenant` and of `${tenant}-wide`. */
  alice: ApiClient;
  bob: ApiClient;
  tenant: string;
}

/**
 * Every raw-embedding rule over HTTP (docs/api.md, Raw embeddings), run once per mode. The groups
 * run in the order below on one tenant, whose dimension the first upload sets: the change cases
 * replace, update and delete the batches the upload cases stored (`docs-1`, `rows-2000`), and
 * the limit cases, which send the largest bodies, come last.
 */
export function rawEmbeddingsSuite(mode: TroveMode): void {
  describe(`raw embeddings and verify-processing (${mode})`, { timeout: 300_000 }, () => {
    const ctx = { mode, tenant: `raw-${Date.now()}` } as RawEmbeddingsContext;

    before(async () => {
      ctx.rig = await startTrove(mode);
      const admin = new ApiClient(ctx.rig.baseUrl, ctx.rig.adminKey);
      const key = async (owner: string) =>
        (await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', { json: { owner } })).body
          .full_api_key;
      ctx.alice = new ApiClient(ctx.rig.baseUrl, await key('alice'));
      ctx.bob = new ApiClient(ctx.rig.baseUrl, await key('bob'));
      for (const t of [ctx.tenant, `${ctx.tenant}-wide`]) {
        assert.equal((await ctx.alice.post('/tenants/create', { json: { tenant_id: t } })).status, 200);
      }
    });

    after(async () => {
      await ctx.rig?.dispose();
    });

    rawUploadCases(ctx);
    rawChangeCases(ctx);
    rawTenancyCases(ctx);
    rawLimitCases(ctx);
  });
}
