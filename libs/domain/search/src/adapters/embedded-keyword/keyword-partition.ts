import { BM25_B, BM25_K1, TopK, bm25Idf } from '../keyword-common/bm25';
import { AnalysedDocument, grown, PartitionState } from './analysed-document';
import { PartitionDocuments } from './partition-documents';

export interface PartitionQuery {
  /** Analysed query tokens; a repeated token weighs more, as in a Lucene boolean query. */
  terms: string[];
  k: number;
  operator: 'or' | 'and';
  sourceIds?: ReadonlySet<string>;
  kinds?: ReadonlySet<string>;
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

/**
 * The inverted index of ONE tenant's sub-tenant: its own term dictionary, postings, document
 * lengths and BM25 statistics. Nothing here can name a document of another partition, which is
 * what makes isolation hold by construction rather than by a filter someone could forget.
 *
 * Deletes are tombstones (skipped while scoring, and document frequencies are corrected at once);
 * the partition rebuilds itself when DEAD_RATIO of its slots are dead.
 */
export class KeywordPartition {
  private docs = new PartitionDocuments();
  private forward: (Uint32Array | null)[] = [];
  private alive = new Uint8Array(0);
  private lengths = new Uint32Array(0);
  private slotCount = 0;
  private dead = 0;
  private totalLength = 0;
  private termIds = new Map<string, number>();
  private df: number[] = [];
  private postings: Postings[] = [];
  private accumulator = new Float64Array(0);
  private matched = new Uint16Array(0);
  private touched = new Int32Array(0);

  get count(): number {
    return this.docs.size;
  }

  has(id: string): boolean {
    return this.docs.has(id);
  }

  upsert(doc: AnalysedDocument): void {
    this.remove(doc.id);
    const slot = this.slotCount++;
    this.alive = grown(this.alive, this.slotCount);
    this.lengths = grown(this.lengths, this.slotCount);
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
    this.docs.put(slot, doc.id, doc.sourceId, doc.kind);
    this.forward[slot] = vector;
    this.alive[slot] = 1;
    this.lengths[slot] = length;
    this.totalLength += length;
  }

  /** Returns whether the document existed. */
  remove(id: string): boolean {
    const slot = this.docs.slotOf(id);
    if (slot === undefined) return false;
    const vector = this.forward[slot]!;
    const n = vector.length / 2;
    for (let i = 0; i < n; i++) this.df[vector[i]]--;
    this.docs.release(id, slot);
    this.alive[slot] = 0;
    this.forward[slot] = null;
    this.totalLength -= this.lengths[slot];
    this.dead++;
    if (this.dead >= MIN_DEAD && this.dead >= DEAD_RATIO * this.slotCount) this.rebuild();
    return true;
  }

  idsOfSources(sourceIds: ReadonlySet<string>): string[] {
    return this.docs.idsOfSources(sourceIds);
  }

  /** BM25 idf of a term in this partition (a term it has never seen gets the highest). */
  idf(term: string): number {
    const termId = this.termIds.get(term);
    return bm25Idf(this.count, termId === undefined ? 0 : this.df[termId]!);
  }

  /** Term-at-a-time BM25 over the query's postings, then a top-k heap over the matches that pass. */
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
    const sourceMask = this.docs.mask(query.sourceIds);
    const kindMask = this.docs.mask(query.kinds);
    const { sourceNumbers, kindNumbers, ids } = this.docs;
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
    return top.drain().map(({ slot, score }) => ({ id: ids[slot], score }));
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
    const { ids, sources, kinds } = this.docs;
    let size = 0;
    for (const slot of this.docs.liveSlots()) size += 1 + this.forward[slot]!.length;
    const vectors = new Uint32Array(size);
    let at = 0;
    for (const slot of this.docs.liveSlots()) {
      docs.push([ids[slot], sources[slot], kinds[slot]]);
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
    this.docs = new PartitionDocuments(docs.length);
    this.forward = new Array<Uint32Array | null>(docs.length);
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
      this.docs.put(slot, id, sourceId, kind);
      this.forward[slot] = vector;
      this.lengths[slot] = length;
      this.totalLength += length;
    }
    this.slotCount = docs.length;
    this.accumulator = new Float64Array(0);
    this.matched = new Uint16Array(0);
    this.touched = new Int32Array(0);
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
