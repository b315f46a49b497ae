import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ThreadedOfflineExtractor } from './threaded-offline-extractor';

const reference_time = new Date('2026-03-12T10:00:00Z');

// A worker that spins for ever on a text holding "SPIN", as a rule with a loop bug would, and
// answers every other source at once with empty facts.
const dir = mkdtempSync(join(tmpdir(), 'trove-graph-worker-'));
const spinning = join(dir, 'spinning.worker.js');
writeFileSync(
  spinning,
  `const { parentPort } = require('node:worker_threads');
   parentPort.on('message', ({ id, input }) => {
     if (input.chunks.some((c) => c.text.includes('SPIN'))) for (;;) {}
     parentPort.postMessage({ id, ok: true, result: { chunks: input.chunks.map((c) => ({ chunk_id: c.chunk_id, entities: [], relations: [] })) } });
   });`,
);
after(() => rmSync(dir, { recursive: true, force: true }));

describe('ThreadedOfflineExtractor', () => {
  it('reads a source in its worker thread as the offline extractor does', async () => {
    const extractor = new ThreadedOfflineExtractor({ timeoutMs: 20_000, perChunkMs: 100 });
    try {
      const { chunks } = await extractor.extract({
        chunks: [{ chunk_id: 'c1', text: 'Marie Curie was born in Warsaw.' }],
        reference_time,
      });
      const [chunk] = chunks;
      const triples = chunk!.relations.map(
        (r) =>
          `${chunk!.entities[r.source]!.name} | ${r.canonical_predicate} | ${chunk!.entities[r.target]!.name}`,
      );
      assert.deepEqual(triples, ['Marie Curie | born in | Warsaw']);
    } finally {
      await extractor.close();
    }
  });

  it('keeps relations of no canonical predicate only with openPredicates, in the worker too', async () => {
    const text = 'Parasite premiered at the Cannes Film Festival in May 2019.';
    const read = async (openPredicates: boolean) => {
      const extractor = new ThreadedOfflineExtractor({ timeoutMs: 20_000, perChunkMs: 100, openPredicates });
      try {
        const { chunks } = await extractor.extract({ chunks: [{ chunk_id: 'c1', text }], reference_time });
        const [chunk] = chunks;
        return chunk!.relations.map(
          (r) => `${chunk!.entities[r.source]!.name} | ${r.canonical_predicate} (${r.confidence})`,
        );
      } finally {
        await extractor.close();
      }
    };
    assert.deepEqual(await read(false), []);
    assert.deepEqual(await read(true), ['Parasite | premier at (0.55)']);
  });

  it('gives up a source that does not finish in time, replaces the worker and reads the next one', async () => {
    const extractor = new ThreadedOfflineExtractor({ timeoutMs: 300, perChunkMs: 10, script: spinning });
    try {
      const started = performance.now();
      const stuck = extractor.extract({
        chunks: [
          { chunk_id: 'a', text: 'SPIN here.' },
          { chunk_id: 'b', text: 'Fine text.' },
        ],
        reference_time,
      });
      const next = extractor.extract({ chunks: [{ chunk_id: 'c', text: 'Next source.' }], reference_time });
      const given = await stuck;
      assert.ok(performance.now() - started < 5_000);
      assert.deepEqual(
        given.chunks.map((c) => [c.chunk_id, c.entities.length, c.relations.length]),
        [
          ['a', 0, 0],
          ['b', 0, 0],
        ],
      );
      assert.equal(given.gaveUp, true);
      assert.deepEqual(
        (await next).chunks.map((c) => c.chunk_id),
        ['c'],
      );
    } finally {
      await extractor.close();
    }
  });

  it('with workers: 2, reads two sources at once: two stuck sources are given up in one limit, not two', async () => {
    const extractor = new ThreadedOfflineExtractor({
      timeoutMs: 2_000,
      perChunkMs: 0,
      workers: 2,
      script: spinning,
    });
    try {
      const started = performance.now();
      const given = await Promise.all(
        ['a', 'b'].map((chunk_id) =>
          extractor.extract({ chunks: [{ chunk_id, text: 'SPIN here.' }], reference_time }),
        ),
      );
      // One worker would give up the second source a whole limit (2 s) after the first: at 4 s.
      // (A wide margin under load: both timers start when the sources are handed out.)
      assert.ok(performance.now() - started < 3_500);
      assert.deepEqual(
        given.map((g) => g.gaveUp),
        [true, true],
      );
    } finally {
      await extractor.close();
    }
  });

  it('refuses work once closed', async () => {
    const extractor = new ThreadedOfflineExtractor({ timeoutMs: 1_000, perChunkMs: 10, script: spinning });
    await extractor.close();
    await assert.rejects(extractor.extract({ chunks: [], reference_time }), /closed/);
  });
});
