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

    it('answers the options not available yet with 422 NOT_IMPLEMENTED', async () => {
      for (const body of [{ mode: 'accurate' }, { personalise_search: true }, { extra_context: 'hi' }]) {
        const detail = expectError(await ctx.hybrid({ query: 'x', ...body }), 422, 'NOT_IMPLEMENTED');
        assert.match(detail.message, /Not available yet/);
      }
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
