import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import {
  AddMemoryRequest,
  DomainError,
  EnsureSubTenantsRequest,
  GraphExtractRequest,
  GraphPatterns,
  IndexManyRequest,
  SearchPatterns,
  TenantPatterns,
} from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import { RecordingTransportClient } from '@trove/testing';
import { SqlMemoryStore } from './adapters/sql/sql-memory-store';
import { OfflineMemoryInference } from './adapters/offline/offline-memory-inference';
import { MemoryGraphWorker } from './graph/memory-graph.worker';
import { MemoryService } from './memory.service';

const add = (
  tenant: string,
  memoryId: string,
  text = `memory ${memoryId} of ${tenant}`,
): AddMemoryRequest => ({
  tenant_id: tenant,
  sub_tenant_id: tenant,
  memory_id: memoryId,
  raw_text: text,
  infer: false,
});

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled' ? 'ok' : result.reason instanceof DomainError ? result.reason.code : 'other';

describe('MemoryService.add: concurrent adds are written in batches', () => {
  let db: PgliteDatabase;
  let store: SqlMemoryStore;
  let transport: RecordingTransportClient;
  let service: MemoryService;
  let worker: MemoryGraphWorker;
  /** Source ids the fake search service refuses, and whether it is down. */
  let refuse: Set<string>;
  let searchDown: boolean;

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    store = new SqlMemoryStore(db);
    await store.migrate();
  });
  after(() => db.close());

  beforeEach(() => {
    refuse = new Set();
    searchDown = false;
    transport = new RecordingTransportClient()
      .respond(TenantPatterns.ensureSubTenants, (payload) => ({
        outcomes: (payload as EnsureSubTenantsRequest).sub_tenants.map((ref) =>
          ref.tenant_id === 'ghost'
            ? { error: { code: 'TENANT_NOT_FOUND', message: "Tenant 'ghost' not found" } }
            : { ok: { ...ref, created: false } },
        ),
      }))
      .respond(SearchPatterns.indexMany, (payload) => {
        if (searchDown) throw new DomainError('SERVICE_UNAVAILABLE', 'search is down');
        return {
          outcomes: (payload as IndexManyRequest).requests.map((request) =>
            refuse.has(request.source.source_id)
              ? { error: { code: 'DIMENSION_MISMATCH', message: 'another model' } }
              : { ok: { indexed: request.chunks.length, model_id: 'm' } },
          ),
        };
      })
      .respond(GraphPatterns.extract, (payload) => ({
        entities: (payload as GraphExtractRequest).chunks.length,
        relations: 0,
        extractor: 'offline',
      }));
    worker = new MemoryGraphWorker(store, transport, { enabled: true, intervalMs: 60_000, batch: 32 });
    service = new MemoryService(store, transport, worker, new OfflineMemoryInference(), {
      alpha: 0.5,
      replyWeight: 0.5,
      speakerWeight: 0.2,
    });
  });
  afterEach(() => worker.stop());

  const sent = (pattern: string) => transport.sent.filter((m) => m.pattern === pattern).map((m) => m.payload);

  it('writes adds arriving together with one sub-tenant message and one index message', async () => {
    const requests = [
      ...Array.from({ length: 10 }, (_, i) => add('acme', `a${i}`)),
      ...Array.from({ length: 5 }, (_, i) => add('globex', `g${i}`)),
    ];
    const results = await Promise.all(requests.map((r) => service.add(r)));
    assert.deepEqual(
      results.map((r) => [r.memory_id, r.chunks_created]),
      requests.map((r) => [r.memory_id, 1]),
    );
    const ensures = sent(TenantPatterns.ensureSubTenants) as EnsureSubTenantsRequest[];
    assert.deepEqual(ensures, [
      {
        sub_tenants: [
          { tenant_id: 'acme', sub_tenant_id: 'acme' },
          { tenant_id: 'globex', sub_tenant_id: 'globex' },
        ],
      },
    ]);
    const [indexed] = sent(SearchPatterns.indexMany) as IndexManyRequest[];
    assert.equal(sent(SearchPatterns.indexMany).length, 1);
    // Each source keeps its own tenant: a batch mixes tenants, never their data.
    for (const request of indexed!.requests) {
      assert.equal(request.tenant_id, request.source.source_id.startsWith('a') ? 'acme' : 'globex');
      assert.equal(request.chunks[0]!.text, `memory ${request.source.source_id} of ${request.tenant_id}`);
    }
    assert.equal((await store.getLive('globex', 'globex', ['g4', 'a1'], new Date())).length, 1);
  });

  it('fails only the adds of a missing tenant, and only the adds the index refuses', async () => {
    refuse.add('bad');
    const results = await Promise.allSettled([
      service.add(add('acme', 'fine')),
      service.add(add('ghost', 'lost')),
      service.add(add('acme', 'bad')),
      service.add(add('globex', 'also-fine')),
    ]);
    assert.deepEqual(results.map(codeOf), ['ok', 'TENANT_NOT_FOUND', 'DIMENSION_MISMATCH', 'ok']);
    assert.deepEqual(await store.getLive('ghost', 'ghost', ['lost'], new Date()), []);
    assert.equal(await store.isProvisioned('ghost', 'ghost'), false);
    const [indexed] = sent(SearchPatterns.indexMany) as IndexManyRequest[];
    assert.deepEqual(
      indexed!.requests.map((r) => r.source.source_id),
      ['fine', 'bad', 'also-fine'],
    );
  });

  it('writes two adds of one memory one after the other: the later one wins', async () => {
    const [first, second] = await Promise.all([
      service.add(add('acme', 'twice', 'first text')),
      service.add(add('acme', 'twice', 'second text')),
    ]);
    assert.equal(first.memory_id, 'twice');
    assert.equal(second.memory_id, 'twice');
    assert.equal(sent(SearchPatterns.indexMany).length, 2);
    const [live] = await store.getLive('acme', 'acme', ['twice'], new Date());
    assert.equal(live?.content, 'second text');
  });

  it('fails every add of the batch when the search service does not answer', async () => {
    searchDown = true;
    const results = await Promise.allSettled([
      service.add(add('acme', 'x1')),
      service.add(add('acme', 'x2')),
    ]);
    assert.deepEqual(results.map(codeOf), ['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
    // The records were saved before indexing failed: adding again finishes the job.
    searchDown = false;
    assert.equal((await service.add(add('acme', 'x1'))).memory_id, 'x1');
  });

  it('writes a memory longer than a batch may hold in a batch of its own, whole', async () => {
    const long = 'Another sentence of a memory far longer than one batch should carry. '.repeat(5000);
    const results = await Promise.all([
      service.add(add('acme', 'short')),
      service.add(add('acme', 'big', long)),
    ]);
    assert.ok(results[1].chunks_created > 100);
    const messages = sent(SearchPatterns.indexMany) as IndexManyRequest[];
    assert.deepEqual(
      messages.map((m) => m.requests.map((r) => r.source.source_id)),
      [['short'], ['big']],
    );
    const chunks = messages[1]!.requests[0]!.chunks;
    assert.equal(chunks.length, results[1].chunks_created);
    for (const chunk of chunks)
      assert.equal(chunk.text, long.slice(chunk.start, chunk.start + chunk.text.length));
    assert.equal(chunks.at(-1)!.start + chunks.at(-1)!.text.length, long.trimEnd().length);
  });
});
