import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AddMemoryResult, SearchResult } from '@trove/contracts';
import { expectError } from './expect-error';
import type { MemoriesContext } from './memories.suite';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A memory from its first add to its deletion: provisioning, adds of text and of conversations,
 * retrieval by relevance, replacement, expiry, deletion, and the memories refused. Runs first;
 * it leaves the memories `lisbon-trip` and `tea` (sencha) that the later groups search.
 */
export function memoryLifecycleCases(ctx: MemoriesContext): void {
  describe('memories', () => {
    it('answers 404 SUB_TENANT_NOT_PROVISIONED before the first memory', async () => {
      const detail = expectError(await ctx.retrieve('anything'), 404, 'SUB_TENANT_NOT_PROVISIONED');
      assert.match(detail.message, /not provisioned for user memory/);
    });

    it('adds a raw-text memory, chunked and indexed, with a generated id', async () => {
      const added = await ctx.add({
        raw_text: 'I love hiking in the Alps with my dog Rex every summer.',
        user_name: 'Alice',
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.equal(added.body.success, true);
      assert.equal(added.body.user_memory_added, true);
      assert.match(added.body.memory_id, /^[0-9a-f-]{36}$/);
      assert.equal(added.body.source_id, added.body.memory_id);
      assert.equal(added.body.original_chunks, 1);
      assert.equal(added.body.inferred_chunks, 0);
      assert.equal(added.body.chunks_created, 1);
    });

    it('adds conversation pairs as one memory, with inferred statements on infer', async () => {
      const added = await ctx.add({
        memory_id: 'lisbon-trip',
        user_name: 'Alice',
        infer: true,
        user_assistant_pairs: [
          { user: "I'm flying to Lisbon next Friday for my brother's wedding.", assistant: 'How exciting!' },
          { user: "I'm allergic to peanuts.", assistant: 'Noted.' },
        ],
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.equal(added.body.memory_id, 'lisbon-trip');
      assert.ok(added.body.inferred_chunks >= 2, JSON.stringify(added.body));
      assert.equal(added.body.chunks_created, added.body.original_chunks + added.body.inferred_chunks);
    });

    it('adds through the /memories/add-memories alias as through add_user_memory', async () => {
      const alias = await ctx.alice.post<AddMemoryResult>('/memories/add-memories', {
        json: { tenant_id: ctx.tenant, raw_text: 'My favourite tea is genmaicha.', memory_id: 'tea' },
      });
      assert.equal(alias.status, 200, JSON.stringify(alias.body));
      assert.equal(alias.body.memory_id, 'tea');
    });

    it('retrieves memories ranked by relevance, with content, ids and scores', async () => {
      const found = await ctx.retrieve('hiking trips in the mountains with a dog', { max_count: 2 });
      assert.equal(found.status, 200, JSON.stringify(found.body));
      assert.equal(found.body.success, true);
      assert.ok(found.body.user_memories.length >= 1 && found.body.user_memories.length <= 2);
      const [best] = found.body.user_memories;
      assert.match(best!.source_content, /hiking in the Alps/);
      assert.ok(best!.score > 0 && best!.score <= 1);
      const lisbon = await ctx.retrieve('When is the wedding trip to Lisbon?', { max_count: 1 });
      assert.equal(lisbon.body.user_memories[0]?.memory_id, 'lisbon-trip', JSON.stringify(lisbon.body));
      assert.match(lisbon.body.user_memories[0]!.source_content, /Alice: I'm flying to Lisbon/);
    });

    it('honours max_count 1', async () => {
      assert.equal((await ctx.retrieve('tea', { max_count: 1 })).body.user_memories.length, 1);
    });

    it('lets the service decide on max_count 0, at most 20', async () => {
      const decided = await ctx.retrieve('genmaicha tea', { max_count: 0 });
      assert.equal(decided.status, 200);
      assert.ok(decided.body.user_memories.length >= 1 && decided.body.user_memories.length <= 20);
      assert.equal(decided.body.user_memories[0]?.memory_id, 'tea');
    });

    it('returns no memories when nothing is relevant', async () => {
      const found = await ctx.retrieve('quantum chromodynamics lattice gauge', { max_count: 10 });
      assert.equal(found.status, 200);
      assert.deepEqual(found.body.user_memories, []);
    });

    it('returns the reply to a question it finds, when another speaker said it', async () => {
      // One turn per memory, in order: the question matches the query; its reply shares no word
      // with it. Elsewhere the same two lines from one speaker are no question and answer.
      const say = async (sub_tenant_id: string, memory_id: string, user_name: string, raw_text: string) =>
        assert.equal((await ctx.add({ sub_tenant_id, memory_id, user_name, raw_text })).status, 200);
      const question = 'Did you finish the lighthouse keeper novel? What did it teach you?';
      const reply = 'Patience, mostly. Also that silence is different from loneliness.';
      await say('chat', 'ask', 'Mel', question);
      await say('chat', 'answer', 'Caro', reply);
      await say('chat', 'later', 'Mel', 'Lovely. My pottery class starts on Monday.');
      await say('monologue', 'ask', 'Mel', question);
      await say('monologue', 'answer', 'Mel', reply);
      const query = 'What lesson did Caro take from the lighthouse keeper novel?';
      const chat = await ctx.retrieve(query, { sub_tenant_id: 'chat', max_count: 5 });
      assert.equal(chat.status, 200, JSON.stringify(chat.body));
      const ids = chat.body.user_memories.map((m) => m.memory_id);
      assert.deepEqual(ids.slice(0, 2), ['ask', 'answer'], JSON.stringify(chat.body));
      const [asked, answered] = chat.body.user_memories;
      assert.ok(answered!.score > 0 && answered!.score < asked!.score, JSON.stringify(chat.body));
      // Only Caro's memories: her reply, lifted by Mel's question.
      const hers = await ctx.retrieve(query, { sub_tenant_id: 'chat', max_count: 5 }, { user_name: 'Caro' });
      assert.deepEqual(
        hers.body.user_memories.map((m) => m.memory_id),
        ['answer'],
      );
      const alone = await ctx.retrieve(query, { sub_tenant_id: 'monologue', max_count: 5 });
      assert.deepEqual(
        alone.body.user_memories.map((m) => m.memory_id),
        ['ask'],
        JSON.stringify(alone.body),
      );
      // The tenancy cases list and count this tenant's sub-tenants.
      for (const sub_tenant_id of ['chat', 'monologue']) {
        const deleted = await ctx.alice.delete('/tenant/delete_sub_tenant', {
          query: { tenant_id: ctx.tenant, sub_tenant_id },
        });
        assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      }
    });

    it('lifts what a speaker named in the query said, when several speakers spoke', async () => {
      // The same two memories in two sub-tenants; only in 'pair' is the cat memory by a speaker
      // the query names, so only there is it lifted, by 1 − (1 − score) × (1 − 0.2).
      const lines: [string, string, string][] = [
        ['cats', 'Two cats from the shelter came home with me in May.', 'Caro'],
        ['dog', 'We adopted a rescue greyhound from the shelter last spring.', 'Mel'],
      ];
      for (const [sub_tenant_id, speaker] of [
        ['pair', 'Caro'],
        ['strangers', 'Dana'],
      ] as const)
        for (const [memory_id, raw_text, user_name] of lines) {
          const added = await ctx.add({
            sub_tenant_id,
            memory_id,
            raw_text,
            user_name: memory_id === 'cats' ? speaker : user_name,
          });
          assert.equal(added.status, 200, JSON.stringify(added.body));
        }
      const query = 'Which pets did Caro adopt from the shelter?';
      const scoreOf = async (sub_tenant_id: string) => {
        const found = await ctx.retrieve(query, { sub_tenant_id, max_count: 5 });
        assert.equal(found.status, 200, JSON.stringify(found.body));
        return new Map(found.body.user_memories.map((m) => [m.memory_id, m.score]));
      };
      const [pair, strangers] = [await scoreOf('pair'), await scoreOf('strangers')];
      const own = strangers.get('cats')!;
      assert.ok(own > 0, JSON.stringify([...strangers]));
      assert.ok(Math.abs(pair.get('cats')! - (1 - (1 - own) * 0.8)) < 1e-6, JSON.stringify([...pair]));
      assert.equal(pair.get('dog'), strangers.get('dog'));
      for (const sub_tenant_id of ['pair', 'strangers']) {
        const deleted = await ctx.alice.delete('/tenant/delete_sub_tenant', {
          query: { tenant_id: ctx.tenant, sub_tenant_id },
        });
        assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      }
    });

    it('replaces a memory added again with the same memory_id', async () => {
      await ctx.add({ raw_text: 'My favourite tea is sencha now.', memory_id: 'tea' });
      const found = await ctx.retrieve('favourite tea', { max_count: 5 });
      const tea = found.body.user_memories.filter((m) => m.memory_id === 'tea');
      assert.equal(tea.length, 1);
      assert.match(tea[0]!.source_content, /sencha/);
    });

    it('never returns an expired memory, and erases it from search within the sweep', async () => {
      await ctx.add({ raw_text: 'The vault code is zebra-7731.', memory_id: 'secret', expiry_time: 1 });
      assert.equal(
        (await ctx.retrieve('vault code zebra', { max_count: 5 })).body.user_memories[0]?.memory_id,
        'secret',
      );
      await sleep(1500);
      const after = await ctx.retrieve('vault code zebra', { max_count: 5 });
      assert.ok(!after.body.user_memories.some((m) => m.memory_id === 'secret'), JSON.stringify(after.body));
      const text = await ctx.alice.post<SearchResult>('/search/full-text-search', {
        json: { tenant_id: ctx.tenant, query: 'zebra-7731', search_mode: 'memories' },
      });
      assert.equal(text.status, 200);
      assert.deepEqual(text.body.chunks, []);
    });

    it('deletes a memory from every store, then answers 404', async () => {
      await ctx.add({ raw_text: 'Ephemeral note about kumquats.', memory_id: 'kumquat' });
      const query = { tenant_id: ctx.tenant, memory_id: 'kumquat' };
      const deleted = await ctx.alice.delete<{ success: boolean; user_memory_deleted: boolean }>(
        '/memories/delete-memory',
        { query },
      );
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      assert.deepEqual(deleted.body, { success: true, user_memory_deleted: true });
      expectError(await ctx.alice.delete('/memories/delete-memory', { query }), 404, 'MEMORY_NOT_FOUND');
      const search = await ctx.hybrid({ query: 'kumquats', search_mode: 'memories', alpha: 0 });
      assert.deepEqual(search.body.chunks, []);
    });

    it('refuses a memory with nothing to remember, a blank text or no pairs: 422', async () => {
      expectError(await ctx.add({}), 422, 'VALIDATION_ERROR');
      expectError(await ctx.add({ raw_text: '   ' }), 422, 'VALIDATION_ERROR');
      expectError(await ctx.add({ user_assistant_pairs: [] }), 422, 'VALIDATION_ERROR');
    });

    it('refuses an expiry of 0 and a malformed memory_id: 422', async () => {
      expectError(await ctx.add({ raw_text: 'x', expiry_time: 0 }), 422, 'VALIDATION_ERROR');
      expectError(await ctx.add({ raw_text: 'x', memory_id: 'bad id' }), 422, 'VALIDATION_ERROR');
    });

    it('refuses a retrieval with max_count over 100 or an empty query: 422', async () => {
      expectError(await ctx.retrieve('x', { max_count: 101 }), 422, 'VALIDATION_ERROR');
      expectError(await ctx.retrieve('', {}), 422, 'VALIDATION_ERROR');
    });
  });
}
