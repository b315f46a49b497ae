import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import type { TenancyContext } from './tenancy-auth.suite';

/** Creating a tenant, its sub-tenants and stats. The first case creates the suite's tenant. */
export function tenantCases(ctx: TenancyContext): void {
  describe('tenants', () => {
    it('creates a tenant whose default sub-tenant is the tenant id', async () => {
      const created = await ctx.alice.post('/tenants/create', { json: { tenant_id: ctx.tenant } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual(created.body, {
        tenant_id: ctx.tenant,
        default_sub_tenant_id: ctx.tenant,
        message: 'Tenant created successfully',
      });
    });

    it('refuses an existing tenant id with 409 TENANT_ALREADY_EXISTS, to its owner and to anyone else', async () => {
      expectError(
        await ctx.alice.post('/tenants/create', { json: { tenant_id: ctx.tenant } }),
        409,
        'TENANT_ALREADY_EXISTS',
      );
      expectError(
        await ctx.bob.post('/tenants/create', { json: { tenant_id: ctx.tenant } }),
        409,
        'TENANT_ALREADY_EXISTS',
      );
    });

    it('lists sub-tenant ids', async () => {
      const list = await ctx.alice.get('/tenants/sub_tenant_ids', { query: { tenant_id: ctx.tenant } });
      assert.equal(list.status, 200);
      assert.deepEqual(list.body, {
        tenant_id: ctx.tenant,
        default_sub_tenant_id: ctx.tenant,
        sub_tenant_ids: [ctx.tenant],
      });
    });

    it('reports stats per sub-tenant with every counter', async () => {
      const stats = await ctx.alice.get<{
        tenant_id: string;
        totals: Record<string, number>;
        sub_tenants: { sub_tenant_id: string; counts: Record<string, number> }[];
      }>('/tenants/stats', { query: { tenant_id: ctx.tenant } });
      assert.equal(stats.status, 200, JSON.stringify(stats.body));
      assert.equal(stats.body.tenant_id, ctx.tenant);
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
        [ctx.tenant],
      );
    });

    it('refuses to delete the default sub-tenant: 400 CANNOT_DELETE_DEFAULT_SUB_TENANT', async () => {
      expectError(
        await ctx.alice.delete('/tenant/delete_sub_tenant', {
          query: { tenant_id: ctx.tenant, sub_tenant_id: ctx.tenant },
        }),
        400,
        'CANNOT_DELETE_DEFAULT_SUB_TENANT',
      );
    });

    it('refuses to delete an unknown sub-tenant: 404 SUB_TENANT_NOT_FOUND', async () => {
      expectError(
        await ctx.alice.delete('/tenant/delete_sub_tenant', {
          query: { tenant_id: ctx.tenant, sub_tenant_id: 'nobody' },
        }),
        404,
        'SUB_TENANT_NOT_FOUND',
      );
    });
  });
}
