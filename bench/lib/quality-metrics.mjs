// Ranking metrics and score-fusion variants for the quality benchmarks. Lists are arrays of
// { id, score }, best first. `fuseWith(norm, …)` reproduces libs/domain/search/src/fusion/fusion.ts
// exactly when norm is minMax (absent from a list = 0), and lets the benchmarks try others.

/** nDCG@k with binary relevance over ranked ids. */
export function ndcgAt(ranked, relevant, k = 10) {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++)
    if (relevant.has(ranked[i])) dcg += 1 / Math.log2(i + 2);
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function recallAt(ranked, relevant, k) {
  let hits = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) if (relevant.has(ranked[i])) hits++;
  return relevant.size === 0 ? 0 : hits / relevant.size;
}

/** 1 / rank of the first relevant id (0 when none is in the list). */
export function reciprocalRank(ranked, relevant, k = Infinity) {
  for (let i = 0; i < Math.min(k, ranked.length); i++) if (relevant.has(ranked[i])) return 1 / (i + 1);
  return 0;
}

/** First occurrence of each group key, in order (best chunk per doc / memory). */
export function dedupe(ids, keyOf) {
  const seen = new Set();
  const out = [];
  for (const id of ids) {
    const key = keyOf(id);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(key);
    }
  }
  return out;
}

// ---- normalisations: list → { map: Map<id, value>, absent: value for ids not in the list } ----

/** The library's: (x − min) / (max − min); 1 when all equal; absent 0. */
export function minMax(list) {
  const map = new Map();
  if (list.length === 0) return { map, absent: 0 };
  let min = Infinity;
  let max = -Infinity;
  for (const h of list) {
    min = Math.min(min, h.score);
    max = Math.max(max, h.score);
  }
  const range = max - min;
  for (const h of list) map.set(h.id, range > 0 ? (h.score - min) / range : 1);
  return { map, absent: 0 };
}

/** x / max (scores ≥ 0): keeps the floor at 0 instead of stretching the list's tail to 0. */
export function maxOnly(list) {
  const map = new Map();
  const max = Math.max(0, ...list.map((h) => h.score));
  for (const h of list) map.set(h.id, max > 0 ? h.score / max : 1);
  return { map, absent: 0 };
}

/** The raw score (cosine of unit vectors is already on a fixed [0, 1] scale here). */
export function identity(list) {
  return { map: new Map(list.map((h) => [h.id, h.score])), absent: 0 };
}

/** (x − μ) / σ over the list; absent = the list's lowest z. */
export function zScore(list) {
  const map = new Map();
  if (list.length === 0) return { map, absent: 0 };
  const mean = list.reduce((a, h) => a + h.score, 0) / list.length;
  const sd = Math.sqrt(list.reduce((a, h) => a + (h.score - mean) ** 2, 0) / list.length) || 1;
  let low = Infinity;
  for (const h of list) {
    const z = (h.score - mean) / sd;
    map.set(h.id, z);
    low = Math.min(low, z);
  }
  return { map, absent: low };
}

/** Distribution-based (DBSF): (x − (μ − 3σ)) / 6σ, clipped to [0, 1]; absent 0. */
export function dbsf(list) {
  const map = new Map();
  if (list.length === 0) return { map, absent: 0 };
  const mean = list.reduce((a, h) => a + h.score, 0) / list.length;
  const sd = Math.sqrt(list.reduce((a, h) => a + (h.score - mean) ** 2, 0) / list.length) || 1;
  for (const h of list) map.set(h.id, Math.min(1, Math.max(0, (h.score - mean + 3 * sd) / (6 * sd))));
  return { map, absent: 0 };
}

/** Reciprocal rank, 1 / (k + rank), rank from 1; absent 0 (weighted RRF when fused). */
export function rrf(k = 60) {
  return (list) => ({ map: new Map(list.map((h, i) => [h.id, 1 / (k + i + 1)])), absent: 0 });
}

/**
 * alpha · semNorm + (1 − alpha) · kwNorm over the union, best first, ties by id (as fusion.ts).
 * A list of weight 0 is left out entirely, as the service does not query it.
 */
export function fuseWith(semantic, keyword, alpha, semNorm = minMax, kwNorm = semNorm) {
  const s = alpha > 0 ? semNorm(semantic) : { map: new Map(), absent: 0 };
  const k = alpha < 1 ? kwNorm(keyword) : { map: new Map(), absent: 0 };
  const ids = new Set([...s.map.keys(), ...k.map.keys()]);
  const out = [];
  for (const id of ids) {
    const sv = s.map.has(id) ? s.map.get(id) : s.absent;
    const kv = k.map.has(id) ? k.map.get(id) : k.absent;
    out.push({ id, score: alpha * sv + (1 - alpha) * kv });
  }
  return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}

export const f3 = (x) => x.toFixed(3);

export const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;

/** `b` against `a`, query by query: the mean difference ± 1.96 standard errors, as "+0.004 ± 0.002". */
export function pairedDifference(a, b) {
  const d = a.map((x, i) => b[i] - x);
  const m = mean(d);
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, d.length - 1));
  return `${m >= 0 ? '+' : ''}${f3(m)} ± ${f3((1.96 * sd) / Math.sqrt(d.length))}`;
}

/** The vector scaled to length 1. */
export function unitVector(v) {
  let s = 0;
  for (const x of v) s += x * x;
  s = Math.sqrt(s);
  return v.map((x) => x / s);
}
