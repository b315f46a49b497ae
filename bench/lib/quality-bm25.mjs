// A BM25 over the same analysed terms as the embedded keyword index (libs/domain/search/src/adapters/
// embedded-keyword/keyword-partition.ts: Lucene idf, k1 1.2, b 0.75, repeated query terms weigh more), but
// with float query weights, tunable k1/b, an optional boosted title field (BM25F-style: title
// terms are added to the chunk's term frequencies `titleWeight` times) and RM3 pseudo-relevance
// feedback. Only for prototyping what would lift keyword quality; the benchmark checks that with
// the defaults it ranks exactly as the real index.
export class PrototypeBm25 {
  /**
   * docs: [{ id, terms: string[] (analysed), titleTerms?: string[] }].
   * options: { k1 = 1.2, b = 0.75, titleWeight = 0 }.
   */
  constructor(docs, { k1 = 1.2, b = 0.75, titleWeight = 0 } = {}) {
    this.k1 = k1;
    this.b = b;
    this.ids = docs.map((d) => d.id);
    this.postings = new Map();
    this.lengths = new Float64Array(docs.length);
    this.docTerms = [];
    docs.forEach((doc, slot) => {
      const tf = new Map();
      for (const t of doc.terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      if (titleWeight > 0) for (const t of doc.titleTerms ?? []) tf.set(t, (tf.get(t) ?? 0) + titleWeight);
      let length = 0;
      for (const [t, n] of tf) {
        length += n;
        if (!this.postings.has(t)) this.postings.set(t, []);
        this.postings.get(t).push([slot, n]);
      }
      this.lengths[slot] = length;
      this.docTerms.push(tf);
    });
    this.count = docs.length;
    this.avgLength = this.lengths.reduce((a, x) => a + x, 0) / this.count || 1;
    this.scratch = new Float64Array(this.count);
  }

  idf(term) {
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.count - df + 0.5) / (df + 0.5));
  }

  /** weights: Map<term, weight>. Top k as [{ id, score, slot }], best first. */
  searchWeighted(weights, k) {
    const acc = this.scratch;
    const touched = [];
    for (const [term, w] of weights) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      const idfw = this.idf(term) * w * (this.k1 + 1);
      for (const [slot, tf] of postings) {
        if (acc[slot] === 0) touched.push(slot);
        acc[slot] +=
          (idfw * tf) / (tf + this.k1 * (1 - this.b + (this.b * this.lengths[slot]) / this.avgLength));
      }
    }
    const hits = touched.map((slot) => ({ slot, id: this.ids[slot], score: acc[slot] }));
    for (const slot of touched) acc[slot] = 0;
    hits.sort((a, b) => b.score - a.score || a.slot - b.slot);
    return hits.slice(0, k);
  }

  /** Query terms (analysed) counted into weights, as the real index does. */
  search(terms, k) {
    const weights = new Map();
    for (const t of terms) weights.set(t, (weights.get(t) ?? 0) + 1);
    return this.searchWeighted(weights, k);
  }

  /**
   * RM3: the top `fbDocs` hits' term distributions, weighted by their normalised retrieval scores,
   * give `fbTerms` expansion terms; the new query is origWeight · original + (1 − origWeight) · model
   * (both normalised to sum 1). Anserini's defaults: 10 docs, 10 terms, 0.5.
   */
  rm3(terms, k, { fbDocs = 10, fbTerms = 10, origWeight = 0.5 } = {}) {
    const first = this.search(terms, fbDocs);
    const original = new Map();
    for (const t of terms) original.set(t, (original.get(t) ?? 0) + 1);
    if (first.length === 0) return [];
    const total = first.reduce((a, h) => a + Math.exp(h.score - first[0].score), 0);
    const model = new Map();
    for (const hit of first) {
      const tf = this.docTerms[hit.slot];
      const weight = Math.exp(hit.score - first[0].score) / total;
      const length = this.lengths[hit.slot];
      for (const [t, n] of tf) model.set(t, (model.get(t) ?? 0) + (weight * n) / length);
    }
    const expansion = [...model].sort((a, b) => b[1] - a[1]).slice(0, fbTerms);
    const expSum = expansion.reduce((a, [, w]) => a + w, 0) || 1;
    const origSum = [...original.values()].reduce((a, w) => a + w, 0);
    const weights = new Map();
    for (const [t, w] of original) weights.set(t, (origWeight * w) / origSum);
    for (const [t, w] of expansion) weights.set(t, (weights.get(t) ?? 0) + ((1 - origWeight) * w) / expSum);
    return this.searchWeighted(weights, k);
  }
}

/**
 * Exact cosine top-k over unit vectors, for embedder variants that are not in the usearch index:
 * vectors stored transposed (one row per dimension), since hashed query vectors are sparse.
 */
export class ExactCosine {
  constructor(ids, vectors) {
    this.ids = ids;
    this.n = vectors.length;
    this.dim = vectors[0]?.length ?? 0;
    this.rows = new Float32Array(this.n * this.dim);
    vectors.forEach((v, d) => {
      for (let i = 0; i < this.dim; i++) if (v[i] !== 0) this.rows[i * this.n + d] = v[i];
    });
    this.scores = new Float32Array(this.n);
  }

  search(q, k) {
    const { n, rows, scores } = this;
    scores.fill(0);
    for (let i = 0; i < this.dim; i++) {
      const w = q[i];
      if (w === 0) continue;
      const base = i * n;
      for (let d = 0; d < n; d++) scores[d] += w * rows[base + d];
    }
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => scores[b] - scores[a]);
    return order.slice(0, k).map((i) => ({ id: this.ids[i], score: scores[i] }));
  }
}
