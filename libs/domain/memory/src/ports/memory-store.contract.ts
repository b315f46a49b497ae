import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MemoryKey, MemoryRecord, MemoryStore } from './memory-store';

export function memory(overrides: Partial<MemoryRecord> = {}): MemoryRecord {
  const now = new Date('2026-01-01T00:00:00Z');
  return {
    tenant_id: 't1',
    sub_tenant_id: 't1',
    memory_id: 'm1',
    content: 'I like tea',
    raw_text: 'I like tea',
    user_assistant_pairs: null,
    user_name: 'Ann',
    custom_instructions: null,
    infer: true,
    inferred: ['Ann likes tea'],
    inference: 'offline',
    inference_usage: { prompt_tokens: 0, completion_tokens: 0 },
    original_chunks: 1,
    inferred_chunks: 1,
    expires_at: null,
    created_at: now,
    updated_at: now,
    graph_pending: false,
    ...overrides,
  };
}

export interface MemoryStoreHarness {
  store: MemoryStore;
  dispose(): Promise<void>;
}

/** The behaviour every MemoryStore adapter must have; run against each one. */
export function describeMemoryStore(name: string, open: () => Promise<MemoryStoreHarness>): void {
  describe(`MemoryStore contract: ${name}`, () => {
    let harness: MemoryStoreHarness;
    let store: MemoryStore;
    const now = new Date('2026-06-01T00:00:00Z');

    before(async () => {
      harness = await open();
      store = harness.store;
    });
    after(() => harness.dispose());

    it('provisions a sub-tenant with its first memory, once', async () => {
      assert.equal(await store.isProvisioned('t1', 't1'), false);
      await store.save([memory({ memory_id: 'p1' }), memory({ memory_id: 'p2' })]);
      await store.save([memory({ memory_id: 'p1' })]);
      assert.equal(await store.isProvisioned('t1', 't1'), true);
      assert.equal(await store.isProvisioned('t1', 'other'), false);
      assert.equal(await store.delete({ tenant_id: 't1', sub_tenant_id: 't1', memory_id: 'p1' }), true);
      assert.equal(await store.delete({ tenant_id: 't1', sub_tenant_id: 't1', memory_id: 'p2' }), true);
    });

    it('replaces a memory by id, keeping when it was created', async () => {
      await store.save([memory()]);
      const [replaced] = await store.save([
        memory({
          content: 'I like coffee',
          created_at: new Date('2026-03-01T00:00:00Z'),
          updated_at: new Date('2026-03-01T00:00:00Z'),
        }),
      ]);
      assert.equal(replaced?.content, 'I like coffee');
      assert.equal(replaced?.created_at.toISOString(), '2026-01-01T00:00:00.000Z');
      assert.equal(replaced?.updated_at.toISOString(), '2026-03-01T00:00:00.000Z');
      const [live] = await store.getLive('t1', 't1', ['m1'], now);
      assert.deepEqual(live?.inferred, ['Ann likes tea']);
    });

    it('saves a batch across tenants in one call: records back in order, every field kept', async () => {
      const pairs = [{ user: 'I moved to "Lyon"', assistant: 'Noted \\ done' }];
      const batch = [
        memory({ tenant_id: 'b1', sub_tenant_id: 'b1', memory_id: 'x', content: 'plain', raw_text: 'plain' }),
        memory({
          tenant_id: 'b2',
          sub_tenant_id: 'team',
          memory_id: 'x',
          content: 'User: I moved to "Lyon"\nAssistant: Noted \\ done',
          raw_text: null,
          user_assistant_pairs: pairs,
          user_name: null,
          custom_instructions: 'be brief, {curly} and "quoted"',
          infer: false,
          inferred: [],
          inference: null,
          inference_usage: null,
          inferred_chunks: 0,
          expires_at: new Date('2026-09-01T12:34:56.789Z'),
          graph_pending: true,
        }),
        memory({
          tenant_id: 'b1',
          sub_tenant_id: 'b1',
          memory_id: 'y',
          content: 'ünïcødé ✓ 中文',
          raw_text: 'ünïcødé ✓ 中文',
          inference: 'llm:tiny-model',
          inference_usage: { prompt_tokens: 812, completion_tokens: 37 },
        }),
      ];
      const saved = await store.save(batch);
      assert.deepEqual(
        saved.map((r) => [r.tenant_id, r.sub_tenant_id, r.memory_id]),
        batch.map((r) => [r.tenant_id, r.sub_tenant_id, r.memory_id]),
      );
      const [second] = await store.getLive('b2', 'team', ['x'], now);
      assert.deepEqual(second, batch[1]);
      assert.equal((await store.getLive('b1', 'b1', ['y'], now))[0]?.content, 'ünïcødé ✓ 中文');
      assert.deepEqual(await store.getLive('b1', 'b1', ['y'], now), [batch[2]]);
      assert.equal(await store.isProvisioned('b1', 'b1'), true);
      assert.equal(await store.isProvisioned('b2', 'team'), true);
      assert.equal(await store.isProvisioned('b2', 'b2'), false);
      assert.deepEqual(await store.save([]), []);
      await assert.rejects(store.save([memory({ memory_id: 'd' }), memory({ memory_id: 'd' })]), /same key/);
      // Its pending graph state is not for the graph cases below.
      await store.deleteSubTenant('b2', 'team');
    });

    it('hides expired memories and lists them for erasure', async () => {
      await store.save([
        memory({ memory_id: 'old', expires_at: new Date('2026-05-01T00:00:00Z') }),
        memory({ memory_id: 'later', expires_at: new Date('2026-07-01T00:00:00Z') }),
      ]);
      const live = await store.getLive('t1', 't1', ['m1', 'old', 'later'], now);
      assert.deepEqual(live.map((m) => m.memory_id).sort(), ['later', 'm1']);
      assert.deepEqual(Object.fromEntries(await store.countBySubTenant('t1', now)), { t1: 2 });
      const expired = await store.listExpired(now, 100);
      assert.deepEqual(expired, [{ tenant_id: 't1', sub_tenant_id: 't1', memory_id: 'old' }]);
      assert.equal(
        await store.deleteMany([...expired, { tenant_id: 't1', sub_tenant_id: 't1', memory_id: 'nope' }]),
        1,
      );
      assert.deepEqual(await store.listExpired(now, 100), []);
    });

    it('keeps tenants and sub-tenants apart, and erases a sub-tenant whole', async () => {
      await store.save([memory({ sub_tenant_id: 'team', memory_id: 'm1' })]);
      await store.save([memory({ tenant_id: 't2', sub_tenant_id: 't2', memory_id: 'm1' })]);
      assert.equal(await store.isProvisioned('t1', 'team'), true);
      assert.equal((await store.getLive('t2', 't2', ['m1', 'later'], now)).length, 1);
      await store.deleteSubTenant('t1', 'team');
      assert.equal(await store.isProvisioned('t1', 'team'), false);
      assert.deepEqual(await store.getLive('t1', 'team', ['m1'], now), []);
      assert.equal((await store.getLive('t1', 't1', ['m1'], now)).length, 1);
    });

    it('deletes one memory and says whether it existed', async () => {
      assert.equal(await store.delete({ tenant_id: 't2', sub_tenant_id: 't2', memory_id: 'm1' }), true);
      assert.equal(await store.delete({ tenant_id: 't2', sub_tenant_id: 't2', memory_id: 'm1' }), false);
    });

    it('knows which memories were saved after each, per sub-tenant, in batch order', async () => {
      const turn = (memory_id: string, extra: Partial<MemoryRecord> = {}) =>
        memory({ sub_tenant_id: 'chat', memory_id, ...extra });
      await store.save([turn('q1'), turn('a1'), turn('q2')]);
      await store.save([memory({ sub_tenant_id: 'other', memory_id: 'x' })]);
      await store.save([turn('a2', { expires_at: new Date('2026-05-01T00:00:00Z') }), turn('q3')]);
      await store.save([turn('a3')]);
      await store.save([turn('q1', { content: 'saved again' })]);
      const ids = (after: Map<string, MemoryRecord[]>) =>
        [...after].map(([id, records]) => [id, records.map((r) => r.memory_id)]).sort();
      const asked = ['q1', 'a1', 'q2', 'q3', 'a3', 'nope'];
      // a2 expired: it ends the thread of q2 (and of a1, after q2); a3 is the last; x is elsewhere.
      assert.deepEqual(ids(await store.savedAfter('t1', 'chat', asked, 2, now)), [
        ['a1', ['q2']],
        ['q1', ['a1', 'q2']],
        ['q3', ['a3']],
      ]);
      const next = await store.savedAfter('t1', 'chat', asked, 1, now);
      assert.deepEqual(ids(next), [
        ['a1', ['q2']],
        ['q1', ['a1']],
        ['q3', ['a3']],
      ]);
      assert.deepEqual(await store.getLive('t1', 'chat', ['a1'], now), next.get('q1'));
      assert.deepEqual(await store.savedAfter('t1', 'chat', [], 2, now), new Map());
      assert.deepEqual(await store.savedAfter('t1', 'chat', ['q1'], 0, now), new Map());
      assert.deepEqual(await store.savedAfter('t2', 'chat', ['q1'], 2, now), new Map());
      await store.deleteSubTenant('t1', 'chat');
      await store.deleteSubTenant('t1', 'other');
    });

    describeGraphState(() => store);
  });
}

