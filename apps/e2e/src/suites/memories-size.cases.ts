import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MemoriesContext } from './memories.suite';

/**
 * The largest memory accepted, and answers larger than a NATS message (1 MiB) in either
 * direction. The second case searches the memory the first stores, then deletes it.
 */
export function memorySizeCases(ctx: MemoriesContext): void {
  describe('size', () => {
    // A million characters, 1.4 MB of UTF-8: over NATS's 1 MiB message limit both ways.
    const sentence = 'The keeper logged the tide at dawn. 灯塔看守人记录了潮汐。 ';
    const text = sentence.repeat(Math.floor((1_000_000 - 60) / sentence.length)) + 'Final entry: albatross.';

    it('stores a memory of the largest size accepted whole, and retrieves it whole', async () => {
      assert.ok(text.length <= 1_000_000 && Buffer.byteLength(text) > 1_400_000);
      const added = await ctx.add({ raw_text: text, memory_id: 'logbook' });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.ok(added.body.chunks_created > 1000, JSON.stringify(added.body));
      const found = await ctx.retrieve('albatross final entry', { max_count: 1 });
      assert.equal(
        found.body.user_memories[0]?.memory_id,
        'logbook',
        JSON.stringify(found.body).slice(0, 500),
      );
      assert.equal(found.body.user_memories[0]!.source_content, text);
    });

    it('answers a search of 1001 chunks, more than a NATS message holds', async () => {
      const many = await ctx.hybrid({
        query: 'keeper logged the tide',
        max_chunks: 1001,
        search_mode: 'memories',
      });
      assert.equal(many.status, 200, JSON.stringify(many.body).slice(0, 500));
      assert.equal(many.body.chunks.length, 1001);
      assert.ok(Buffer.byteLength(JSON.stringify(many.body)) > 1024 * 1024);
      const deleted = await ctx.alice.delete('/memories/delete-memory', {
        query: { tenant_id: ctx.tenant, memory_id: 'logbook' },
      });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    });
  });
}
