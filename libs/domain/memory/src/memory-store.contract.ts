import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PgliteDatabase } from '@trove/platform-database';
import { MemoryRecord } from '../ports/memory-store';
import { SqlMemoryStore } from './sql-memory-store';

function memory(overrides: Partial<MemoryRecord> = {}): MemoryRecord {
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
    original_chunks: 1,
    inferred_chunks: 1,
    expires_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

describe('SqlMemoryStore (PGlite)', () => {
  let db: PgliteDatabase;
  let store: SqlMemoryStore;
  const now = new Date('2026-06-01T00:00:00Z');

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    store = new SqlMemoryStore(db);
    await store.migrate();
  });
  after(() => db.close());

  it('provisions a sub-tenant once, idempotently', async () => {
    assert.equal(await store.isProvisioned('t1', 't1'), false);
    await store.provision('t1', 't1');
    await store.provision('t1', 't1');
    assert.equal(await store.isProvisioned('t1', 't1'), true);
    assert.equal(await store.isProvisioned('t1', 'other'), false);
  });

  it('replaces a memory by id, keeping when it was created', async () => {
    await store.upsert(memory());
    const replaced = await store.upsert(
      memory({ content: 'I like coffee', created_at: new Date('2026-03-01T00:00:00Z'), updated_at: new Date('2026-03-01T00:00:00Z') }),
    );
    assert.equal(replaced.content, 'I like coffee');
    assert.equal(replaced.created_at.toISOString(), '2026-01-01T00:00:00.000Z');
    assert.equal(replaced.updated_at.toISOString(), '2026-03-01T00:00:00.000Z');
    const [live] = await store.getLive('t1', 't1', ['m1'], now);
    assert.deepEqual(live?.inferred, ['Ann likes tea']);
  });

  it('hides expired memories and lists them for erasure', async () => {
    await store.upsert(memory({ memory_id: 'old', expires_at: new Date('2026-05-01T00:00:00Z') }));
    await store.upsert(memory({ memory_id: 'later', expires_at: new Date('2026-07-01T00:00:00Z') }));
    const live = await store.getLive('t1', 't1', ['m1', 'old', 'later'], now);
    assert.deepEqual(live.map((m) => m.memory_id).sort(), ['later', 'm1']);
    assert.deepEqual(await store.countBySubTenant('t1', now), { t1: 2 });
    const expired = await store.listExpired(now, 100);
    assert.deepEqual(expired, [{ tenant_id: 't1', sub_tenant_id: 't1', memory_id: 'old' }]);
    assert.equal(await store.deleteMany([...expired, { tenant_id: 't1', sub_tenant_id: 't1', memory_id: 'nope' }]), 1);
    assert.deepEqual(await store.listExpired(now, 100), []);
  });

  it('keeps tenants and sub-tenants apart, and erases a sub-tenant whole', async () => {
    await store.upsert(memory({ sub_tenant_id: 'team', memory_id: 'm1' }));
    await store.upsert(memory({ tenant_id: 't2', sub_tenant_id: 't2', memory_id: 'm1' }));
    await store.provision('t1', 'team');
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
});
