import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { Logger, LoggerService } from '@nestjs/common';
import { AddMemoryRequest, IndexManyRequest, SearchPatterns } from '@trove/contracts';
import { RecordingTransportClient } from '@trove/testing';
import { MemoryRig, openMemoryRig, until } from '../testing/memory.test-rig';
import { GRAPH_IN_FLIGHT, GRAPH_RETRY_MS } from './memory-graph.worker';

const add = (memoryId: string, text = `Ann works at Acme in ${memoryId}.`): AddMemoryRequest => ({
  tenant_id: 'acme',
  sub_tenant_id: 'acme',
  memory_id: memoryId,
  raw_text: text,
  infer: false,
});

/** Warnings and errors logged through Nest's Logger while a case runs. */
const logged = { warn: [] as string[], error: [] as string[] };
const recorder: LoggerService = {
  log: () => undefined,
  warn: (message: unknown) => void logged.warn.push(String(message)),
  error: (message: unknown) => void logged.error.push(String(message)),
};

describe('MemoryGraphWorker: memories extracted into the graph in the background', () => {
  let rig: MemoryRig<RecordingTransportClient>;
  const status = async (memoryId: string) =>
    (await rig.service.status({ tenant_id: 'acme', sub_tenant_id: 'acme', file_id: memoryId })).status
      ?.indexing_status;
  const inLater = (ms: number) => () => new Date(Date.now() + ms);

  beforeEach(async () => {
    logged.warn.length = 0;
    logged.error.length = 0;
    Logger.overrideLogger(recorder);
    rig = await openMemoryRig(new RecordingTransportClient());
  });
  afterEach(() => rig.close());
  after(() => Logger.overrideLogger(false));

  it('answers the add before the graph, and says graph_creation until the memory is extracted', async () => {
    const open = rig.graph.hold();
    const long = 'I moved to Lyon in May and I work at Acme as a nurse. '.repeat(120);
    const result = await rig.service.add({ ...add('m1', long), infer: true, user_name: 'Ann' });
    await until(() => rig.graph.extracted.length === 1);
    assert.equal(await status('m1'), 'graph_creation');
    open();
    await rig.worker.idle();
    assert.equal(await status('m1'), 'completed');

    // The original chunks only, under the ids the search service indexed them with.
    const [indexed] = rig.transport.sent.filter((m) => m.pattern === SearchPatterns.indexMany);
    const originals = (indexed!.payload as IndexManyRequest).requests[0]!.chunks.filter(
      (c) => c.kind === 'original',
    );
    assert.ok(originals.length > 1 && result.inferred_chunks > 0);
    const [request] = rig.graph.extracted;
    assert.deepEqual(
      request!.chunks,
      originals.map((c) => ({ chunk_id: c.chunk_uuid, text: c.text })),
    );
    const [saved] = await rig.store.getLive('acme', 'acme', ['m1'], new Date());
    assert.deepEqual(
      { ...request, chunks: [] },
      {
        tenant_id: 'acme',
        sub_tenant_id: 'acme',
        source_id: 'm1',
        chunks: [],
        reference_time: saved!.updated_at.toISOString(),
      },
    );
  });

  it('extracts a memory saved again during its extraction once more, with its new text', async () => {
    const open = rig.graph.hold();
    await rig.service.add(add('m1', 'Ann lives in Paris.'));
    await until(() => rig.graph.extracted.length === 1);
    await rig.service.add(add('m1', 'Ann lives in Rome.'));
    open();
    await rig.worker.idle();
    assert.deepEqual(
      rig.graph.extracted.map((r) => r.chunks[0]?.text),
      ['Ann lives in Paris.', 'Ann lives in Rome.'],
    );
    assert.equal(await status('m1'), 'completed');
  });

  it('keeps memories pending while the graph service is down, warns once a pass, retries later', async () => {
    await rig.close();
    rig = await openMemoryRig(new RecordingTransportClient(), { batch: 2 });
    rig.graph.down = true;
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => rig.service.add(add(id))));
    await rig.worker.idle();
    // The pass stopped at its first failing batch: two memories tried, one warning.
    assert.equal(rig.graph.extracted.length, 2);
    assert.equal(logged.warn.length, 1);
    assert.match(logged.warn[0]!, /graph extraction failed for 2 of 2 memories/);
    const failed = rig.graph.extracted.map((r) => r.source_id);
    for (const id of ['a', 'b', 'c', 'd', 'e']) assert.equal(await status(id), 'graph_creation');

    rig.graph.down = false;
    assert.deepEqual(await rig.worker.pass(), { extracted: 3, refused: 0, failed: 0 });
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      assert.equal(await status(id), failed.includes(id) ? 'graph_creation' : 'completed');
    // The two that failed wait for their retry time, then go.
    assert.deepEqual(await rig.worker.pass(inLater(GRAPH_RETRY_MS - 1_000)), {
      extracted: 0,
      refused: 0,
      failed: 0,
    });
    assert.deepEqual(await rig.worker.pass(inLater(GRAPH_RETRY_MS + 1_000)), {
      extracted: 2,
      refused: 0,
      failed: 0,
    });
    for (const id of ['a', 'b', 'c', 'd', 'e']) assert.equal(await status(id), 'completed');
    assert.equal(logged.warn.length, 1);
  });

  it('gives up on a memory the graph service refuses as invalid, and logs it', async () => {
    rig.graph.refuse.add('bad');
    await Promise.all([rig.service.add(add('bad')), rig.service.add(add('good'))]);
    await rig.worker.idle();
    assert.equal(await status('bad'), 'completed');
    assert.equal(await status('good'), 'completed');
    assert.equal(logged.error.length, 1);
    assert.match(logged.error[0]!, /refused memory 'bad' of tenant 'acme'/);
    assert.deepEqual(logged.warn, []);
    assert.deepEqual(await rig.worker.pass(inLater(GRAPH_RETRY_MS * 10)), {
      extracted: 0,
      refused: 0,
      failed: 0,
    });
    assert.equal(rig.graph.extracted.length, 2);
  });

  it(`sends a batch ${GRAPH_IN_FLIGHT} extractions at a time`, async () => {
    const open = rig.graph.hold();
    await Promise.all(Array.from({ length: 10 }, (_, i) => rig.service.add(add(`m${i}`))));
    await until(() => rig.graph.extracted.length === GRAPH_IN_FLIGHT);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(rig.graph.extracted.length, GRAPH_IN_FLIGHT);
    open();
    await rig.worker.idle();
    assert.equal(rig.graph.extracted.length, 10);
    assert.equal(rig.graph.mostInFlight, GRAPH_IN_FLIGHT);
  });

  it('erases again the graph of a memory deleted while it was extracted', async () => {
    const open = rig.graph.hold();
    await rig.service.add(add('m1'));
    await until(() => rig.graph.extracted.length === 1);
    await rig.service.delete({ tenant_id: 'acme', sub_tenant_id: 'acme', memory_id: 'm1' });
    assert.equal(rig.graph.deleted.length, 1);
    open();
    await rig.worker.idle();
    assert.deepEqual(rig.graph.deleted, [
      { tenant_id: 'acme', sub_tenant_id: 'acme', source_ids: ['m1'] },
      { tenant_id: 'acme', sub_tenant_id: 'acme', source_ids: ['m1'] },
    ]);
  });

  it('with MEMORY_GRAPH off, extracts nothing and reports completed at once', async () => {
    await rig.close();
    rig = await openMemoryRig(new RecordingTransportClient(), { enabled: false });
    await rig.service.add(add('m1'));
    assert.equal(await status('m1'), 'completed');
    rig.worker.kick();
    await rig.worker.idle();
    assert.deepEqual(rig.graph.extracted, []);
    const [record] = await rig.store.getLive('acme', 'acme', ['m1'], new Date());
    assert.equal(record?.graph_pending, false);
  });
});
