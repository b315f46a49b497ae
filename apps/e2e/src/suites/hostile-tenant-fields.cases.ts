import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiClient } from '@trove/testing';
import { expectError } from './expect-error';
import type { HostileContext } from './hostile-input.suite';

/**
 * Every route takes tenant_id and sub_tenant_id from the query or the body, checked the same
 * either way. The first two cases share the sub-tenant `keeper`, in this order.
 */
export function hostileTenantFieldCases(ctx: HostileContext): void {
  describe('tenant fields in the query or the body', () => {
    it('takes them from the body on a route that reads them from the query', async () => {
      await ctx.addMemory({
        raw_text: 'The lighthouse keeper feeds the gulls at dawn.',
        sub_tenant_id: 'keeper',
      });
      const inBody = await ctx.api.post<{ user_memories: unknown[] }>('/user_memory/retrieve_user_memory', {
        json: { tenant_id: ctx.tenant, sub_tenant_id: 'keeper', query: 'who feeds the gulls' },
      });
      assert.equal(inBody.status, 200, JSON.stringify(inBody.body));
      assert.equal(inBody.body.user_memories.length, 1);
    });

    it('takes them from the query on a route that reads them from the body', async () => {
      const inQuery = await ctx.api.post('/user_memory/add_user_memory', {
        query: { tenant_id: ctx.tenant, sub_tenant_id: 'keeper' },
        json: { raw_text: 'The keeper mends the fishing nets on Sundays.' },
      });
      assert.equal(inQuery.status, 200, JSON.stringify(inQuery.body));
      const mended = await ctx.api.post<{ user_memories: { source_content: string }[] }>(
        '/user_memory/retrieve_user_memory',
        { query: { tenant_id: ctx.tenant, sub_tenant_id: 'keeper' }, json: { query: 'who mends the nets' } },
      );
      assert.match(mended.body.user_memories[0]?.source_content ?? '', /fishing nets/);
    });

    it('refuses both sides with different values: 422, never one silently preferred', async () => {
      const both = await ctx.api.post('/search/hybrid-search', {
        query: { tenant_id: ctx.tenants[1] },
        json: { tenant_id: ctx.tenant, query: 'gulls' },
      });
      assert.match(expectError(both, 422, 'VALIDATION_ERROR').message, /tenant_id differs/);
    });

    it("refuses another owner's tenant on either side: 403", async () => {
      const admin = new ApiClient(ctx.rig.baseUrl, ctx.rig.adminKey);
      const other = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
        json: { owner: 'someone-else' },
      });
      const stranger = admin.withKey(other.body.full_api_key);
      expectError(
        await stranger.post('/user_memory/retrieve_user_memory', {
          json: { tenant_id: ctx.tenant, query: 'gulls' },
        }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await stranger.post('/search/hybrid-search', {
          query: { tenant_id: ctx.tenant },
          json: { query: 'gulls' },
        }),
        403,
        'FORBIDDEN',
      );
    });
  });
}
