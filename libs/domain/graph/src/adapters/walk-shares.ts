import { CoMention } from '../ports/graph-store';

/**
 * How both stores cap a hop of the walk (GraphStore.edgesAround and coMentions): every asked
 * entity gets an equal share of the limit, and reads no more rows than that share needs, so a hub
 * named in thousands of chunks costs a hop what any other entity costs.
 */

/** The share of `limit` each of `asked` entities gets. */
export const shareOf = (limit: number, asked: number): number =>
  Math.max(1, Math.ceil(Math.floor(limit) / Math.max(1, asked)));

/** A co-mention hop reads at most this many chunks per asked entity (its first, by source and chunk). */
export const MAX_CHUNKS_PER_ENTITY = 8;

/**
 * Chunks read per asked entity: half its share (a chunk names several others; the share takes
 * one from each chunk first), at least 2, at most 8.
 */
export const chunksPerEntity = (share: number): number =>
  Math.min(MAX_CHUNKS_PER_ENTITY, Math.max(2, Math.ceil(share / 2)));

const isConcept = (m: CoMention) => (m.entity.type === 'concept' ? 1 : 0);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The port's choice and order of co-mentions, from everything the read chunks name: each asked
 * entity keeps its share, named things before concepts and one from each chunk before a second
 * from any (so that one crowded chunk does not fill the share); then named things first, by
 * source, chunk and entity, at most `limit`. The SQL adapter does the same in its statement.
 */
export function fairShare(found: CoMention[], share: number, limit: number): CoMention[] {
  const inChunk = new Map<CoMention, number>();
  const byChunk = new Map<string, CoMention[]>();
  for (const m of found) {
    const key = `${m.from_entity_id}\u0000${m.source_id}\u0000${m.chunk_id}`;
    byChunk.set(key, [...(byChunk.get(key) ?? []), m]);
  }
  for (const list of byChunk.values()) {
    list.sort((a, b) => isConcept(a) - isConcept(b) || compare(a.entity.entity_id, b.entity.entity_id));
    list.forEach((m, i) => inChunk.set(m, i));
  }
  const ranked = [...found].sort(
    (a, b) =>
      isConcept(a) - isConcept(b) ||
      inChunk.get(a)! - inChunk.get(b)! ||
      compare(a.source_id, b.source_id) ||
      compare(a.chunk_id, b.chunk_id) ||
      compare(a.entity.entity_id, b.entity.entity_id),
  );
  const taken = new Map<string, number>();
  const kept: CoMention[] = [];
  for (const m of ranked) {
    const n = taken.get(m.from_entity_id) ?? 0;
    if (n >= share) continue;
    taken.set(m.from_entity_id, n + 1);
    kept.push(m);
  }
  return kept
    .sort(
      (a, b) =>
        isConcept(a) - isConcept(b) ||
        compare(a.source_id, b.source_id) ||
        compare(a.chunk_id, b.chunk_id) ||
        compare(a.entity.entity_id, b.entity.entity_id) ||
        compare(a.from_entity_id, b.from_entity_id),
    )
    .slice(0, limit);
}
