import { BM25_B, BM25_K1, TopK, bm25Idf } from '../keyword-common/bm25';

/** A document after analysis: its distinct terms and how often each occurs. */
export interface AnalysedDocument {
  id: string;
  sourceId: string;
  kind: string;
  terms: string[];
  tfs: number[];
}

/** Counts the analyser's tokens into distinct terms with frequencies. */
export function analysedDocument(
  id: string,
  sourceId: string,
  kind: string,
  tokens: string[],
): AnalysedDocument {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return { id, sourceId, kind, terms: [...counts.keys()], tfs: [...counts.values()] };
}

export interface PartitionQuery {
  /** Analysed query tokens; a repeated token weighs more, as in a Lucene boolean query. */
  terms: string[];
  k: number;
  operator: 'or' | 'and';
  sourceIds?: ReadonlySet<string>;
  kinds?: ReadonlySet<string>;
}

/** Documents as (id, source, kind), term dictionary, and per document: n, n term numbers, n frequencies. */
export interface PartitionState {
  terms: string[];
  docs: [string, string, string][];
  vectors: Uint32Array;
}

interface Postings {
  slots: Int32Array;
  tfs: Uint16Array;
  n: number;
}

const MAX_TF = 0xffff;
/** Rebuild once this share of slots is dead and at least MIN_DEAD of them. */
const DEAD_RATIO = 0.3;
const MIN_DEAD = 1024;

function grown<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(needed, array.length * 2, 16));
  next.set(array);
  return next;
}

/**
 * The inverted index of ONE tenant's sub-tenant: its own term dictionary, postings, document
 * lengths and BM25 statistics. Nothing here can name a document of another partition, which is
 * what makes isolation hold by construction rather than by a filter someone could forget.
 *
 * Deletes are tombstones (skipped while scoring, and document frequencies are corrected at once);
 * the partition rebuilds itself when DEAD_RATIO of its slots are dead.
 */
export class KeywordPartition {
  private ids: string[] = [];
  private sources: string[] = [];
  private kinds: string[] = [];
  /** Per slot, the number of its source and kind, so a filter is a mask lookup per match. */
  private sourceNumbers = new Int32Array(0);
  private kindNumbers = new Int32Array(0);
  private readonly numbers = new Map<string, number>();
  private forward: (Uint32Array | null)[] = [];
  private alive = new Uint8Array(0);
  private lengths = new Uint32Array(0);
  private slotCount = 0;
  private dead = 0;
  private totalLength = 0;
  private slotById = new Map<string, number>();
  /** Live document ids per source, so deleting a source costs its own documents, not a scan. */
  private idsBySource = new Map<string, Set<string>>();
  private termIds = new Map<string, number>();
  private df: number[] = [];
  private postings: Postings[] = [];
  private accumulator = new Float64Array(0);
  private matched = new Uint16Array(0);
  private touched = new Int32Array(0);

  get count(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  upsert(doc: AnalysedDocument): void {
    this.remove(doc.id);
    const slot = this.slotCount++;
    this.alive = grown(this.alive, this.slotCount);
    this.lengths = grown(this.lengths, this.slotCount);
    this.sourceNumbers = grown(this.sourceNumbers, this.slotCount);
    this.kindNumbers = grown(this.kindNumbers, this.slotCount);
    this.sourceNumbers[slot] = this.numberOf(doc.sourceId);
    this.kindNumbers[slot] = this.numberOf(doc.kind);
    const vector = new Uint32Array(doc.terms.length * 2);
    let length = 0;
    for (let i = 0; i < doc.terms.length; i++) {
      const term = doc.terms[i];
      const tf = Math.min(doc.tfs[i], MAX_TF);
      length += tf;
      let termId = this.termIds.get(term);
      if (termId === undefined) {
        termId = this.df.length;
        this.termIds.set(term, termId);
        this.df.push(0);
        this.postings.push({ slots: new Int32Array(4), tfs: new Uint16Array(4), n: 0 });
      }
      const postings = this.postings[termId];
      postings.slots = grown(postings.slots, postings.n + 1);
      postings.tfs = grown(postings.tfs, postings.n + 1);
      postings.slots[postings.n] = slot;
      postings.tfs[postings.n] = tf;
      postings.n++;
      this.df[termId]++;
      vector[i] = termId;
      vector[doc.terms.length + i] = tf;
    }
    this.ids[slot] = doc.id;
    this.sources[slot] = doc.sourceId;
    this.kinds[slot] = doc.kind;
    this.forward[slot] = vector;
    this.alive[slot] = 1;
    this.lengths[slot] = length;
    this.totalLength += length;
    this.slotById.set(doc.id, slot);
    this.track(doc.id, doc.sourceId);
  }

  private track(id: string, sourceId: string): void {
    let ids = this.idsBySource.get(sourceId);
    if (!ids) this.idsBySource.set(sourceId, (ids = new Set()));
    ids.add(id);
  }

  private untrack(id: string, sourceId: string): void {
    const ids = this.idsBySource.get(sourceId);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) this.idsBySource.delete(sourceId);
  }

