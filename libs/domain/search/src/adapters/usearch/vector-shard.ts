import { Index } from 'usearch';
import { ScoredId, SearchFilter } from '../../ports/index-scope';
import { TopK, dotAt } from '../vector-common/vector-math';
import { buildGraph, centredForGraph, newGraph } from './shard-graph';
import { addTo, countOf, gather, removeFrom } from './slot-sets';

/** One vector to store; `unit` is already unit-length and of the shard's dimension. */
export interface ShardItem {
  id: string;
  sourceId: string;
  kind: string;
  unit: Float32Array;
}

/** Everything a snapshot holds: slot-addressed, holes (deleted slots) as null ids. */
export interface ShardState {
  ids: (string | null)[];
  sourceIds: string[];
  kinds: string[];
  /** slotCount × dimension unit vectors. */
  vectors: Float32Array;
}

/** Thresholds; the defaults are the production values, tests lower them to reach every path. */
export interface ShardTuning {
  /** Candidate sets up to this many multiply-adds are scanned exactly (about 2 ms in JS). */
  exactMaxMacs: number;
  /** Rebuild the graph once this many removals (usearch tombstones) exceed the live count too. */
  rebuildMinRemovals: number;
}
const DEFAULT_TUNING: ShardTuning = { exactMaxMacs: 1_000_000, rebuildMinRemovals: 10_000 };

/**
 * The in-memory index of one (tenant, sub-tenant, space): unit vectors in one growing f32 block
 * addressed by slot, an HNSW graph keyed by slot, and id/source/kind maps for replace, delete and
 * filters. Every method is synchronous, so a search never sees a half-applied item.
 */
export class VectorShard {
  private vectors: Float32Array;
  private ids: (string | null)[] = [];
  private sourceIds: string[] = [];
  private kinds: string[] = [];
  private readonly slotById = new Map<string, number>();
  private readonly slotsBySource = new Map<string, Set<number>>();
  private readonly slotsByKind = new Map<string, Set<number>>();
  private readonly free: number[] = [];
  private graph: Index;
  private removedSinceBuild = 0;

  private readonly tuning: ShardTuning;

  constructor(
    readonly dimension: number,
    tuning: Partial<ShardTuning> = {},
  ) {
    this.tuning = { ...DEFAULT_TUNING, ...tuning };
    this.vectors = new Float32Array(dimension * 64);
    this.graph = newGraph(dimension);
  }

  /** Restores a snapshot; the graph is loaded from `graphFile` when given, rebuilt otherwise. */
  static fromState(
    dimension: number,
    state: ShardState,
    graphFile: string | null,
    tuning: Partial<ShardTuning> = {},
  ): VectorShard {
    const shard = new VectorShard(dimension, tuning);
    const slots = state.ids.length;
    shard.vectors = new Float32Array(Math.max(64, slots) * dimension);
    shard.vectors.set(state.vectors.subarray(0, slots * dimension));
    shard.ids = state.ids.slice();
    shard.sourceIds = state.sourceIds.slice();
    shard.kinds = state.kinds.slice();
    for (let slot = 0; slot < slots; slot++) {
      const id = shard.ids[slot];
      if (id == null) shard.free.push(slot);
      else shard.index(id, slot);
    }
    if (graphFile) shard.graph.load(graphFile);
    else shard.rebuildGraph();
    return shard;
  }

