import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import type { TenancyContext } from './tenancy-auth.suite';

/**
 * Owners never see each other's tenants; the admin key sees all; a read-only key only reads.
 * Runs after the tenant cases, on the tenant they created.
 */
export function isolationCases(ctx: TenancyContext): void {
  describe('isolation between owners', () => {
    it('answers 403 to another owner, the same for a tenant that does not exist', async () => {
      const other = expectError(
        await ctx.bob.get('/tenants/sub_tenant_ids', { query: { tenant_id: ctx.tenant } }),
        403,
        'FORBIDDEN',
      );
      const missing = expectError(
        await ctx.bob.get('/tenants/sub_tenant_ids', { query: { tenant_id: 'no-such-tenant' } }),
        403,
        'FORBIDDEN',
      );
      // The message must not tell an existing tenant from a missing one.
      assert.equal(other.message.replace(ctx.tenant, 'X'), missing.message.replace('no-such-tenant', 'X'));
    });

    it("refuses another owner the tenant's stats and sub-tenant deletion: 403", async () => {
      expectError(
        await ctx.bob.get('/tenants/stats', { query: { tenant_id: ctx.tenant } }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await ctx.bob.delete('/tenant/delete_sub_tenant', {
          query: { tenant_id: ctx.tenant, sub_tenant_id: 'x' },
        }),
        403,
        'FORBIDDEN',
      );
    });

    it('lets the admin key act on every tenant, and tells it when one does not exist', async () => {
      assert.equal(
        (await ctx.admin.get('/tenants/sub_tenant_ids', { query: { tenant_id: ctx.tenant } })).status,
        200,
      );
      expectError(
        await ctx.admin.get('/tenants/sub_tenant_ids', { query: { tenant_id: 'no-such-tenant' } }),
        404,
        'TENANT_NOT_FOUND',
      );
    });

    it('holds a read-only key to reads', async () => {
      assert.equal(
        (await ctx.reader.get('/tenants/sub_tenant_ids', { query: { tenant_id: ctx.tenant } })).status,
        200,
      );
      expectError(
        await ctx.reader.post('/tenants/create', { json: { tenant_id: `${ctx.tenant}-ro` } }),
        403,
        'FORBIDDEN',
      );
    });
  });
}
