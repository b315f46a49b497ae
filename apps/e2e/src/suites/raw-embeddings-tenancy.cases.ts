import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import { D, ids, matrix, rawApi, sleep } from './raw-embeddings-http';
import type { RawEmbeddingsContext } from './raw-embeddings.suite';

/**
 * Embeddings kept to their tenant and sub-tenant, and verify-processing. The sub-tenant cases
 * share `team`: the first uploads to it, the last deletes it.
 */
export function rawTenancyCases(ctx: RawEmbeddingsContext): void {
  const { upload, search, verify, completed } = rawApi(ctx);
  const secret = matrix(1, D, 21)[0]!;

  describe('tenants and sub-tenants', () => {
    it("keeps a sub-tenant's embeddings to it: found there, not in the default sub-tenant", async () => {
      await upload({ embeddings: [secret], file_id: 'team-file' }, { sub_tenant_id: 'team' });
      await completed('team-file', { sub_tenant_id: 'team' });
      assert.equal(
        (await search({ query_embedding: secret, limit: 1, sub_tenant_id: 'team' })).body[0]!.chunk_id,
        'team-file_0',
      );
      assert.ok(!ids(await search({ query_embedding: secret, limit: 100 })).includes('team-file_0'));
      expectError(await verify('team-file'), 404, 'FILE_NOT_FOUND');
    });

    it("refuses another owner's search and upload: 403", async () => {
      expectError(await search({ query_embedding: secret }, ctx.bob), 403, 'FORBIDDEN');
      expectError(await upload({ embeddings: [secret] }, {}, ctx.bob), 403, 'FORBIDDEN');
    });

    it("counts a sub-tenant's embeddings in stats", async () => {
      const stats = await ctx.alice.get<{
        sub_tenants: { sub_tenant_id: string; counts: Record<string, number> }[];
      }>('/tenants/stats', { query: { tenant_id: ctx.tenant } });
      assert.equal(stats.body.sub_tenants.find((s) => s.sub_tenant_id === 'team')?.counts['embeddings'], 1);
    });

    it('erases a deleted sub-tenant’s embeddings', async () => {
      const deleted = await ctx.alice.delete('/tenant/delete_sub_tenant', {
        query: { tenant_id: ctx.tenant, sub_tenant_id: 'team' },
      });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      await sleep(500);
      assert.deepEqual((await search({ query_embedding: secret, sub_tenant_id: 'team' })).body, []);
      expectError(await verify('team-file', { sub_tenant_id: 'team' }), 404, 'FILE_NOT_FOUND');
    });
  });

  describe('verify-processing', () => {
    it('knows memories too: a memory added is searchable, then completed once its graph is made', async () => {
      const added = await ctx.alice.post('/user_memory/add_user_memory', {
        json: { tenant_id: ctx.tenant, raw_text: 'I keep my embeddings in Trove.', memory_id: 'mem-1' },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const first = (await verify('mem-1')).body as { indexing_status: string };
      assert.ok(['graph_creation', 'completed'].includes(first.indexing_status), JSON.stringify(first));
      const deadline = Date.now() + 20_000;
      while (((await verify('mem-1')).body as { indexing_status: string }).indexing_status !== 'completed') {
        assert.ok(Date.now() < deadline, 'mem-1 not completed within 20 s');
        await sleep(50);
      }
      assert.deepEqual((await verify('mem-1')).body, {
        file_id: 'mem-1',
        indexing_status: 'completed',
        success: true,
        message: 'Processing status retrieved successfully',
      });
    });

    it('answers 404 FILE_NOT_FOUND for an id never uploaded', async () => {
      expectError(await verify('never-uploaded'), 404, 'FILE_NOT_FOUND');
    });

    it('refuses a malformed file id: 422', async () => {
      expectError(await verify('bad id!'), 422, 'VALIDATION_ERROR');
    });
  });
}
