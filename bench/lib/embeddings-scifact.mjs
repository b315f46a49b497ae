// SciFact loading and retrieval metrics for bench/embeddings-quality.bench.mjs.
// The data stays in ../shared/data (evaluation only, never copied into the repo).

import { loadSciFact as loadQualitySciFact } from './quality-data.mjs';

/** Docs as the embedding benchmark reads them (title + " " + text), with the train queries and qrels. */
export function loadSciFact() {
  const { docs, queries, qrels } = loadQualitySciFact();
  return { docs: docs.map((d) => ({ id: d.id, text: `${d.title} ${d.text}` })), queries, qrels };
}

export { ndcgAt, recallAt } from './quality-metrics.mjs';

/** Indices of the k largest scores, best first, as [{ index, score }]. */
export function topK(scores, k) {
  const order = Array.from(scores.keys());
  order.sort((a, b) => scores[b] - scores[a]);
  return order.slice(0, k).map((index) => ({ index, score: scores[index] }));
}

/** Min-max normalises each list, then ranks the union by alpha·semantic + (1 − alpha)·keyword. */
export function fuse(semantic, keyword, alpha) {
  const norm = (list) => {
    const max = Math.max(...list.map((h) => h.score));
    const min = Math.min(...list.map((h) => h.score));
    const span = max - min || 1;
    return new Map(list.map((h) => [h.index, (h.score - min) / span]));
  };
  const s = norm(semantic);
  const b = norm(keyword);
  const ids = new Set([...s.keys(), ...b.keys()]);
  return [...ids]
    .map((index) => ({ index, score: alpha * (s.get(index) ?? 0) + (1 - alpha) * (b.get(index) ?? 0) }))
    .sort((x, y) => y.score - x.score);
}
