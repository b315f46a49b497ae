import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { expectError } from './expect-error';
import type { TenancyContext } from './tenancy-auth.suite';

/**
 * What the tenancy cases wrote survives a restart on the same data. Runs last: the restart
 * happens once, before these cases, and reads the tenant the tenant cases created.
 */
export function restartCases(ctx: TenancyContext): void {
  describe('restart', () => {
    before(async () => {
      await ctx.rig.restart();
    });

    it('keeps tenants and sub-tenants, and the keys that own them', async () => {
      const list = await ctx.alice.get('/tenants/sub_tenant_ids', { query: { tenant_id: ctx.tenant } });
      assert.equal(list.status, 200, `${JSON.stringify(list.body)}\n${ctx.rig.output().slice(-2000)}`);
      assert.deepEqual(list.body, {
        tenant_id: ctx.tenant,
        default_sub_tenant_id: ctx.tenant,
        sub_tenant_ids: [ctx.tenant],
      });
    });

    it('keeps the admin key working on every tenant', async () => {
      assert.equal((await ctx.admin.get('/tenants/stats', { query: { tenant_id: ctx.tenant } })).status, 200);
    });

    it('still refuses an existing tenant id with 409', async () => {
      expectError(
        await ctx.alice.post('/tenants/create', { json: { tenant_id: ctx.tenant } }),
        409,
        'TENANT_ALREADY_EXISTS',
      );
    });

    it('still keeps another owner out: 403', async () => {
      expectError(
        await ctx.bob.get('/tenants/sub_tenant_ids', { query: { tenant_id: ctx.tenant } }),
        403,
        'FORBIDDEN',
      );
    });
  });
}
