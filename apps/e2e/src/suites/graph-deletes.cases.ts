import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import { graphCounts, relationsById, statements, uploadText } from './graph-http';
import { deleteSources } from './sources-http';
import { waitForProcessing } from './sources-fixtures';
import type { GraphContextE2e } from './graph.suite';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (graph work that follows a delete or an add runs in the background). */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Deletes of documents, memories, expired memories and sub-tenants take their graph facts and orphaned entities. */
export function graphDeleteCases(ctx: GraphContextE2e): void {
  describe('deletes cascade to the graph', () => {
    it('deleting a document removes its relations and the entities only it named (stats)', async () => {
      const scope = { tenant_id: ctx.tenant, sub_tenant_id: 'cascade' };
      await uploadText(ctx.alice, scope, 'hopper-work', 'Grace Hopper worked at Harvard University.');
      await uploadText(ctx.alice, scope, 'hopper-born', 'Grace Hopper was born in New York.');
      assert.deepEqual(await graphCounts(ctx.alice, ctx.tenant, 'cascade'), { entities: 3, relations: 2 });

      const deleted = await deleteSources(ctx.alice, { ...scope, source_ids: ['hopper-work'] });
      assert.equal(deleted.body.deleted_count, 1);
      expectError(
        await relationsById(ctx.alice, { ...scope, source_id: 'hopper-work' }),
        404,
        'SOURCE_NOT_FOUND',
      );
      // Harvard went with the only source naming it; Grace Hopper stays, named by the other.
      assert.deepEqual(await graphCounts(ctx.alice, ctx.tenant, 'cascade'), { entities: 2, relations: 1 });
      const kept = await relationsById(ctx.alice, { ...scope, source_id: 'hopper-born' });
      assert.deepEqual(statements(kept.body.relations), ['Grace Hopper —born in→ New York']);

      await deleteSources(ctx.alice, { ...scope, source_ids: ['hopper-born'] });
      assert.deepEqual(await graphCounts(ctx.alice, ctx.tenant, 'cascade'), { entities: 0, relations: 0 });
    });

    it('a memory gets a graph, and deleting it (or its expiry) takes the graph away', async () => {
      const scope = { tenant_id: ctx.tenant, sub_tenant_id: 'memories' };
      const add = (body: Record<string, unknown>) =>
        ctx.alice.post('/user_memory/add_user_memory', { json: { ...scope, ...body } });
      assert.equal((await add({ memory_id: 'job', raw_text: 'Lena Novak works at Siemens.' })).status, 200);
      assert.equal(
        (await add({ memory_id: 'brief', raw_text: 'Omar Diaz was born in Lisbon.', expiry_time: 2 })).status,
        200,
      );
      for (const file_id of ['job', 'brief']) {
        const { final } = await waitForProcessing(ctx.alice, { ...scope, file_id });
        assert.equal(final.indexing_status, 'completed');
      }
      const job = await relationsById(ctx.alice, { ...scope, source_id: 'job' });
      assert.equal(job.status, 200, JSON.stringify(job.body));
      assert.deepEqual(statements(job.body.relations), ['Lena Novak —works at→ Siemens']);
      assert.equal(job.body.relations[0]?.chunk_id.startsWith('job'), true);
      assert.deepEqual(await graphCounts(ctx.alice, ctx.tenant, 'memories'), { entities: 4, relations: 2 });

      const deleted = await ctx.alice.delete('/memories/delete-memory', {
        query: { ...scope, memory_id: 'job' },
      });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      expectError(await relationsById(ctx.alice, { ...scope, source_id: 'job' }), 404, 'SOURCE_NOT_FOUND');
      // The expiring memory leaves with the sweep (every 300 ms here) after its 2 s.
      await eventually(
        async () => (await graphCounts(ctx.alice, ctx.tenant, 'memories')).entities === 0,
        'the memories’ entities gone',
      );
      assert.deepEqual(await graphCounts(ctx.alice, ctx.tenant, 'memories'), { entities: 0, relations: 0 });
    });

    it('deleting a sub-tenant removes its whole graph, and only its own', async () => {
      const scope = { tenant_id: ctx.tenant, sub_tenant_id: 'doomed' };
      await uploadText(ctx.alice, scope, 'curie', 'Marie Curie was born in Warsaw.');
      assert.deepEqual(await graphCounts(ctx.alice, ctx.tenant, 'doomed'), { entities: 2, relations: 1 });
      const before = await graphCounts(ctx.alice, ctx.tenant, ctx.tenant);
      const removed = await ctx.alice.delete('/tenant/delete_sub_tenant', { query: scope });
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      await eventually(
        async () => (await graphCounts(ctx.alice, ctx.tenant, 'doomed')).entities === 0,
        'the sub-tenant’s graph gone',
      );
      assert.deepEqual(
        await graphCounts(ctx.alice, ctx.tenant, ctx.tenant),
        before,
        'the default sub-tenant kept',
      );
    });
  });
}
