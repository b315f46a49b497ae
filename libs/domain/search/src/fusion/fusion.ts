import { ScoreExplanation } from '@trove/contracts';
import { ScoredId } from '../ports/index-scope';

/** The parts of a candidate's score so far (docs/api.md, Search: explain). */
export type ScoreParts = Omit<ScoreExplanation, 'final'>;

/** A candidate with the parts of its score, which each ranking step adds to. */
export interface RankedId extends ScoredId {
  parts?: ScoreParts;
}

/**
 * Hybrid fusion (docs/api.md, "Search: scores"). For a query with keyword hits K and semantic hits
 * S (each list at least max(50, 3 × max_chunks) long), each list's scores are normalised onto
 * [0, 1] and combined:
 *
 *   fused(c)  = alpha · sem(c) + (1 − alpha) · kw(c)
 *   decay(c)  = 0.5 ^ (age_days(c) / half_life_days)               (age of the source's last update)
 *   score(c)  = (1 − recency_bias) · fused(c) + recency_bias · decay(c)
 *
 * With an embedder whose cosines are calibrated (the ONNX models, the hashing embedder), the
 * normalisation is absolute, so a score means the same for every query and an irrelevant best
 * hit scores low (fuseCalibrated):
 *
 *   sem(c) = 1 / (1 + e^(−(cos(c) − mid) / scale))       (mid, scale: the model's calibration)
 *   kw(c)  = 1 − e^(−bm25(c) / Σ idf(t))                 (t: the distinct terms of the query)
 *
 * A candidate absent from S counts at the cosine of S's last hit (it is below the cut); absent
 * from K, at 0. Otherwise (an uncalibrated model) both lists are min–max normalised over their
 * own scores (fuse), the rule docs/api.md (Search) keeps for them. A list whose weight is 0 (alpha 0 or 1) is not
 * queried at all, so it cannot add candidates.
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

/** Best first; equal scores by id, so that an order never depends on arrival. */
export const byScore = (a: RankedId, b: RankedId): number => b.score - a.score || (a.id < b.id ? -1 : 1);

/** alpha · semantic + (1 − alpha) · keyword over the union of both lists, best first. */
export function fuse({ keyword, semantic, alpha }: FusionInput): RankedId[] {
  const semanticNorm = minMaxNormalise(semantic);
  const keywordNorm = minMaxNormalise(keyword);
  const ids = new Set([...semanticNorm.keys(), ...keywordNorm.keys()]);
  const fused: RankedId[] = [];
  for (const id of ids) fused.push(blend(id, semanticNorm.get(id) ?? 0, keywordNorm.get(id) ?? 0, alpha));
  return fused.sort(byScore);
}

function blend(id: string, semantic: number, keyword: number, alpha: number): RankedId {
  const fused = alpha * semantic + (1 - alpha) * keyword;
  return { id, score: fused, parts: { semantic, keyword, alpha, fused } };
}

/** How a model's cosines map onto [0, 1]: the cosine that scores 0.5, and the logistic's scale. */
export interface CosineCalibration {
  mid: number;
  scale: number;
}

export interface CalibratedFusionInput extends FusionInput {
  calibration: CosineCalibration;
  /** Σ idf of the query's distinct terms in the scope (0: the query has no terms). */
  idfMass: number;
}

/** sem(c) of fuseCalibrated. */
export function semanticScore(cosine: number, { mid, scale }: CosineCalibration): number {
  return 1 / (1 + Math.exp(-(cosine - mid) / scale));
}

/** kw(c) of fuseCalibrated: the share of the query's idf a BM25 score reaches, saturating. */
export function keywordScore(bm25: number, idfMass: number): number {
  return idfMass > 0 ? 1 - Math.exp(-bm25 / idfMass) : 0;
}

/** alpha · sem + (1 − alpha) · kw with absolute normalisations (see the top of this file). */
export function fuseCalibrated({
  keyword,
  semantic,
  alpha,
  calibration,
  idfMass,
}: CalibratedFusionInput): RankedId[] {
  const semantics = new Map<string, number>();
  const semanticFloor =
    semantic.length > 0 ? semanticScore(semantic[semantic.length - 1]!.score, calibration) : 0;
  for (const hit of semantic) semantics.set(hit.id, semanticScore(hit.score, calibration));
  const keywords = new Map<string, number>();
  for (const hit of keyword) keywords.set(hit.id, keywordScore(hit.score, idfMass));
  const fused: RankedId[] = [];
  for (const [id, sem] of semantics) fused.push(blend(id, sem, keywords.get(id) ?? 0, alpha));
  for (const [id, kw] of keywords) if (!semantics.has(id)) fused.push(blend(id, semanticFloor, kw, alpha));
  return fused.sort(byScore);
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
