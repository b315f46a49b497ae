import { SearchPatterns } from '@trove/contracts';
import { RecordingTransportClient } from '@trove/testing';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { IngestionRig, openIngestionRig, until } from '../testing/ingestion.test-rig';

describe('ingestion pipeline: graph creation', () => {
  let rig: IngestionRig;

  before(async () => {
    rig = await openIngestionRig(new RecordingTransportClient(), { maxAttempts: 3 });
    await rig.start();
  });
  after(() => rig.close());

  it('hands the indexed chunks to the graph, under the ids they were indexed with, then completes', async () => {
    const text = Array.from({ length: 400 }, (_, i) => `Marie Curie wrote note ${i} in Paris.`).join(' ');
    const id = await rig.upload('curie.txt', text, { sub: 'graph' });
    const status = await rig.settle(id, { sub: 'graph' });
    assert.equal(status.indexing_status, 'completed');
    const indexed = rig.search.chunksOf('t1', 'graph', id)!;
    const extracted = rig.graph.sources.get(`t1/graph/${id}`)!;
    assert.ok(indexed.length > 1);
    assert.deepEqual(
      extracted.chunks,
      indexed.map((c) => ({ chunk_id: c.chunk_uuid, text: c.text })),
    );
    const record = await rig.store.get({ tenant_id: 't1', sub_tenant_id: 'graph', source_id: id });
    // Relative dates count from the upload (a first upload: its creation).
    assert.equal(extracted.reference_time, record!.created_at.toISOString());
    assert.deepEqual(status.progress?.graph, {
      extractor: 'fake',
      entities: indexed.length,
      relations: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
    });
    const { indexed_at, finished_at, started_at } = status.progress!;
    assert.ok(started_at! <= indexed_at! && indexed_at! <= finished_at!, 'indexed between start and finish');
  });

  it('is searchable and reports graph_creation while the graph is being made', async () => {
    let release!: () => void;
    const before = rig.graph.extractCalls;
    rig.graph.gate = new Promise<void>((resolve) => (release = resolve));
    try {
      const id = await rig.upload('slow.txt', 'Ada Lovelace worked with Charles Babbage.', { sub: 'graph' });
      await until(() => rig.graph.extractCalls > before);
      const during = await rig.service.processingStatus({
        tenant_id: 't1',
        sub_tenant_id: 'graph',
        file_id: id,
      });
      assert.equal(during.status?.indexing_status, 'graph_creation');
      assert.ok(rig.search.chunksOf('t1', 'graph', id), 'the chunks are indexed already');
      rig.graph.gate = undefined;
      release();
      assert.equal((await rig.settle(id, { sub: 'graph' })).indexing_status, 'completed');
    } finally {
      rig.graph.gate = undefined;
      release();
    }
  });

  it('retries a failed graph call; one that keeps failing ends GRAPH_FAILED with chunks and graph erased', async () => {
    rig.graph.failNext = 1;
    const retried = await rig.upload('once.txt', 'Grace Hopper joined the Navy.', { sub: 'graph' });
    const ok = await rig.settle(retried, { sub: 'graph' });
    assert.equal(ok.indexing_status, 'completed');
    assert.equal(ok.progress?.attempts, 2);

    await rig.upload('v1.txt', 'Alan Turing was born in London.', { file_id: 'doomed', sub: 'graph' });
    assert.equal((await rig.settle('doomed', { sub: 'graph' })).indexing_status, 'completed');
    assert.ok(rig.graph.sources.has('t1/graph/doomed'));
    rig.graph.failNext = 100;
    try {
      await rig.upload('v2.txt', 'Alan Turing worked at Bletchley Park.', {
        file_id: 'doomed',
        sub: 'graph',
      });
      const failed = await rig.settle('doomed', { sub: 'graph' });
      assert.equal(failed.indexing_status, 'errored');
      assert.equal(failed.error_code, 'GRAPH_FAILED');
      assert.match(failed.error_message ?? '', /Gave up after 3 attempts: .*graph is down/);
    } finally {
      rig.graph.failNext = 0;
    }
    assert.equal(rig.search.chunksOf('t1', 'graph', 'doomed'), undefined, 'no chunks under a failed source');
    assert.equal(rig.graph.sources.has('t1/graph/doomed'), false, "the first version's graph went too");
  });

  it('deleting a source erases its graph facts with its chunks, and nothing of another sub-tenant', async () => {
    await rig.upload('a.txt', 'Rosalind Franklin studied DNA.', { file_id: 'shared-id', sub: 'del-a' });
    await rig.upload('b.txt', 'Rosalind Franklin studied coal.', { file_id: 'shared-id', sub: 'del-b' });
    await rig.settle('shared-id', { sub: 'del-a' });
    await rig.settle('shared-id', { sub: 'del-b' });
    const result = await rig.service.deleteSources({
      tenant_id: 't1',
      sub_tenant_id: 'del-a',
      source_ids: ['shared-id'],
    });
    assert.equal(result.deleted_count, 1);
    assert.equal(rig.graph.sources.has('t1/del-a/shared-id'), false);
    assert.equal(rig.search.chunksOf('t1', 'del-a', 'shared-id'), undefined);
    assert.ok(rig.graph.sources.has('t1/del-b/shared-id'), 'the other sub-tenant keeps its graph');
  });

  it('a failing graph delete deletes nothing else, and deleting again finishes the job', async () => {
    await rig.upload('keep.txt', 'Niels Bohr lived in Copenhagen.', { file_id: 'retry-del', sub: 'del-r' });
    await rig.settle('retry-del', { sub: 'del-r' });
    rig.graph.failDeletes = 1;
    const scope = { tenant_id: 't1', sub_tenant_id: 'del-r', source_ids: ['retry-del'] };
    await assert.rejects(rig.service.deleteSources(scope), /graph is down/);
    const kept = await rig.store.get({ tenant_id: 't1', sub_tenant_id: 'del-r', source_id: 'retry-del' });
    assert.ok(kept, 'the record stays, so the delete can be repeated');
    assert.equal((await rig.service.deleteSources(scope)).deleted_count, 1);
    assert.equal(rig.graph.sources.has('t1/del-r/retry-del'), false);
  });
});

describe('ingestion pipeline: INGESTION_GRAPH=false', () => {
  it('completes without asking the graph service anything', async () => {
    const transport = new RecordingTransportClient();
    const rig = await openIngestionRig(transport, { graph: false });
    try {
      await rig.start();
      const id = await rig.upload('plain.txt', 'Lise Meitner worked in Berlin.', { sub: 'off' });
      const status = await rig.settle(id, { sub: 'off' });
      assert.equal(status.indexing_status, 'completed');
      assert.equal(status.progress?.graph, undefined);
      await rig.service.deleteSources({ tenant_id: 't1', sub_tenant_id: 'off', source_ids: [id] });
      assert.ok(transport.sent.some((m) => m.pattern === SearchPatterns.deleteSources));
      assert.equal(transport.sent.filter((m) => m.pattern.startsWith('graph.')).length, 0);
    } finally {
      await rig.close();
    }
  });
});
