import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SearchResult } from '@trove/contracts';
import { expectError } from './expect-error';
import type { MemoriesContext } from './memories.suite';

/**
 * Hybrid and full-text search over memories. Runs after the lifecycle cases and searches the
 * memories they left (`lisbon-trip`, and `tea` about sencha); the tenant holds no documents.
 */
export function memorySearchCases(ctx: MemoriesContext): void {
  describe('search', () => {
    it('hybrid search over memories returns every field of a result chunk, best first', async () => {
      const result = await ctx.hybrid({
        query: 'Lisbon wedding',
        search_mode: 'memories',
        max_chunks: 3,
        num_related_chunks: 1,
      });
      assert.equal(result.status, 200, JSON.stringify(result.body));
      assert.deepEqual(result.body.graph_context, {
        query_paths: [],
        chunk_relations: [],
        chunk_id_to_group_ids: {},
      });
      const [chunk] = result.body.chunks;
      assert.ok(chunk, 'no chunk');
      assert.equal(chunk.source_id, 'lisbon-trip');
      assert.equal(chunk.source_type, 'memory');
      for (const field of [
        'chunk_uuid',
        'chunk_content',
        'source_title',
        'source_upload_time',
        'source_last_updated_time',
      ]) {
        assert.equal(typeof (chunk as unknown as Record<string, unknown>)[field], 'string', field);
      }
      assert.ok(!Number.isNaN(Date.parse(chunk.source_upload_time)));
      assert.equal(typeof JSON.parse(chunk.layout).offsets.document_level_start_index, 'number');
      assert.ok(chunk.relevancy_score >= 0 && chunk.relevancy_score <= 1);
      assert.equal(typeof chunk.document_metadata, 'object');
      assert.equal(typeof chunk.tenant_metadata, 'object');
      assert.ok(Array.isArray(chunk.related_chunks));
      const sorted = [...result.body.chunks].sort((a, b) => b.relevancy_score - a.relevancy_score);
      assert.deepEqual(result.body.chunks, sorted);
    });

    it('searches sources, not memories, by default: with no documents it finds nothing', async () => {
      assert.deepEqual((await ctx.hybrid({ query: 'Lisbon wedding' })).body.chunks, []);
    });

    it('refuses bad hybrid search input with 422 VALIDATION_ERROR', async () => {
      for (const body of [
        { query: '' },
        { query: '   ' },
        { query: 'x', alpha: 1.5 },
        { query: 'x', alpha: 'sometimes' },
        { query: 'x', max_chunks: 0 },
        { query: 'x', max_chunks: 1002 },
        { query: 'x', max_chunks: '10' },
        { query: 'x', search_mode: 'everything' },
        { query: 'x', recency_bias: 2 },
        { query: 'x', num_related_chunks: 11 },
        { query: 42 },
      ]) {
        expectError(await ctx.hybrid(body), 422, 'VALIDATION_ERROR');
      }
    });

    it('extra_context steers an ambiguous query to its meaning, both ways', async () => {
      // A tenant of its own: the tenancy cases count the sub-tenants of the shared one.
      const tenant_id = `${ctx.tenant}-steer`;
      assert.equal((await ctx.alice.post('/tenants/create', { json: { tenant_id } })).status, 200);
      for (const [memory_id, raw_text] of [
        ['car', 'The Jaguar F-Type sports car accelerates from 0 to 60 mph in 3.5 seconds on the track.'],
        ['cat', 'The jaguar, a big cat of the Amazon rainforest, sprints at 50 mph to ambush its prey.'],
      ]) {
        const added = await ctx.add({ tenant_id, memory_id, raw_text });
        assert.equal(added.status, 200, JSON.stringify(added.body));
      }
      const first = async (extra_context?: string) => {
        const found = await ctx.hybrid({
          tenant_id,
          query: 'how fast is a jaguar',
          search_mode: 'memories',
          ...(extra_context === undefined ? {} : { extra_context }),
        });
        assert.equal(found.status, 200, JSON.stringify(found.body));
        assert.equal(found.body.chunks.length, 2, JSON.stringify(found.body));
        return found.body.chunks[0]!.source_id;
      };
      assert.equal(await first('I am buying a new sports car and compare their acceleration.'), 'car');
      assert.equal(await first('I study big cats that live in the rainforest.'), 'cat');
      // Blank context is no context; a context of another type is refused.
      assert.ok(['car', 'cat'].includes(await first('   ')));
      expectError(await ctx.hybrid({ query: 'x', extra_context: 42 }), 422, 'VALIDATION_ERROR');
    });

    it("personalise_search ranks what the user's memories are about first, for each user", async () => {
      const tenant_id = `${ctx.tenant}-personal`;
      assert.equal((await ctx.alice.post('/tenants/create', { json: { tenant_id } })).status, 200);
      const likes = new Map([
        ['racer', 'My sports car engine delivers horsepower and acceleration on the track every weekend.'],
        ['ranger', 'I watch big cats hunting prey in the Amazon rainforest on every trip.'],
      ]);
      for (const [sub_tenant_id, text] of likes) {
        for (const [memory_id, raw_text] of [
          ['car', 'The Jaguar F-Type sports car accelerates from 0 to 60 mph in 3.5 seconds on the track.'],
          ['cat', 'The jaguar, a big cat of the Amazon rainforest, sprints at 50 mph to ambush its prey.'],
          ['likes', text],
        ]) {
          const added = await ctx.add({ tenant_id, sub_tenant_id, memory_id, raw_text });
          assert.equal(added.status, 200, JSON.stringify(added.body));
        }
      }
      const order = async (sub_tenant_id: string, personalise_search: boolean) => {
        const found = await ctx.hybrid({
          tenant_id,
          sub_tenant_id,
          query: 'how fast is a jaguar',
          search_mode: 'memories',
          personalise_search,
        });
        assert.equal(found.status, 200, JSON.stringify(found.body));
        return found.body.chunks.map((c) => c.source_id).filter((id) => id === 'car' || id === 'cat');
      };
      assert.deepEqual(await order('racer', true), ['car', 'cat']);
      assert.deepEqual(await order('ranger', true), ['cat', 'car']);
    });

    it('takes the edge values: alpha auto, max_chunks 1001, personalise_search false', async () => {
      assert.equal(
        (await ctx.hybrid({ query: 'x', alpha: 'auto', max_chunks: 1001, personalise_search: false })).status,
        200,
      );
    });

    it('full-text search honours the and operator', async () => {
      const search = (operator: string) =>
        ctx.alice.post<SearchResult>('/search/full-text-search', {
          json: { tenant_id: ctx.tenant, query: 'sencha Lisbon', search_mode: 'memories', operator },
        });
      const or = await search('or');
      const and = await search('and');
      assert.ok(new Set(or.body.chunks.map((c) => c.source_id)).size >= 2, JSON.stringify(or.body));
      assert.deepEqual(and.body.chunks, []);
    });
  });
}
