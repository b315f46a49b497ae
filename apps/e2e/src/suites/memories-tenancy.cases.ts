import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AddMemoryResult, RetrieveMemoryResult } from '@trove/contracts';
import { expectError } from './expect-error';
import type { MemoriesContext } from './memories.suite';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Owners and sub-tenants kept apart, concurrent adds of several places, stats, and deleting a
 * sub-tenant. Runs last: it counts the memories the lifecycle cases left in the default
 * sub-tenant, and the cases below share the sub-tenant `team`, which the second one creates and
 * the last one deletes.
 */
export function memoryTenancyCases(ctx: MemoriesContext): void {
  describe('tenants and sub-tenants', () => {
    it("refuses another owner's search and add: 403", async () => {
      expectError(await ctx.hybrid({ query: 'tea' }, ctx.bob), 403, 'FORBIDDEN');
      expectError(await ctx.add({ raw_text: 'intrusion' }, ctx.bob), 403, 'FORBIDDEN');
    });

    it('keeps sub-tenants apart: one is provisioned by its first memory, which no other retrieves', async () => {
      expectError(await ctx.retrieve('tea', { sub_tenant_id: 'team' }), 404, 'SUB_TENANT_NOT_PROVISIONED');
      await ctx.add({
        raw_text: 'The team prefers standups at 9am.',
        sub_tenant_id: 'team',
        memory_id: 'standup',
      });
      const team = await ctx.retrieve('tea standups', { sub_tenant_id: 'team', max_count: 10 });
      assert.deepEqual(
        team.body.user_memories.map((m) => m.memory_id),
        ['standup'],
      );
      const main = await ctx.retrieve('standups at 9am', { max_count: 10 });
      assert.ok(!main.body.user_memories.some((m) => m.memory_id === 'standup'));
    });

    it('lists a sub-tenant created by a memory among the sub-tenant ids', async () => {
      const list = await ctx.alice.get<{ sub_tenant_ids: string[] }>('/tenants/sub_tenant_ids', {
        query: { tenant_id: ctx.tenant },
      });
      assert.deepEqual([...list.body.sub_tenant_ids].sort(), [ctx.tenant, 'team'].sort());
    });

    it('writes concurrent adds of two owners and several sub-tenants each into its own place', async () => {
      // Adds that arrive together are written in one batch: tenants must stay apart inside it.
      const bobs = `${ctx.tenant}-bob`;
      assert.equal((await ctx.bob.post('/tenants/create', { json: { tenant_id: bobs } })).status, 200);
      const places = [
        { client: ctx.alice, tenant_id: ctx.tenant, sub_tenant_id: 'c1' },
        { client: ctx.alice, tenant_id: ctx.tenant, sub_tenant_id: 'c2' },
        { client: ctx.bob, tenant_id: bobs, sub_tenant_id: bobs },
      ];
      const adds = Array.from({ length: 36 }, (_, i) => {
        const place = places[i % places.length]!;
        return place.client.post<AddMemoryResult>('/user_memory/add_user_memory', {
          json: {
            tenant_id: place.tenant_id,
            sub_tenant_id: place.sub_tenant_id,
            memory_id: `burst-${i}`,
            raw_text: `Burst note ${i} about the quokka census, filed for ${place.sub_tenant_id}.`,
          },
        });
      });
      for (const added of await Promise.all(adds))
        assert.equal(added.status, 200, JSON.stringify(added.body));
      for (const [p, place] of places.entries()) {
        const found = await place.client.post<RetrieveMemoryResult>('/user_memory/retrieve_user_memory', {
          query: { tenant_id: place.tenant_id, sub_tenant_id: place.sub_tenant_id, max_count: 50 },
          json: { query: 'quokka census burst note' },
        });
        assert.equal(found.status, 200, JSON.stringify(found.body));
        const expected = Array.from({ length: 12 }, (_, k) => `burst-${k * places.length + p}`);
        assert.deepEqual(found.body.user_memories.map((m) => m.memory_id).sort(), expected.sort());
        for (const memory of found.body.user_memories)
          assert.match(memory.source_content, new RegExp(`filed for ${place.sub_tenant_id}\\.$`));
      }
    });

    it('counts memories and chunks per sub-tenant in stats', async () => {
      const stats = await ctx.alice.get<{
        sub_tenants: { sub_tenant_id: string; counts: Record<string, number> }[];
      }>('/tenants/stats', { query: { tenant_id: ctx.tenant } });
      const team = stats.body.sub_tenants.find((s) => s.sub_tenant_id === 'team');
      assert.equal(team?.counts['memories'], 1, JSON.stringify(stats.body));
      assert.equal(team?.counts['chunks'], 1);
      const main = stats.body.sub_tenants.find((s) => s.sub_tenant_id === ctx.tenant);
      assert.ok((main?.counts['memories'] ?? 0) >= 3, JSON.stringify(stats.body));
    });

    it('erases a deleted sub-tenant from retrieval, search and stats', async () => {
      const deleted = await ctx.alice.delete('/tenant/delete_sub_tenant', {
        query: { tenant_id: ctx.tenant, sub_tenant_id: 'team' },
      });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      await sleep(500);
      expectError(
        await ctx.retrieve('standups', { sub_tenant_id: 'team' }),
        404,
        'SUB_TENANT_NOT_PROVISIONED',
      );
      const search = await ctx.hybrid({
        query: 'standups at 9am',
        sub_tenant_id: 'team',
        search_mode: 'memories',
      });
      assert.deepEqual(search.body.chunks, []);
      const after = await ctx.alice.get<{ sub_tenants: { sub_tenant_id: string }[] }>('/tenants/stats', {
        query: { tenant_id: ctx.tenant },
      });
      assert.ok(!after.body.sub_tenants.some((s) => s.sub_tenant_id === 'team'));
    });
  });
}
