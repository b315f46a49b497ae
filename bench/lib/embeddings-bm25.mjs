// A plain BM25 (k1 = 1.2, b = 0.75, lowercase word tokens, English stopwords, no stemming), only
// as the keyword half of the hybrid in bench/embeddings-quality.bench.mjs.
const STOP = new Set(
  (
    'a an and are as at be by for from has have in is it its of on or that the to was were will with ' +
    'this these those which who whom than then there their they but not no into also such'
  ).split(' '),
);

function tokenize(text) {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((t) => !STOP.has(t));
}

export class Bm25 {
  constructor(texts, { k1 = 1.2, b = 0.75 } = {}) {
    this.k1 = k1;
    this.b = b;
    this.postings = new Map();
    this.lengths = new Float64Array(texts.length);
    texts.forEach((text, doc) => {
      const tokens = tokenize(text);
      this.lengths[doc] = tokens.length;
      const tf = new Map();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) {
        if (!this.postings.has(t)) this.postings.set(t, []);
        this.postings.get(t).push([doc, n]);
      }
    });
    this.avgLength = this.lengths.reduce((a, x) => a + x, 0) / texts.length;
    this.count = texts.length;
  }

  /** Scores for every doc (0 where no query term occurs). */
  scores(query) {
    const scores = new Float64Array(this.count);
    for (const term of new Set(tokenize(query))) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      const idf = Math.log(1 + (this.count - postings.length + 0.5) / (postings.length + 0.5));
      for (const [doc, tf] of postings) {
        const norm = this.k1 * (1 - this.b + (this.b * this.lengths[doc]) / this.avgLength);
        scores[doc] += (idf * tf * (this.k1 + 1)) / (tf + norm);
      }
    }
    return scores;
  }
}