const at = (iso: string) => new Date(`2026-06-01T${iso}Z`);
const pending = (memoryId: string, updated: string, overrides: Partial<MemoryRecord> = {}) =>
  memory({
    tenant_id: 'g',
    sub_tenant_id: 'g',
    memory_id: memoryId,
    content: `text of ${memoryId}`,
    updated_at: at(updated),
    graph_pending: true,
    ...overrides,
  });
const key = (memoryId: string): MemoryKey => ({ tenant_id: 'g', sub_tenant_id: 'g', memory_id: memoryId });
const ids = (rows: MemoryKey[]) => rows.map((r) => r.memory_id);

/** The graph state: claims, revisions, retries (tenant `g`, which the cases above never use). */
function describeGraphState(storeOf: () => MemoryStore): void {
  const now = at('00:00:00');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  const clean = () => storeOf().deleteSubTenant('g', 'g');

  it('claims live pending memories oldest first, each once until its claim ends', async () => {
    const store = storeOf();
    // Ids in neither order of age, so only the save time can put them in order.
    await store.save([
      pending('a-newest', '00:00:03'),
      pending('c-middle', '00:00:02'),
      pending('b-oldest', '00:00:01'),
      pending('done', '00:00:00', { graph_pending: false }),
      pending('expired', '00:00:00', { expires_at: now }),
    ]);
    const claimed = await store.claimGraphPending(now, 10, later(60));
    assert.deepEqual(ids(claimed), ['b-oldest', 'c-middle', 'a-newest']);
    assert.deepEqual(claimed[0], {
      ...key('b-oldest'),
      content: 'text of b-oldest',
      original_chunks: 1,
      revision: 1,
      updated_at: at('00:00:01'),
    });
    assert.deepEqual(await store.claimGraphPending(later(59), 10, later(120)), []);
    assert.deepEqual(ids(await store.claimGraphPending(later(60), 1, later(120))), ['b-oldest']);
    assert.deepEqual(ids(await store.claimGraphPending(later(60), 10, later(120))), ['c-middle', 'a-newest']);
    await clean();
  });

  it('clears the graph state at the revision extracted only: a memory saved meanwhile stays pending', async () => {
    const store = storeOf();
    await store.save([pending('m', '00:00:01')]);
    const [first] = await store.claimGraphPending(now, 10, later(60));
    await store.save([pending('m', '00:00:05', { content: 'replaced' })]);
    // The claim outlives the save, so no second worker extracts the memory meanwhile.
    assert.deepEqual(await store.claimGraphPending(now, 10, later(60)), []);
    assert.deepEqual(await store.markGraphDone([{ ...key('m'), revision: first!.revision }]), []);
    assert.equal((await store.getLive('g', 'g', ['m'], now))[0]?.graph_pending, true);
    const [second] = await store.claimGraphPending(now, 10, later(60));
    assert.deepEqual([second?.content, second?.revision], ['replaced', first!.revision + 1]);
    assert.deepEqual(await store.markGraphDone([{ ...key('m'), revision: second!.revision }]), []);
    assert.equal((await store.getLive('g', 'g', ['m'], now))[0]?.graph_pending, false);
    assert.deepEqual(await store.claimGraphPending(later(3600), 10, later(3660)), []);
    // Each save says the state: pending again, then not (as with MEMORY_GRAPH off).
    await store.save([pending('m', '00:00:09')]);
    assert.deepEqual(ids(await store.claimGraphPending(later(3600), 10, later(3660))), ['m']);
    await store.save([pending('m', '00:00:10', { graph_pending: false })]);
    assert.equal((await store.getLive('g', 'g', ['m'], now))[0]?.graph_pending, false);
    await clean();
  });

  it('says which memories were deleted while their graph was extracted', async () => {
    const store = storeOf();
    await store.save([pending('kept', '00:00:01'), pending('gone', '00:00:02')]);
    const claimed = await store.claimGraphPending(now, 10, later(60));
    await store.delete(key('gone'));
    assert.deepEqual(await store.markGraphDone(claimed), [key('gone')]);
    assert.deepEqual(await store.markGraphDone([]), []);
    await clean();
  });

  it('postpones a memory: pending, but not claimable until the time given', async () => {
    const store = storeOf();
    await store.save([pending('retry', '00:00:01'), pending('next', '00:00:02')]);
    const claimed = await store.claimGraphPending(now, 10, later(60));
    await store.postponeGraph([claimed[0]!], later(30));
    await store.markGraphDone([claimed[1]!]);
    assert.deepEqual(await store.claimGraphPending(later(29), 10, later(60)), []);
    assert.equal((await store.getLive('g', 'g', ['retry'], now))[0]?.graph_pending, true);
    assert.deepEqual(ids(await store.claimGraphPending(later(30), 10, later(60))), ['retry']);
    await clean();
  });

  it('never gives one memory to two concurrent claims', async () => {
    const store = storeOf();
    await store.save(
      Array.from({ length: 20 }, (_, i) => pending(`c${i}`, `00:00:${String(i).padStart(2, '0')}`)),
    );
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => store.claimGraphPending(now, 8, later(60))),
    );
    const all = claims.flatMap(ids);
    assert.equal(new Set(all).size, all.length);
    assert.equal(all.length, 20);
    await clean();
  });
}
