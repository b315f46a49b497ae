import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { RecordingTransportClient } from '@trove/testing';
import { MemoryRig, openMemoryRig } from './testing/memory.test-rig';

describe('MemoryService.status (verify-processing for memories)', () => {
  let rig: MemoryRig<RecordingTransportClient>;
  const status = (file_id: string, tenant = 'acme', sub = tenant) =>
    rig.service.status({ tenant_id: tenant, sub_tenant_id: sub, file_id });

  before(async () => {
    rig = await openMemoryRig(new RecordingTransportClient());
  });
  after(() => rig.close());

  it('answers graph_creation once add has returned (indexed), completed once the graph is built', async () => {
    const open = rig.graph.hold();
    await rig.service.add({
      tenant_id: 'acme',
      sub_tenant_id: 'acme',
      raw_text: 'I like tea',
      memory_id: 'tea',
      infer: false,
    });
    assert.deepEqual(await status('tea'), { status: { file_id: 'tea', indexing_status: 'graph_creation' } });
    open();
    await rig.worker.idle();
    assert.deepEqual(await status('tea'), { status: { file_id: 'tea', indexing_status: 'completed' } });
  });

  it('answers null for an id that is not a memory of this tenant and sub-tenant', async () => {
    assert.deepEqual(await status('coffee'), { status: null });
    assert.deepEqual(await status('tea', 'acme', 'team'), { status: null });
    assert.deepEqual(await status('tea', 'other'), { status: null });
  });

  it('answers null once the memory is deleted, and refuses an invalid id', async () => {
    await rig.service.delete({ tenant_id: 'acme', sub_tenant_id: 'acme', memory_id: 'tea' });
    assert.deepEqual(await status('tea'), { status: null });
    await assert.rejects(
      status('bad id!'),
      (e: unknown) => e instanceof DomainError && e.code === 'VALIDATION_ERROR',
    );
  });
});