  /** Returns whether the document existed. */
  remove(id: string): boolean {
    const slot = this.slotById.get(id);
    if (slot === undefined) return false;
    const vector = this.forward[slot]!;
    const n = vector.length / 2;
    for (let i = 0; i < n; i++) this.df[vector[i]]--;
    this.slotById.delete(id);
    this.untrack(id, this.sources[slot]!);
    this.alive[slot] = 0;
    this.forward[slot] = null;
    this.totalLength -= this.lengths[slot];
    this.dead++;
    if (this.dead >= MIN_DEAD && this.dead >= DEAD_RATIO * this.slotCount) this.rebuild();
    return true;
  }

  idsOfSources(sourceIds: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const sourceId of sourceIds) for (const id of this.idsBySource.get(sourceId) ?? []) out.push(id);
    return out;
  }

  /** Term-at-a-time BM25 over the query's postings, then a top-k heap over the matches that pass. */
  /** BM25 idf of a term in this partition (a term it has never seen gets the highest). */
  idf(term: string): number {
    const termId = this.termIds.get(term);
    return bm25Idf(this.count, termId === undefined ? 0 : this.df[termId]!);
  }

  search(query: PartitionQuery): { id: string; score: number }[] {
    const weights = new Map<number, number>();
    for (const term of query.terms) {
      const termId = this.termIds.get(term);
      if (termId === undefined || this.df[termId] === 0) {
        if (query.operator === 'and') return [];
        continue;
      }
      weights.set(termId, (weights.get(termId) ?? 0) + 1);
    }
    const docCount = this.count;
    if (weights.size === 0 || docCount === 0 || query.k <= 0) return [];
    this.ensureScratch();
    const avgLength = this.totalLength / docCount || 1;
    const { accumulator, matched, touched, alive, lengths } = this;
    let touchedCount = 0;
    for (const [termId, weight] of weights) {
      const idfWeight = bm25Idf(docCount, this.df[termId]) * weight * (BM25_K1 + 1);
      const { slots, tfs, n } = this.postings[termId];
      for (let i = 0; i < n; i++) {
        const slot = slots[i];
        if (alive[slot] === 0) continue;
        const tf = tfs[i];
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * lengths[slot]) / avgLength);
        if (matched[slot] === 0) touched[touchedCount++] = slot;
        matched[slot]++;
        accumulator[slot] += (idfWeight * tf) / (tf + norm);
      }
    }
    const required = query.operator === 'and' ? weights.size : 1;
    const sourceMask = this.mask(query.sourceIds);
    const kindMask = this.mask(query.kinds);
    const { sourceNumbers, kindNumbers } = this;
    const top = new TopK(Math.min(query.k, touchedCount));
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i];
      if (
        matched[slot] >= required &&
        (!sourceMask || sourceMask[sourceNumbers[slot]] === 1) &&
        (!kindMask || kindMask[kindNumbers[slot]] === 1)
      ) {
        top.push(slot, accumulator[slot]);
      }
      accumulator[slot] = 0;
      matched[slot] = 0;
    }
    return top.drain().map(({ slot, score }) => ({ id: this.ids[slot], score }));
  }

  /**
   * The live documents in a compact form (only terms still in use): what a snapshot stores,
   * and what `restore` rebuilds a partition from without looking up a single term by name.
   */
  exportState(): PartitionState {
    const remap = new Int32Array(this.df.length).fill(-1);
    const names: string[] = [];
    for (const [term, termId] of this.termIds) {
      if (this.df[termId] > 0) remap[termId] = names.push(term) - 1;
    }
    const docs: [string, string, string][] = [];
    let size = 0;
    for (const slot of this.slotById.values()) size += 1 + this.forward[slot]!.length;
    const vectors = new Uint32Array(size);
    let at = 0;
    for (const slot of this.slotById.values()) {
      docs.push([this.ids[slot], this.sources[slot], this.kinds[slot]]);
      const vector = this.forward[slot]!;
      const n = vector.length / 2;
      vectors[at++] = n;
      for (let i = 0; i < n; i++) vectors[at + i] = remap[vector[i]];
      vectors.set(vector.subarray(n), at + n);
      at += 2 * n;
    }
    return { terms: names, docs, vectors };
  }

  static restore(state: PartitionState): KeywordPartition {
    const partition = new KeywordPartition();
    partition.load(state);
    return partition;
  }

  private load({ terms, docs, vectors }: PartitionState): void {
    const df = new Array<number>(terms.length).fill(0);
    for (let at = 0, d = 0; d < docs.length; d++) {
      const n = vectors[at++];
      for (let i = 0; i < n; i++) df[vectors[at + i]]++;
      at += 2 * n;
    }
    this.termIds = new Map(terms.map((term, termId) => [term, termId]));
    this.df = df;
    this.postings = df.map((count) => ({
      slots: new Int32Array(Math.max(count, 4)),
      tfs: new Uint16Array(Math.max(count, 4)),
      n: 0,
    }));
    this.alive = new Uint8Array(docs.length).fill(1);
    this.lengths = new Uint32Array(docs.length);
    this.sourceNumbers = new Int32Array(docs.length);
    this.kindNumbers = new Int32Array(docs.length);
    this.numbers.clear();
    this.ids = new Array<string>(docs.length);
    this.sources = new Array<string>(docs.length);
    this.kinds = new Array<string>(docs.length);
    this.forward = new Array<Uint32Array | null>(docs.length);
    this.slotById = new Map();
    this.idsBySource = new Map();
    this.totalLength = 0;
    this.dead = 0;
    for (let at = 0, slot = 0; slot < docs.length; slot++) {
      const n = vectors[at++];
      const vector = vectors.slice(at, at + 2 * n);
      at += 2 * n;
      let length = 0;
      for (let i = 0; i < n; i++) {
        const postings = this.postings[vector[i]];
        postings.slots[postings.n] = slot;
        postings.tfs[postings.n++] = vector[n + i];
        length += vector[n + i];
      }
      const [id, sourceId, kind] = docs[slot];
      this.ids[slot] = id;
      this.sources[slot] = sourceId;
      this.kinds[slot] = kind;
      this.sourceNumbers[slot] = this.numberOf(sourceId);
      this.kindNumbers[slot] = this.numberOf(kind);
      this.forward[slot] = vector;
      this.lengths[slot] = length;
      this.totalLength += length;
      this.slotById.set(id, slot);
      this.track(id, sourceId);
    }
    this.slotCount = docs.length;
    this.accumulator = new Float64Array(0);
    this.matched = new Uint16Array(0);
    this.touched = new Int32Array(0);
  }

  /** Sources and kinds share one numbering; strings that never occur here cannot match. */
  private numberOf(value: string): number {
    let n = this.numbers.get(value);
    if (n === undefined) this.numbers.set(value, (n = this.numbers.size));
    return n;
  }

  private mask(values: ReadonlySet<string> | undefined): Uint8Array | undefined {
    if (!values) return undefined;
    const mask = new Uint8Array(this.numbers.size);
    for (const value of values) {
      const n = this.numbers.get(value);
      if (n !== undefined) mask[n] = 1;
    }
    return mask;
  }

  private ensureScratch(): void {
    if (this.accumulator.length >= this.slotCount) return;
    const size = Math.max(this.slotCount, this.accumulator.length * 2, 64);
    this.accumulator = new Float64Array(size);
    this.matched = new Uint16Array(size);
    this.touched = new Int32Array(size);
  }

  /** Drops tombstones and unused terms. */
  private rebuild(): void {
    this.load(this.exportState());
  }
}
