/** The most memories `max_count: 0` may return. */
export const ADAPTIVE_LIMIT = 20;

/**
 * How many memories a retrieval returns. `max_count > 0`: the best `max_count`. `max_count: 0`:
 * the service decides, by this documented rule: keep the best memory, then each following one
 * while its score is at least half the best score and no more than 0.2 below the one before it
 * (a cliff in relevance ends the list), never more than 20.
 */
export function selectMemories<T extends { score: number }>(ranked: T[], maxCount: number): T[] {
  const sorted = [...ranked].sort((a, b) => b.score - a.score);
  if (maxCount > 0) return sorted.slice(0, maxCount);
  const kept: T[] = [];
  for (const item of sorted) {
    if (kept.length >= ADAPTIVE_LIMIT) break;
    const previous = kept[kept.length - 1];
    if (previous && (item.score < 0.5 * kept[0]!.score || previous.score - item.score > 0.2)) break;
    kept.push(item);
  }
  return kept;
}
