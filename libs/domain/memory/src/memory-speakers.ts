import { MemoryRecord } from './ports/memory-store';

type Said = Pick<MemoryRecord, 'memory_id' | 'user_name'>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the query names this speaker: their whole `user_name`, as words, in any case. */
export function namesSpeaker(query: string, userName: string): boolean {
  const name = userName.trim();
  if (!name) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'iu').test(query);
}

/**
 * A query that names some of the speakers asks about them. When the retrieved memories come from
 * two or more named speakers (`user_name`) and the query names some but not all of them, each
 * memory of a named speaker is lifted: `1 − (1 − score) × (1 − weight)` ("What did Caroline take
 * from the book?" prefers what Caroline said over what Melanie said to her). A query that names
 * none of them, or all, changes nothing; neither do memories without a speaker (docs/api.md,
 * Memories). Returns new scores; `memories` maps each scored id to its record.
 */
export function liftNamedSpeakers(
  scores: ReadonlyMap<string, number>,
  memories: ReadonlyMap<string, Said>,
  query: string,
  weight: number,
): Map<string, number> {
  const lifted = new Map(scores);
  if (weight <= 0) return lifted;
  const named = new Map<string, boolean>();
  for (const id of scores.keys()) {
    const speaker = memories.get(id)?.user_name;
    if (speaker && !named.has(speaker)) named.set(speaker, namesSpeaker(query, speaker));
  }
  const count = [...named.values()].filter(Boolean).length;
  if (named.size < 2 || count === 0 || count === named.size) return lifted;
  for (const [id, score] of scores) {
    const speaker = memories.get(id)?.user_name;
    if (speaker && named.get(speaker)) lifted.set(id, 1 - (1 - score) * (1 - weight));
  }
  return lifted;
}
