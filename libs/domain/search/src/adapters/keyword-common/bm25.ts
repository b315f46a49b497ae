/** BM25 parameters of Lucene and Elasticsearch, so both keyword adapters rank alike. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Lucene's BM25 idf: never negative, so a term present in every document still scores above 0. */
export function bm25Idf(docCount: number, docFreq: number): number {
  return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
}

/**
 * The k best (slot, score) pairs seen so far: a min-heap on score, so each candidate costs
 * O(log k) and the whole selection O(n log k) instead of sorting every match.
 */
export class TopK {
  private readonly slots: Int32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(readonly capacity: number) {
    this.slots = new Int32Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  push(slot: number, score: number): void {
    if (this.size < this.capacity) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.scores[parent] <= score) break;
        this.slots[i] = this.slots[parent];
        this.scores[i] = this.scores[parent];
        i = parent;
      }
      this.slots[i] = slot;
      this.scores[i] = score;
    } else if (this.capacity > 0 && score > this.scores[0]) {
      this.siftDown(slot, score);
    }
  }

  /** The kept pairs, best first. */
  drain(): { slot: number; score: number }[] {
    const out: { slot: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ slot: this.slots[i], score: this.scores[i] });
    this.size = 0;
    return out.sort((a, b) => b.score - a.score || a.slot - b.slot);
  }

  private siftDown(slot: number, score: number): void {
    let i = 0;
    const n = this.size;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.scores[right] < this.scores[left] ? right : left;
      if (this.scores[child] >= score) break;
      this.slots[i] = this.slots[child];
      this.scores[i] = this.scores[child];
      i = child;
    }
    this.slots[i] = slot;
    this.scores[i] = score;
  }
}
