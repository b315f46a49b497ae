import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GenerateMemoryResult, RetrieveMemoryResult, SearchResult } from '@trove/contracts';
import { ApiClient } from '@trove/testing';
import { expectError } from './expect-error';
import type { MemoriesContext } from './memories.suite';

const CONVERSATION = [
  { user: 'Hello there!', assistant: 'Hi! What can I do for you today?' },
  {
    user: 'I work as a baker in Porto. I love sourdough with rye flour.',
    assistant: 'Rye sourdough is wonderful; the Quintalverde mill sells great flour.',
  },
  { user: 'Thanks, bye!', assistant: 'Goodbye!' },
];

/**
 * generate_user_memory over HTTP: only the inferred statements are stored, each a memory of its
 * own, in the caller's sub-tenant `gen` (nothing else uses it, so the earlier groups' counts
 * stay); and the bodies refused. Runs after the other memory groups.
 */
export function memoryGenerateCases(ctx: MemoriesContext): void {
  describe('generate memories from interactions', () => {
    const sub = 'gen';
    let generated: GenerateMemoryResult;
    const generate = (body: Record<string, unknown>, client: ApiClient = ctx.alice) =>
      client.post<GenerateMemoryResult>('/user_memory/generate_user_memory', {
        json: { tenant_id: ctx.tenant, ...body },
      });
    const search = (path: string, body: Record<string, unknown>, client: ApiClient = ctx.alice) =>
      client.post<SearchResult>(path, {
        json: { tenant_id: ctx.tenant, sub_tenant_id: sub, search_mode: 'memories', ...body },
      });

    it('generates memories of what the user said, and returns them', async () => {
      const response = await generate({
        sub_tenant_id: sub,
        user_name: 'Carla',
        user_assistant_pairs: CONVERSATION,
        custom_instructions: 'Keep what matters for baking advice.',
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      generated = response.body;
      assert.equal(generated.success, true);
      assert.equal(generated.inference, 'offline');
      assert.equal(generated.original_chunks, 0);
      assert.deepEqual(
        generated.memories.map((m) => m.source_content),
        ['Carla works as a baker in Porto.', 'Carla loves sourdough with rye flour.'],
      );
      assert.equal(generated.memories_generated, 2);
      assert.equal(generated.inferred_chunks, 2);
      for (const memory of generated.memories) {
        assert.match(memory.memory_id, /^[0-9a-f-]{36}$/);
        assert.equal(memory.source_id, memory.memory_id);
        assert.ok(['fact', 'preference', 'plan', 'date'].includes(memory.kind), memory.kind);
      }
    });

    it('finds them with a memories search and retrieval, as inferred chunks only', async () => {
      const hybrid = await search('/search/hybrid-search', {
        query: 'sourdough rye baker Porto',
        max_chunks: 50,
      });
      assert.equal(hybrid.status, 200, JSON.stringify(hybrid.body));
      const ids = generated.memories.map((m) => m.memory_id);
      assert.deepEqual(hybrid.body.chunks.map((c) => c.source_id).sort(), [...ids].sort());
      for (const chunk of hybrid.body.chunks) {
        assert.equal(chunk.chunk_uuid, `${chunk.source_id}_inferred_0`);
        assert.equal(
          chunk.chunk_content,
          generated.memories.find((m) => m.memory_id === chunk.source_id)!.source_content,
        );
      }
      const retrieved = await ctx.alice.post<RetrieveMemoryResult>('/user_memory/retrieve_user_memory', {
        query: { tenant_id: ctx.tenant, sub_tenant_id: sub, max_count: 10 },
        json: { query: 'What bread does Carla like?' },
      });
      assert.equal(retrieved.status, 200, JSON.stringify(retrieved.body));
      assert.ok(
        retrieved.body.user_memories.some(
          (m) => m.source_content === 'Carla loves sourdough with rye flour.',
        ),
        JSON.stringify(retrieved.body),
      );
    });

    it('stores nothing of the conversation itself', async () => {
      for (const query of ['Quintalverde mill', 'Hello there', 'What can I do for you today']) {
        const text = await search('/search/full-text-search', { query });
        assert.equal(text.status, 200, JSON.stringify(text.body));
        assert.deepEqual(text.body.chunks, [], query);
      }
    });

    it('answers an empty list and stores nothing when nothing is worth keeping', async () => {
      const response = await generate({
        sub_tenant_id: 'gen-small-talk',
        user_assistant_pairs: [{ user: 'Hi!', assistant: 'Hello, how can I help?' }],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(response.body.memories, []);
      assert.equal(response.body.memories_generated, 0);
      // Not even provisioned: the sub-tenant was never written.
      expectError(
        await ctx.alice.post('/user_memory/retrieve_user_memory', {
          query: { tenant_id: ctx.tenant, sub_tenant_id: 'gen-small-talk' },
          json: { query: 'hello' },
        }),
        404,
        'SUB_TENANT_NOT_PROVISIONED',
      );
    });

    it('keeps another owner out: no search of them, no generate into the tenant', async () => {
      expectError(await search('/search/hybrid-search', { query: 'sourdough' }, ctx.bob), 403, 'FORBIDDEN');
      expectError(
        await generate({ sub_tenant_id: sub, user_assistant_pairs: CONVERSATION }, ctx.bob),
        403,
        'FORBIDDEN',
      );
      const anonymous = new ApiClient(ctx.rig.baseUrl, '');
      expectError(await generate({ user_assistant_pairs: CONVERSATION }, anonymous), 401, 'UNAUTHORIZED');
      // Bob's own tenant holds none of them.
      const bobs = `${ctx.tenant}-gen-bob`;
      assert.equal((await ctx.bob.post('/tenants/create', { json: { tenant_id: bobs } })).status, 200);
      const own = await ctx.bob.post<SearchResult>('/search/hybrid-search', {
        json: { tenant_id: bobs, query: 'sourdough rye baker Porto', search_mode: 'memories' },
      });
      assert.equal(own.status, 200, JSON.stringify(own.body));
      assert.deepEqual(own.body.chunks, []);
      // And Alice's other sub-tenants hold none of them either.
      const main = await ctx.hybrid({ query: 'sourdough rye baker Porto', search_mode: 'memories' });
      assert.ok(!main.body.chunks.some((c) => /sourdough/.test(c.chunk_content)), JSON.stringify(main.body));
    });

    it('deletes a generated memory like any memory', async () => {
      const [first, second] = generated.memories;
      const deleted = await ctx.alice.delete('/memories/delete-memory', {
        query: { tenant_id: ctx.tenant, sub_tenant_id: sub, memory_id: first!.memory_id },
      });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      const hybrid = await search('/search/hybrid-search', {
        query: 'sourdough rye baker Porto',
        max_chunks: 50,
      });
      assert.deepEqual(
        hybrid.body.chunks.map((c) => c.source_id),
        [second!.memory_id],
      );
    });

    it('is documented in /openapi.json with its body and answer', async () => {
      const doc = await ctx.alice.get<{
        paths: Record<string, { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }>;
      }>('/openapi.json');
      const route = doc.body.paths['/user_memory/generate_user_memory']?.post;
      assert.ok(route?.requestBody, 'POST /user_memory/generate_user_memory missing from /openapi.json');
      assert.ok(route.responses?.['200'] && route.responses['401'] && route.responses['403']);
    });

    it('refuses bad bodies with 422 VALIDATION_ERROR naming user_assistant_pairs', async () => {
      const long = 'x'.repeat(1_000_001);
      const bodies: Record<string, unknown>[] = [
        {},
        { user_assistant_pairs: [] },
        { user_assistant_pairs: 'I like tea' },
        { user_assistant_pairs: [{ user: 42, assistant: 'ok' }] },
        { user_assistant_pairs: [{ user: 'I like tea.' }] },
        { user_assistant_pairs: ['I like tea.'] },
        { user_assistant_pairs: [{ user: '  ', assistant: '' }] },
        { user_assistant_pairs: [{ user: long, assistant: '' }] },
        { user_assistant_pairs: [{ user: 'x'.repeat(600_000), assistant: 'y'.repeat(400_001) }] },
        { user_assistant_pairs: Array.from({ length: 10_001 }, () => ({ user: 'a', assistant: 'b' })) },
      ];
      for (const body of bodies) {
        const detail = expectError(await generate({ sub_tenant_id: sub, ...body }), 422, 'VALIDATION_ERROR');
        assert.ok(
          detail.errors?.some((e) => e.field.startsWith('user_assistant_pairs')),
          JSON.stringify(detail).slice(0, 300),
        );
      }
    });

    it('refuses wrong types and unknown fields beside the pairs: 422', async () => {
      const pairs = CONVERSATION;
      for (const [field, body] of [
        ['user_name', { user_name: 7 }],
        ['custom_instructions', { custom_instructions: 'x'.repeat(10_001) }],
        ['infer', { infer: true }],
      ] as const) {
        const detail = expectError(
          await generate({ sub_tenant_id: sub, user_assistant_pairs: pairs, ...body }),
          422,
          'VALIDATION_ERROR',
        );
        assert.ok(JSON.stringify(detail).includes(field), JSON.stringify(detail).slice(0, 300));
      }
      expectError(
        await ctx.alice.post('/user_memory/generate_user_memory', {
          raw: { body: '{"tenant_id": ', contentType: 'application/json' },
        }),
        422,
        'VALIDATION_ERROR',
      );
    });
  });
}
