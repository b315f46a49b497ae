import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { AddMemoryResult, RetrieveMemoryResult, SearchResult } from '@trove/contracts';
import { ApiClient, ApiResponse, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { memoryGenerateCases } from './memories-generate.cases';
import { memoryLifecycleCases } from './memories-lifecycle.cases';
import { memorySearchCases } from './memories-search.cases';
import { memorySizeCases } from './memories-size.cases';
import { memoryTenancyCases } from './memories-tenancy.cases';

/** What every group of memory and search cases works with; filled in before the first case runs. */
export interface MemoriesContext {
  mode: TroveMode;
  rig: TroveRig;
  /** Owner of `tenant`. */
  alice: ApiClient;
  bob: ApiClient;
  tenant: string;
  /** Adds a memory to `tenant` (unless the body names another), as Alice unless told. */
  add(body: Record<string, unknown>, client?: ApiClient): Promise<ApiResponse<AddMemoryResult>>;
  /** retrieve_user_memory on `tenant`: the tenant and `params` in the query, the query in the body. */
  retrieve(
    query: string,
    params?: Record<string, string | number>,
    body?: Record<string, unknown>,
  ): Promise<ApiResponse<RetrieveMemoryResult>>;
  hybrid(body: Record<string, unknown>, client?: ApiClient): Promise<ApiResponse<SearchResult>>;
}

/**
 * Every memory and search rule over HTTP, run once per mode. The groups run in the order below
 * on one tenant: the search cases search the memories the lifecycle cases wrote, and the tenancy
 * cases count them.
 */
export function memoryAndSearchSuite(mode: TroveMode): void {
  describe(`memories and search (${mode})`, { timeout: 240_000 }, () => {
    const ctx = { mode, tenant: `mem-${Date.now()}` } as MemoriesContext;
    ctx.add = (body, client = ctx.alice) =>
      client.post('/user_memory/add_user_memory', { json: { tenant_id: ctx.tenant, ...body } });
    ctx.retrieve = (query, params = {}, body = {}) =>
      ctx.alice.post('/user_memory/retrieve_user_memory', {
        query: { tenant_id: ctx.tenant, ...params },
        json: { query, ...body },
      });
    ctx.hybrid = (body, client = ctx.alice) =>
      client.post('/search/hybrid-search', { json: { tenant_id: ctx.tenant, ...body } });

    before(async () => {
      // A short sweep, so that an expired memory leaves the indexes within the case.
      ctx.rig = await startTrove(mode, { env: { MEMORY_SWEEP_INTERVAL_MS: '300' } });
      const admin = new ApiClient(ctx.rig.baseUrl, ctx.rig.adminKey);
      const key = async (owner: string) =>
        (await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', { json: { owner } })).body
          .full_api_key;
      ctx.alice = new ApiClient(ctx.rig.baseUrl, await key('alice'));
      ctx.bob = new ApiClient(ctx.rig.baseUrl, await key('bob'));
      assert.equal(
        (await ctx.alice.post('/tenants/create', { json: { tenant_id: ctx.tenant } })).status,
        200,
      );
    });

    after(async () => {
      await ctx.rig?.dispose();
    });

    memoryLifecycleCases(ctx);
    memorySearchCases(ctx);
    memorySizeCases(ctx);
    memoryTenancyCases(ctx);
    memoryGenerateCases(ctx);
  });
}
