import { byScore, RankedId } from '../fusion/fusion';

/**
 * A rescored head of the ranking, best first, then the rest in their order with their scores
 * capped at the head's lowest, so that scores still fall as ranks do (the reranks of accurate
 * mode: a `/rerank` endpoint, sentences).
 */
export function headThenRest(head: RankedId[], rest: RankedId[]): RankedId[] {
  if (head.length === 0) return rest;
  const sorted = [...head].sort(byScore);
  const floor = sorted[sorted.length - 1]!.score;
  return [...sorted, ...rest.map((hit) => ({ ...hit, score: Math.min(hit.score, floor) }))];
}
