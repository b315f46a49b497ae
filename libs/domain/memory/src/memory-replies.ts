import { MemoryRecord } from './ports/memory-store';

type Turn = Pick<MemoryRecord, 'memory_id' | 'content' | 'user_name'>;

/** A memory that asks something: it has a speaker (`user_name`) and a question mark. */
export function asksSomething(memory: Turn): boolean {
  return memory.user_name !== null && memory.content.includes('?');
}

/** Whether two memories have named speakers, and different ones. */
function otherSpeaker(a: Turn, b: Turn): boolean {
  return a.user_name !== null && b.user_name !== null && a.user_name !== b.user_name;
}

/** How many memories saved after a retrieved one the threads below look at. */
export const THREAD_LENGTH = 2;

/**
 * A reply follows its question. In a conversation kept one turn per memory, the turn that answers
 * is often the one a search needs, and it need not share a word with the query. From what was
 * saved right after a retrieved memory M that has a speaker (`user_name`), two threads:
 *
 * - M asks something (a `?`) and the next memory is another speaker's: that is M's reply ("What
 *   did the book teach you?" … "Patience, mostly.");
 * - the next memory is another speaker's question, and the one after it is M's speaker's again:
 *   that is the answer to a follow-up about M ("I finished my first screenplay!" … "What genre
 *   is it?" … "A mix of drama and romance.").
 *
 * Each such memory is lifted by M's score as one more piece of evidence,
 * `1 − (1 − own) × (1 − weight × M)`, where `own` is its score so far (0 when the search did not
 * find it); scores stay in [0, 1] (docs/api.md, Memories). Memories without a speaker are never
 * lifted and lift nothing.
 *
 * `scores` holds the retrieved memories' scores and `memories` their records; `after` maps an id
 * to the memories saved after it (MemoryStore.savedAfter, THREAD_LENGTH of them). Returns the
 * scores with those memories lifted or added, and the records of the ones added or lifted.
 */
export function liftReplies(
  scores: ReadonlyMap<string, number>,
  memories: ReadonlyMap<string, Turn>,
  after: ReadonlyMap<string, readonly MemoryRecord[]>,
  weight: number,
): { scores: Map<string, number>; replies: MemoryRecord[] } {
  const lifted = new Map(scores);
  const replies: MemoryRecord[] = [];
  if (weight <= 0) return { scores: lifted, replies };
  const lift = (reply: MemoryRecord, by: number) => {
    lifted.set(reply.memory_id, 1 - (1 - (lifted.get(reply.memory_id) ?? 0)) * (1 - weight * by));
    replies.push(reply);
  };
  for (const [id, score] of scores) {
    const said = memories.get(id);
    const [next, then] = after.get(id) ?? [];
    if (!said || !next || !otherSpeaker(next, said)) continue;
    if (asksSomething(said)) lift(next, score);
    if (then && asksSomething(next) && then.user_name === said.user_name) lift(then, score);
  }
  return { scores: lifted, replies };
}
