import { Index, MetricKind, ScalarKind } from 'usearch';

/**
 * HNSW settings. An i8 graph (4× less memory and, with this usearch build, several times faster to
 * insert into than f32; bench/vector-index.bench.mjs) whose candidates are rescored exactly from
 * the f32 copy, so scores are exact cosines; M = 16, ef_add 64, ef_search 256. What a denser graph
 * would buy, by bench/vector-recall.bench.mjs (30k memories of the offline embedder, the service's
 * k = 50): recall@10 against exact search 0.967 here, 0.988 with M = 24 / ef_add 96, on
 * one-sentence memories (0.72 and 0.84 on memories stitched from random sentences, the hard case);
 * but M = 24 cost 15% of one-chunk memory ingestion over HTTP in a same-session A/B (601 and 578
 * against 478 and 516 chunks/s, 0 → 30k), and ingestion is the target not yet met. Inserts stay on
 * one thread: a multi-threaded build is a different graph each run (SciFact nDCG@10 moved by 0.002).
 */
const GRAPH = { connectivity: 16, expansionAdd: 64, expansionSearch: 256 };

/**
 * The graph holds each vector with its mean component removed (the projection off the all-ones
 * direction), re-normalised, and is searched with the query treated alike; candidates are still
 * rescored with the stored vectors. Vectors that all share one large component (the n-gram hashing
 * embedder's are non-negative: every pair has a cosine around 0.3) make HNSW's neighbour lists
 * degenerate: some items cannot be reached even from their own vector, whatever ef_search (on
 * SciFact's chunks about 1%), and with the projection none is
 * lost. vector-shard.spec.ts shows it on synthetic vectors; bench/quality-scifact.bench.mjs
 * counts it on SciFact. Vectors already centred (learned models) barely move.
 */
export function centredForGraph(unit: Float32Array, out: Float32Array, at = 0): void {
  const d = unit.length;
  let mean = 0;
  for (let i = 0; i < d; i++) mean += unit[i]!;
  mean /= d;
  let norm = 0;
  for (let i = 0; i < d; i++) {
    const x = unit[i]! - mean;
    out[at + i] = x;
    norm += x * x;
  }
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < d; i++) out[at + i]! *= scale;
  }
}

/** An empty graph of the shard's settings, over centred vectors of `dimension`. */
export function newGraph(dimension: number): Index {
  return new Index({
    dimensions: dimension,
    metric: MetricKind.IP,
    quantization: ScalarKind.I8,
    connectivity: GRAPH.connectivity,
    expansion_add: GRAPH.expansionAdd,
    expansion_search: GRAPH.expansionSearch,
    multi: false,
  });
}

/**
 * A new graph of the given slots of `vectors` (slot-addressed unit vectors of `dimension`),
 * keyed by slot and added in slot order, 1024 at a time.
 */
export function buildGraph(dimension: number, vectors: Float32Array, slots: Iterable<number>): Index {
  const graph = newGraph(dimension);
  const live = [...slots].sort((a, b) => a - b);
  for (let i = 0; i < live.length; i += 1024) {
    const slice = live.slice(i, i + 1024);
    const block = new Float32Array(slice.length * dimension);
    slice.forEach((slot, j) =>
      centredForGraph(vectors.subarray(slot * dimension, (slot + 1) * dimension), block, j * dimension),
    );
    graph.add(BigUint64Array.from(slice, BigInt), block, 1);
  }
  return graph;
}
