import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { AddMemoryRequest, DomainError, GraphPatterns, SearchPatterns } from '@trove/contracts';
import { RecordingTransportClient } from '@trove/testing';
import { MemoryRig, openMemoryRig } from './testing/memory.test-rig';

const add = (tenant: string, memoryId: string, expirySeconds?: number): AddMemoryRequest => ({
  tenant_id: tenant,
  sub_tenant_id: tenant,
  memory_id: memoryId,
  raw_text: `memory ${memoryId}`,
  infer: false,
  ...(expirySeconds === undefined ? {} : { expiry_time: expirySeconds }),
});

describe('MemoryService: deletes and the expiry sweep erase the search index and the graph', () => {
  let rig: MemoryRig<RecordingTransportClient>;
  const live = async (tenant: string, ids: string[]) =>
    (await rig.store.getLive(tenant, tenant, ids, new Date())).map((m) => m.memory_id).sort();
  const deletes = (pattern: string) =>
    rig.transport.sent.filter((m) => m.pattern === pattern).map((m) => m.payload);

  beforeEach(async () => {
    rig = await openMemoryRig(new RecordingTransportClient());
  });
  afterEach(() => rig.close());

  it('deletes a memory from search and the graph, then its record', async () => {
    await rig.service.add(add('acme', 'm1'));
    await rig.worker.idle();
    assert.deepEqual(
      await rig.service.delete({ tenant_id: 'acme', sub_tenant_id: 'acme', memory_id: 'm1' }),
      {
        success: true,
        user_memory_deleted: true,
      },
    );
    const expected = [{ tenant_id: 'acme', sub_tenant_id: 'acme', source_ids: ['m1'] }];
    assert.deepEqual(deletes(SearchPatterns.deleteSources), expected);
    assert.deepEqual(deletes(GraphPatterns.deleteSources), expected);
    assert.deepEqual(await live('acme', ['m1']), []);
  });

  it('keeps the record when the graph delete fails, so deleting again finishes the job', async () => {
    await rig.service.add(add('acme', 'm1'));
    await rig.worker.idle();
    rig.graph.down = true;
    await assert.rejects(
      rig.service.delete({ tenant_id: 'acme', sub_tenant_id: 'acme', memory_id: 'm1' }),
      (e: unknown) => e instanceof DomainError && e.code === 'SERVICE_UNAVAILABLE',
    );
    assert.deepEqual(await live('acme', ['m1']), ['m1']);
    rig.graph.down = false;
    await rig.service.delete({ tenant_id: 'acme', sub_tenant_id: 'acme', memory_id: 'm1' });
    assert.deepEqual(await live('acme', ['m1']), []);
    assert.deepEqual(rig.graph.deleted, [{ tenant_id: 'acme', sub_tenant_id: 'acme', source_ids: ['m1'] }]);
  });

  it('sweeps expired memories out of both indexes, one message per sub-tenant, records last', async () => {
    await Promise.all([
      rig.service.add(add('acme', 'a1', 1)),
      rig.service.add(add('acme', 'a2', 1)),
      rig.service.add(add('globex', 'g1', 1)),
      rig.service.add(add('globex', 'kept')),
    ]);
    await rig.worker.idle();
    const later = new Date(Date.now() + 5_000);
    rig.graph.down = true;
    await assert.rejects(rig.service.sweepExpired(later), /graph service is not running/);
    assert.equal((await rig.store.listExpired(later, 10)).length, 3);
    rig.graph.down = false;
    assert.equal(await rig.service.sweepExpired(later), 3);
    assert.deepEqual(
      rig.graph.deleted
        .map((r) => [r.tenant_id, r.sub_tenant_id, [...r.source_ids].sort()])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      [
        ['acme', 'acme', ['a1', 'a2']],
        ['globex', 'globex', ['g1']],
      ],
    );
    assert.deepEqual(await rig.store.listExpired(later, 10), []);
    assert.deepEqual(await live('globex', ['g1', 'kept']), ['kept']);
  });

  it('erases the graph facts of a memory even with MEMORY_GRAPH off (extracted while it was on)', async () => {
    await rig.close();
    rig = await openMemoryRig(new RecordingTransportClient(), { enabled: false });
    await rig.service.add(add('acme', 'm1'));
    await rig.service.delete({ tenant_id: 'acme', sub_tenant_id: 'acme', memory_id: 'm1' });
    assert.deepEqual(rig.graph.deleted, [{ tenant_id: 'acme', sub_tenant_id: 'acme', source_ids: ['m1'] }]);
    assert.deepEqual(rig.graph.extracted, []);
  });
});
