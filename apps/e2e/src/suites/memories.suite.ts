import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AddMemoryResult, RetrieveMemoryResult, SearchResult } from '@trove/contracts';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { expectError } from './expect-error';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every memory and search rule over HTTP, run once per mode. */
export function memoryAndSearchSuite(mode: TroveMode): void {
  describe(`memories and search (${mode})`, { timeout: 240_000 }, () => {
    let rig: TroveRig;
    let alice: ApiClient;
    let bob: ApiClient;
    const tenant = `mem-${Date.now()}`;

    const add = (body: Record<string, unknown>, client = alice) =>
      client.post<AddMemoryResult>('/user_memory/add_user_memory', { json: { tenant_id: tenant, ...body } });
    const retrieve = (
      query: string,
      params: Record<string, string | number> = {},
      body: Record<string, unknown> = {},
    ) =>
      alice.post<RetrieveMemoryResult>('/user_memory/retrieve_user_memory', {
        query: { tenant_id: tenant, ...params },
        json: { query, ...body },
      });
    const hybrid = (body: Record<string, unknown>, client = alice) =>
      client.post<SearchResult>('/search/hybrid-search', { json: { tenant_id: tenant, ...body } });

    before(async () => {
      rig = await startTrove(mode, { env: { MEMORY_SWEEP_INTERVAL_MS: '300' } });
      const admin = new ApiClient(rig.baseUrl, rig.adminKey);
      const key = async (owner: string) =>
        (await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', { json: { owner } })).body
          .full_api_key;
      alice = new ApiClient(rig.baseUrl, await key('alice'));
      bob = new ApiClient(rig.baseUrl, await key('bob'));
      assert.equal((await alice.post('/tenants/create', { json: { tenant_id: tenant } })).status, 200);
    });

    after(async () => {
      await rig?.dispose();
    });

    it('answers 404 SUB_TENANT_NOT_PROVISIONED before the first memory', async () => {
      const detail = expectError(await retrieve('anything'), 404, 'SUB_TENANT_NOT_PROVISIONED');
      assert.match(detail.message, /not provisioned for user memory/);
    });

    it('adds a raw-text memory, chunked and indexed, with a generated id', async () => {
      const added = await add({
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
      const added = await add({
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
      // The alias path is the same operation.
      const alias = await alice.post<AddMemoryResult>('/memories/add-memories', {
        json: { tenant_id: tenant, raw_text: 'My favourite tea is genmaicha.', memory_id: 'tea' },
      });
      assert.equal(alias.status, 200, JSON.stringify(alias.body));
      assert.equal(alias.body.memory_id, 'tea');
    });

    it('retrieves memories ranked by relevance, with content, ids and scores', async () => {
      const found = await retrieve('hiking trips in the mountains with a dog', { max_count: 2 });
      assert.equal(found.status, 200, JSON.stringify(found.body));
      assert.equal(found.body.success, true);
      assert.ok(found.body.user_memories.length >= 1 && found.body.user_memories.length <= 2);
      const [best] = found.body.user_memories;
      assert.match(best!.source_content, /hiking in the Alps/);
      assert.ok(best!.score > 0 && best!.score <= 1);
      const lisbon = await retrieve('When is the wedding trip to Lisbon?', { max_count: 1 });
      assert.equal(lisbon.body.user_memories[0]?.memory_id, 'lisbon-trip', JSON.stringify(lisbon.body));
      assert.match(lisbon.body.user_memories[0]!.source_content, /Alice: I'm flying to Lisbon/);
    });

    it('honours max_count 1 and 0 (the service decides, at most 20)', async () => {
      assert.equal((await retrieve('tea', { max_count: 1 })).body.user_memories.length, 1);
      const decided = await retrieve('genmaicha tea', { max_count: 0 });
      assert.equal(decided.status, 200);
      assert.ok(decided.body.user_memories.length >= 1 && decided.body.user_memories.length <= 20);
      assert.equal(decided.body.user_memories[0]?.memory_id, 'tea');
    });

    it('returns no memories when nothing is relevant', async () => {
      const found = await retrieve('quantum chromodynamics lattice gauge', { max_count: 10 });
      assert.equal(found.status, 200);
      assert.deepEqual(found.body.user_memories, []);
    });

    it('replaces a memory added again with the same memory_id', async () => {
      await add({ raw_text: 'My favourite tea is sencha now.', memory_id: 'tea' });
      const found = await retrieve('favourite tea', { max_count: 5 });
      const tea = found.body.user_memories.filter((m) => m.memory_id === 'tea');
      assert.equal(tea.length, 1);
      assert.match(tea[0]!.source_content, /sencha/);
    });

    it('never returns an expired memory, and erases it from search within the sweep', async () => {
      await add({ raw_text: 'The vault code is zebra-7731.', memory_id: 'secret', expiry_time: 1 });
      assert.equal(
        (await retrieve('vault code zebra', { max_count: 5 })).body.user_memories[0]?.memory_id,
        'secret',
      );
      await sleep(1500);
      const after = await retrieve('vault code zebra', { max_count: 5 });
      assert.ok(!after.body.user_memories.some((m) => m.memory_id === 'secret'), JSON.stringify(after.body));
      const text = await alice.post<SearchResult>('/search/full-text-search', {
        json: { tenant_id: tenant, query: 'zebra-7731', search_mode: 'memories' },
      });
      assert.equal(text.status, 200);
      assert.deepEqual(text.body.chunks, []);
    });

    it('deletes a memory from every store, then answers 404', async () => {
      await add({ raw_text: 'Ephemeral note about kumquats.', memory_id: 'kumquat' });
      const deleted = await alice.delete<{ success: boolean; user_memory_deleted: boolean }>(
        '/memories/delete-memory',
        {
          query: { tenant_id: tenant, memory_id: 'kumquat' },
        },
      );
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      assert.deepEqual(deleted.body, { success: true, user_memory_deleted: true });
      expectError(
        await alice.delete('/memories/delete-memory', { query: { tenant_id: tenant, memory_id: 'kumquat' } }),
        404,
        'MEMORY_NOT_FOUND',
      );
      const search = await hybrid({ query: 'kumquats', search_mode: 'memories', alpha: 0 });
      assert.deepEqual(search.body.chunks, []);
    });

    it('hybrid search over memories returns every field of a result chunk', async () => {
      const result = await hybrid({
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
      // No documents exist yet: the sources mode finds nothing.
      assert.deepEqual((await hybrid({ query: 'Lisbon wedding' })).body.chunks, []);
    });

    it('refuses bad search input with 422', async () => {
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
        expectError(await hybrid(body), 422, 'VALIDATION_ERROR');
      }
      for (const body of [
        { mode: 'accurate' },
        { personalise_search: true },
        { graph_context: true },
        { extra_context: 'hi' },
      ]) {
        const detail = expectError(await hybrid({ query: 'x', ...body }), 422, 'NOT_IMPLEMENTED');
        assert.match(detail.message, /Not available yet/);
      }
      assert.equal(
        (await hybrid({ query: 'x', alpha: 'auto', max_chunks: 1001, personalise_search: false })).status,
        200,
      );
      expectError(await retrieve('x', { max_count: 101 }), 422, 'VALIDATION_ERROR');
      expectError(await retrieve('', {}), 422, 'VALIDATION_ERROR');
      expectError(await add({}), 422, 'VALIDATION_ERROR');
      expectError(await add({ raw_text: '   ' }), 422, 'VALIDATION_ERROR');
      expectError(await add({ user_assistant_pairs: [] }), 422, 'VALIDATION_ERROR');
      expectError(await add({ raw_text: 'x', expiry_time: 0 }), 422, 'VALIDATION_ERROR');
      expectError(await add({ raw_text: 'x', memory_id: 'bad id' }), 422, 'VALIDATION_ERROR');
    });

    it('full-text search honours the and operator', async () => {
      const or = await alice.post<SearchResult>('/search/full-text-search', {
        json: { tenant_id: tenant, query: 'sencha Lisbon', search_mode: 'memories', operator: 'or' },
      });
      const and = await alice.post<SearchResult>('/search/full-text-search', {
        json: { tenant_id: tenant, query: 'sencha Lisbon', search_mode: 'memories', operator: 'and' },
      });
      assert.ok(new Set(or.body.chunks.map((c) => c.source_id)).size >= 2, JSON.stringify(or.body));
      assert.deepEqual(and.body.chunks, []);
    });

    it('keeps tenants and sub-tenants apart', async () => {
      expectError(await hybrid({ query: 'tea' }, bob), 403, 'FORBIDDEN');
      expectError(await add({ raw_text: 'intrusion' }, bob), 403, 'FORBIDDEN');
      expectError(await retrieve('tea', { sub_tenant_id: 'team' }), 404, 'SUB_TENANT_NOT_PROVISIONED');
      await add({
        raw_text: 'The team prefers standups at 9am.',
        sub_tenant_id: 'team',
        memory_id: 'standup',
      });
      const team = await retrieve('tea standups', { sub_tenant_id: 'team', max_count: 10 });
      assert.deepEqual(
        team.body.user_memories.map((m) => m.memory_id),
        ['standup'],
      );
      const main = await retrieve('standups at 9am', { max_count: 10 });
      assert.ok(!main.body.user_memories.some((m) => m.memory_id === 'standup'));
      const list = await alice.get<{ sub_tenant_ids: string[] }>('/tenants/sub_tenant_ids', {
        query: { tenant_id: tenant },
      });
      assert.deepEqual([...list.body.sub_tenant_ids].sort(), [tenant, 'team'].sort());
    });

    it('writes concurrent adds of two owners and several sub-tenants each into its own place', async () => {
      // Adds that arrive together are written in one batch: tenants must stay apart inside it.
      const bobs = `${tenant}-bob`;
      assert.equal((await bob.post('/tenants/create', { json: { tenant_id: bobs } })).status, 200);
      const places = [
        { client: alice, tenant_id: tenant, sub_tenant_id: 'c1' },
        { client: alice, tenant_id: tenant, sub_tenant_id: 'c2' },
        { client: bob, tenant_id: bobs, sub_tenant_id: bobs },
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

    it('stores a memory of the largest size accepted whole, and answers more than a NATS message holds', async () => {
      // A million characters, 1.4 MB of UTF-8: over NATS's 1 MiB message limit both ways.
      const sentence = 'The keeper logged the tide at dawn. 灯塔看守人记录了潮汐。 ';
      const text =
        sentence.repeat(Math.floor((1_000_000 - 60) / sentence.length)) + 'Final entry: albatross.';
      assert.ok(text.length <= 1_000_000 && Buffer.byteLength(text) > 1_400_000);
      const added = await add({ raw_text: text, memory_id: 'logbook' });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.ok(added.body.chunks_created > 1000, JSON.stringify(added.body));
      const found = await retrieve('albatross final entry', { max_count: 1 });
      assert.equal(
        found.body.user_memories[0]?.memory_id,
        'logbook',
        JSON.stringify(found.body).slice(0, 500),
      );
      assert.equal(found.body.user_memories[0]!.source_content, text);
      const many = await hybrid({
        query: 'keeper logged the tide',
        max_chunks: 1001,
        search_mode: 'memories',
      });
      assert.equal(many.status, 200, JSON.stringify(many.body).slice(0, 500));
      assert.equal(many.body.chunks.length, 1001);
      assert.ok(Buffer.byteLength(JSON.stringify(many.body)) > 1024 * 1024);
      const deleted = await alice.delete('/memories/delete-memory', {
        query: { tenant_id: tenant, memory_id: 'logbook' },
      });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    });

    it('counts memories and chunks in stats, and erases a deleted sub-tenant everywhere', async () => {
      const stats = await alice.get<{
        sub_tenants: { sub_tenant_id: string; counts: Record<string, number> }[];
      }>('/tenants/stats', { query: { tenant_id: tenant } });
      const team = stats.body.sub_tenants.find((s) => s.sub_tenant_id === 'team');
      assert.equal(team?.counts['memories'], 1, JSON.stringify(stats.body));
      assert.equal(team?.counts['chunks'], 1);
      const main = stats.body.sub_tenants.find((s) => s.sub_tenant_id === tenant);
      assert.ok((main?.counts['memories'] ?? 0) >= 3, JSON.stringify(stats.body));
      const deleted = await alice.delete('/tenant/delete_sub_tenant', {
        query: { tenant_id: tenant, sub_tenant_id: 'team' },
      });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      await sleep(500);
      expectError(await retrieve('standups', { sub_tenant_id: 'team' }), 404, 'SUB_TENANT_NOT_PROVISIONED');
      const search = await hybrid({
        query: 'standups at 9am',
        sub_tenant_id: 'team',
        search_mode: 'memories',
      });
      assert.deepEqual(search.body.chunks, []);
      const after = await alice.get<{ sub_tenants: { sub_tenant_id: string }[] }>('/tenants/stats', {
        query: { tenant_id: tenant },
      });
      assert.ok(!after.body.sub_tenants.some((s) => s.sub_tenant_id === 'team'));
    });
  });
}
