import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bruteForce, clusteredVectors } from '@trove/testing';
import { unitVector } from '../vector-common/vector-math';
import { centredForGraph } from './shard-graph';
import { VectorShard } from './vector-shard';

const D = 24;
const data = clusteredVectors(3000, D, 11).map((v) => unitVector(v, D, 'fixture'));
const queries = clusteredVectors(30, D, 12).map((v) => unitVector(v, D, 'fixture'));
const items = data.map((unit, i) => ({
  id: `c${i}`,
  sourceId: `s${i % 100}`,
  kind: i % 3 ? 'chunk' : 'memory',
  unit,
}));

/** A shard that always takes the HNSW path (no candidate set is small enough to scan). */
function graphOnly(): VectorShard {
  const shard = new VectorShard(D, { exactMaxMacs: 0, rebuildMinRemovals: 200 });
  for (let i = 0; i < items.length; i += 500) shard.put(items.slice(i, i + 500));
  return shard;
}

function recall(shard: VectorShard, k: number, pick: (i: number) => boolean, filter?: object): number {
  const subset = data.map((v, i) => ({ v, i })).filter(({ i }) => pick(i));
  let hits = 0;
  let wanted = 0;
  for (const q of queries) {
    const truth = bruteForce(
      subset.map((s) => s.v),
      q,
      k,
    ).map((t) => `c${subset[t.index]!.i}`);
    const got = shard.search(q, k, filter).map((h) => h.id);
    assert.ok(
      got.every((id) => pick(Number(id.slice(1)))),
      'a hit outside the filter',
    );
    hits += got.filter((id) => truth.includes(id)).length;
    wanted += truth.length;
  }
  return hits / wanted;
}

describe('VectorShard on the graph path', () => {
  it('finds the exact neighbours with high recall, unfiltered and at k = 50', () => {
    const shard = graphOnly();
    assert.ok(recall(shard, 10, () => true) >= 0.95);
    assert.ok(recall(shard, 50, () => true) >= 0.95);
  });

  it('over-fetches for selective filters and still returns k hits from inside the filter', () => {
    const shard = graphOnly();
    // 15 % of the data: more candidates than the first fetch, so the graph is searched, not the set.
    const sources = Array.from({ length: 15 }, (_, i) => `s${i * 6 + 1}`);
    const inSources = (i: number) => sources.includes(`s${i % 100}`);
    assert.ok(recall(shard, 10, inSources, { sourceIds: sources }) >= 0.9);
    for (const q of queries.slice(0, 5)) assert.equal(shard.search(q, 10, { sourceIds: sources }).length, 10);
    const memories = (i: number) => i % 3 === 0;
    assert.ok(recall(shard, 10, memories, { kinds: ['memory'] }) >= 0.9);
    const both = (i: number) => inSources(i) && memories(i);
    assert.ok(recall(shard, 5, both, { sourceIds: sources, kinds: ['memory'] }) >= 0.9);
  });

  it('keeps answering correctly after enough removals to rebuild the graph', () => {
    const shard = graphOnly();
    const removed = shard.removeSources(Array.from({ length: 50 }, (_, s) => `s${s}`));
    assert.equal(removed, 1500);
    assert.equal(shard.size, 1500);
    assert.ok(recall(shard, 10, (i) => i % 100 >= 50) >= 0.95);
    // Freed slots are reused by new items, which are found at once.
    shard.put([{ id: 'new', sourceId: 'x', kind: 'chunk', unit: queries[0]! }]);
    assert.equal(shard.search(queries[0]!, 1)[0]?.id, 'new');
    assert.ok(shard.search(queries[0]!, 1)[0]!.score > 0.9999);
  });

  it('finds every item by its own vector when all vectors share one large component', () => {
    // Non-negative vectors leaning on one direction, like the n-gram hashing embedder's: usearch's
    // graph of them as stored lost 180 of these 2,000 items (not among the 10 nearest to their own
    // vector); the graph of centred vectors loses none.
    const d = 256;
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const leaning = Array.from({ length: 2000 }, (_, i) => {
      const v = new Float32Array(d).fill(0.9 / Math.sqrt(d));
      for (let j = 0; j < 20; j++) v[Math.floor(random() * d)]! += 0.1 * random();
      return { id: `l${i}`, sourceId: 's', kind: 'chunk', unit: unitVector(v, d, 'fixture') };
    });
    const shard = new VectorShard(d, { exactMaxMacs: 0, rebuildMinRemovals: 10_000 });
    shard.put(leaning);
    const lost = leaning.filter((item) => !shard.search(item.unit, 10).some((hit) => hit.id === item.id));
    assert.ok(lost.length <= 4, `${lost.length} of 2000 not found by their own vector`);
  });

  it('centres a vector for the graph: mean 0, length 1, the zero vector left zero', () => {
    const out = new Float32Array(4);
    centredForGraph(Float32Array.from([0.5, 0.5, 0.5, 0.5]), out);
    assert.deepEqual([...out], [0, 0, 0, 0]);
    centredForGraph(Float32Array.from([1, 0, 0, 0]), out);
    assert.ok(Math.abs(out.reduce((a, x) => a + x, 0)) < 1e-6);
    assert.ok(Math.abs(Math.hypot(...out) - 1) < 1e-6);
    assert.ok(out[0]! > 0 && out[1]! < 0);
  });

  it('takes one-item and many-item batches in any order as it grows', () => {
    // usearch grows the graph as it goes; a one-item batch then a larger one must both land.
    const shard = new VectorShard(D, { exactMaxMacs: 0 });
    let next = 0;
    for (let round = 0; round < 200; round++) {
      const size = round % 3 === 2 ? 7 : 1;
      shard.put(items.slice(next, next + size));
      next += size;
    }
    assert.equal(shard.size, next);
    for (let i = 0; i < next; i += 37) assert.equal(shard.search(items[i]!.unit, 1)[0]?.id, items[i]!.id);
  });

  it('lets the last item win when one batch repeats an id', () => {
    const shard = new VectorShard(D);
    shard.put([
      { ...items[0]!, id: 'dup' },
      { ...items[1]!, id: 'dup' },
    ]);
    assert.equal(shard.size, 1);
    assert.ok(shard.search(data[1]!, 5)[0]!.score > 0.9999);
  });

  it('restores from its state without a saved graph, by rebuilding it', () => {
    const shard = graphOnly();
    shard.removeIds(['c0', 'c1']);
    const restored = VectorShard.fromState(D, shard.state(), null, { exactMaxMacs: 0 });
    assert.equal(restored.size, 2998);
    for (const q of queries.slice(0, 5)) assert.deepEqual(restored.search(q, 10), shard.search(q, 10));
  });
});