  get size(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  /** A copy of the stored unit vector of `id`, or undefined. */
  unitOf(id: string): Float32Array | undefined {
    const slot = this.slotById.get(id);
    if (slot === undefined) return undefined;
    return this.vectors.slice(slot * this.dimension, (slot + 1) * this.dimension);
  }

  /** Inserts or replaces by id; within one call the last item of an id wins. */
  put(items: ShardItem[]): void {
    const last = new Map(items.map((item) => [item.id, item]));
    const keys = new BigUint64Array(last.size);
    const block = new Float32Array(last.size * this.dimension);
    let n = 0;
    for (const item of last.values()) {
      const old = this.slotById.get(item.id);
      if (old !== undefined) this.release(old);
      const slot = this.allocate();
      this.vectors.set(item.unit, slot * this.dimension);
      this.ids[slot] = item.id;
      this.sourceIds[slot] = item.sourceId;
      this.kinds[slot] = item.kind;
      this.index(item.id, slot);
      keys[n] = BigInt(slot);
      centredForGraph(item.unit, block, n * this.dimension);
      n++;
    }
    if (n > 0) this.graph.add(keys, block, 1);
    this.maybeRebuild();
  }

  /** Removes these ids; returns how many existed. */
  removeIds(ids: string[]): number {
    let removed = 0;
    for (const id of new Set(ids)) {
      const slot = this.slotById.get(id);
      if (slot === undefined) continue;
      this.release(slot);
      removed++;
    }
    this.maybeRebuild();
    return removed;
  }

  /** Removes every item of these sources; returns how many. */
  removeSources(sourceIds: string[]): number {
    let removed = 0;
    for (const sourceId of new Set(sourceIds)) {
      for (const slot of [...(this.slotsBySource.get(sourceId) ?? [])]) {
        this.release(slot);
        removed++;
      }
    }
    this.maybeRebuild();
    return removed;
  }

  /** The k nearest items to a unit query, best first, with exact cosine scores. */
  search(query: Float32Array, k: number, filter?: SearchFilter): ScoredId[] {
    const live = this.slotById.size;
    if (k <= 0 || live === 0) return [];
    let kinds = filter?.kinds ? new Set(filter.kinds) : null;
    const sources = filter?.sourceIds ? new Set(filter.sourceIds) : null;
    // A kind filter that every live item passes (the usual case: one search mode per shard) is
    // no filter: skip gathering every slot of the shard for nothing.
    if (kinds && countOf(this.slotsByKind, kinds) === live) kinds = null;
    const accept = (slot: number): boolean =>
      (!sources || sources.has(this.sourceIds[slot]!)) && (!kinds || kinds.has(this.kinds[slot]!));

    let candidates: number[] | null = null; // null: every live slot
    if (sources) candidates = gather(this.slotsBySource, sources, kinds ? accept : null);
    else if (kinds) candidates = gather(this.slotsByKind, kinds, null);
    const count = candidates ? candidates.length : live;
    if (count === 0) return [];
    // Over-fetch from the graph in proportion to the filter's selectivity, widening until k pass;
    // a candidate set no larger than the first fetch is cheaper to scan.
    let fetch = Math.min(live, Math.ceil((2 * k * live) / count) + 16);
    if (count * this.dimension <= this.tuning.exactMaxMacs || (candidates && fetch >= count)) {
      return this.exact(query, k, candidates);
    }
    const graphQuery = new Float32Array(this.dimension);
    centredForGraph(query, graphQuery);
    for (;;) {
      const top = new TopK(k);
      const keys = this.graph.search(graphQuery, fetch, 1).keys;
      for (const key of keys) {
        const slot = Number(key);
        if (this.ids[slot] != null && accept(slot))
          top.offer(slot, dotAt(this.vectors, slot * this.dimension, query));
      }
      if (top.slots.length >= Math.min(k, count) || fetch >= live) return this.hits(top);
      if (fetch * 4 * this.dimension > 4 * this.tuning.exactMaxMacs + count * this.dimension) {
        return this.exact(query, k, candidates);
      }
      fetch = Math.min(live, fetch * 4);
    }
  }

  /** Live entries for a snapshot: slot-addressed, so the saved graph's keys stay valid. */
  state(): ShardState {
    const slots = this.ids.length;
    return {
      ids: this.ids.slice(),
      sourceIds: this.sourceIds.slice(),
      kinds: this.kinds.slice(),
      vectors: this.vectors.subarray(0, slots * this.dimension),
    };
  }

  saveGraph(path: string): void {
    this.graph.save(path);
  }

  hasSource(sourceId: string): boolean {
    return this.slotsBySource.has(sourceId);
  }

  private exact(query: Float32Array, k: number, candidates: number[] | null): ScoredId[] {
    const top = new TopK(k);
    const d = this.dimension;
    if (candidates) {
      for (const slot of candidates) top.offer(slot, dotAt(this.vectors, slot * d, query));
    } else {
      for (let slot = 0; slot < this.ids.length; slot++) {
        if (this.ids[slot] != null) top.offer(slot, dotAt(this.vectors, slot * d, query));
      }
    }
    return this.hits(top);
  }

  private hits(top: TopK): ScoredId[] {
    return top.slots.map((slot, i) => ({ id: this.ids[slot]!, score: top.scores[i]! }));
  }

  private index(id: string, slot: number): void {
    this.slotById.set(id, slot);
    addTo(this.slotsBySource, this.sourceIds[slot]!, slot);
    addTo(this.slotsByKind, this.kinds[slot]!, slot);
  }

  private release(slot: number): void {
    const id = this.ids[slot]!;
    this.slotById.delete(id);
    removeFrom(this.slotsBySource, this.sourceIds[slot]!, slot);
    removeFrom(this.slotsByKind, this.kinds[slot]!, slot);
    this.ids[slot] = null;
    this.sourceIds[slot] = '';
    this.kinds[slot] = '';
    this.graph.remove(BigInt(slot));
    this.removedSinceBuild++;
    this.free.push(slot);
  }

  private allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const slot = this.ids.length;
    if ((slot + 1) * this.dimension > this.vectors.length) {
      const grown = new Float32Array(Math.ceil((slot + 1) * 1.5) * this.dimension);
      grown.set(this.vectors);
      this.vectors = grown;
    }
    this.ids.push(null);
    this.sourceIds.push('');
    this.kinds.push('');
    return slot;
  }

  private maybeRebuild(): void {
    if (this.removedSinceBuild >= Math.max(this.tuning.rebuildMinRemovals, this.slotById.size))
      this.rebuildGraph();
  }

  private rebuildGraph(): void {
    this.graph = buildGraph(this.dimension, this.vectors, this.slotById.values());
    this.removedSinceBuild = 0;
  }
}
