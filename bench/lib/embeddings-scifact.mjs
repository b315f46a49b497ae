// SciFact loading and retrieval metrics for bench/embeddings-quality.bench.mjs.
// The data stays in ../shared/data (evaluation only, never copied into the repo).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';

import { DATA_DIR } from './quality-data.mjs';

export const SCIFACT_DIR = join(DATA_DIR, 'scifact');

/** Docs (title + " " + text), the train queries that have judgments, and their relevant doc ids. */
export function loadSciFact(dir = SCIFACT_DIR) {
  const docs = gunzipSync(readFileSync(join(dir, 'corpus.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((d) => ({ id: String(d._id), text: `${d.title} ${d.text}` }));
  const qrels = new Map();
  for (const line of readFileSync(join(dir, 'qrels', 'train.tsv'), 'utf8')
    .split('\n')
    .slice(1)) {
    const [qid, did, score] = line.trim().split('\t');
    if (!qid || Number(score) <= 0) continue;
    if (!qrels.has(qid)) qrels.set(qid, new Set());
    qrels.get(qid).add(did);
  }
  const queries = readFileSync(join(dir, 'queries-train.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((q) => ({ id: String(q._id), text: q.text }))
    .filter((q) => qrels.has(q.id));
  return { docs, queries, qrels };
}

/** nDCG@k with binary relevance. `ranked` is a list of doc ids, best first. */
export function ndcgAt(ranked, relevant, k = 10) {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++)
    if (relevant.has(ranked[i])) dcg += 1 / Math.log2(i + 2);
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function recallAt(ranked, relevant, k = 100) {
  let hits = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) if (relevant.has(ranked[i])) hits++;
  return relevant.size === 0 ? 0 : hits / relevant.size;
}

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
