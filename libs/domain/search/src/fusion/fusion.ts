import { ScoredId } from '../ports/index-scope';

/**
 * Hybrid fusion, as DECISIONS "Search" fixes it. For a query with keyword hits K and semantic hits
 * S (each list at least max(50, 3 × max_chunks) long):
 *
 *   norm(x)   = (x − min) / (max − min) over its own list; 1 when every score in the list is equal
 *   fused(c)  = alpha · norm_S(c) + (1 − alpha) · norm_K(c)        (0 for a list c is absent from)
 *   decay(c)  = 0.5 ^ (age_days(c) / half_life_days)               (age of the source's last update)
 *   score(c)  = (1 − recency_bias) · fused(c) + recency_bias · decay(c)
 *
 * so every relevancy_score lies in [0, 1]. A list whose weight is 0 (alpha 0 or 1) is not
 * queried at all, so it cannot add zero-scored candidates.
 */
export interface FusionInput {
  keyword: ScoredId[];
  semantic: ScoredId[];
  alpha: number;
}

export function minMaxNormalise(hits: ScoredId[]): Map<string, number> {
  const normalised = new Map<string, number>();
  if (hits.length === 0) return normalised;
  let min = Infinity;
  let max = -Infinity;
  for (const hit of hits) {
    if (hit.score < min) min = hit.score;
    if (hit.score > max) max = hit.score;
  }
  const range = max - min;
  for (const hit of hits) normalised.set(hit.id, range > 0 ? (hit.score - min) / range : 1);
  return normalised;
}

/** alpha · semantic + (1 − alpha) · keyword over the union of both lists, best first. */
export function fuse({ keyword, semantic, alpha }: FusionInput): ScoredId[] {
  const semanticNorm = minMaxNormalise(semantic);
  const keywordNorm = minMaxNormalise(keyword);
  const ids = new Set([...semanticNorm.keys(), ...keywordNorm.keys()]);
  const fused: ScoredId[] = [];
  for (const id of ids) {
    fused.push({ id, score: alpha * (semanticNorm.get(id) ?? 0) + (1 - alpha) * (keywordNorm.get(id) ?? 0) });
  }
  return fused.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}

const DAY_MS = 86_400_000;

/** 1 for content updated now, 0.5 after one half-life, → 0 for old content. */
export function recencyDecay(updatedAt: Date, now: Date, halfLifeDays: number): number {
  const ageDays = Math.max(0, now.getTime() - updatedAt.getTime()) / DAY_MS;
  return Math.pow(0.5, ageDays / halfLifeDays);
}

export function blendRecency(fused: number, decay: number, recencyBias: number): number {
  return (1 - recencyBias) * fused + recencyBias * decay;
}

/** How many candidates each list contributes before fusion. */
export function candidateCount(maxChunks: number): number {
  return Math.max(50, 3 * maxChunks);
}
