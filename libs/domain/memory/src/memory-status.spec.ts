import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DomainError, SearchPatterns, TenantPatterns } from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import { RecordingTransportClient } from '@trove/testing';
import { SqlMemoryStore } from './adapters/sql/sql-memory-store';
import { MemoryService } from './memory.service';

describe('MemoryService.status (verify-processing for memories)', () => {
  let db: PgliteDatabase;
  let service: MemoryService;
  const transport = new RecordingTransportClient()
    .respond(TenantPatterns.ensureSubTenants, () => ({ outcomes: [{ ok: {} }] }))
    .respond(SearchPatterns.indexMany, () => ({ outcomes: [{ ok: { indexed: 1, model_id: 'm' } }] }))
    .respond(SearchPatterns.deleteSources, () => ({ deleted_chunks: 1 }));

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    const store = new SqlMemoryStore(db);
    await store.migrate();
    service = new MemoryService(store, transport, { alpha: 0.5 });
    await service.add({
      tenant_id: 'acme',
      sub_tenant_id: 'acme',
      raw_text: 'I like tea',
      memory_id: 'tea',
      infer: false,
    });
  });
  after(() => db.close());

  it('answers completed for a memory once add has returned (it is indexed synchronously)', async () => {
    const reply = await service.status({ tenant_id: 'acme', sub_tenant_id: 'acme', file_id: 'tea' });
    assert.deepEqual(reply, { status: { file_id: 'tea', indexing_status: 'completed' } });
  });

  it('answers null for an id that is not a memory of this tenant and sub-tenant', async () => {
    assert.deepEqual(await service.status({ tenant_id: 'acme', sub_tenant_id: 'acme', file_id: 'coffee' }), {
      status: null,
    });
    assert.deepEqual(await service.status({ tenant_id: 'acme', sub_tenant_id: 'team', file_id: 'tea' }), {
      status: null,
    });
    assert.deepEqual(await service.status({ tenant_id: 'other', sub_tenant_id: 'other', file_id: 'tea' }), {
      status: null,
    });
  });

  it('answers null once the memory is deleted, and refuses an invalid id', async () => {
    await service.delete({ tenant_id: 'acme', sub_tenant_id: 'acme', memory_id: 'tea' });
    assert.deepEqual(await service.status({ tenant_id: 'acme', sub_tenant_id: 'acme', file_id: 'tea' }), {
      status: null,
    });
    await assert.rejects(
      service.status({ tenant_id: 'acme', sub_tenant_id: 'acme', file_id: 'bad id!' }),
      (e: unknown) => e instanceof DomainError && e.code === 'VALIDATION_ERROR',
    );
  });
});
