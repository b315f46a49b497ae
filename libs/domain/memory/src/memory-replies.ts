import { MemoryRecord } from './ports/memory-store';

type Turn = Pick<MemoryRecord, 'memory_id' | 'content' | 'user_name'>;

/**
 * A memory that asks something of someone: it has a speaker (`user_name`) and a question mark.
 * Only these look for their reply, so memories that are independent facts are never touched.
 */
export function asksSomething(memory: Turn): boolean {
  return memory.user_name !== null && memory.content.includes('?');
}

/** The memory saved right after a question answers it when another named speaker said it. */
export function repliesTo(reply: Turn, question: Turn): boolean {
  return reply.user_name !== null && question.user_name !== null && reply.user_name !== question.user_name;
}

/**
 * A reply follows its question. In a conversation kept one turn per memory, the turn a question
 * is after is often the one that answers it, and it need not share a word with the query ("What
 * did Caroline take from the book?" finds "What did it teach you?" and not "It taught me
 * self-acceptance"). So each reply's score is lifted by its question's, as one more piece of
 * evidence: `1 − (1 − own) × (1 − weight × question)`, where `own` is the reply's own score (0
 * when the search did not find it) and the result stays in [0, 1] (docs/api.md, Memories).
 *
 * `scores` holds the retrieved memories' scores; `next` maps a question's id to the memory saved
 * right after it (MemoryStore.nextSaved). Returns the scores with the replies lifted or added,
 * and the replies that were added.
 */
export function liftReplies(
  scores: ReadonlyMap<string, number>,
  questions: readonly Turn[],
  next: ReadonlyMap<string, MemoryRecord>,
  weight: number,
): { scores: Map<string, number>; replies: MemoryRecord[] } {
  const lifted = new Map(scores);
  const replies: MemoryRecord[] = [];
  if (weight <= 0) return { scores: lifted, replies };
  for (const question of questions) {
    const reply = next.get(question.memory_id);
    const asked = scores.get(question.memory_id);
    if (!reply || asked === undefined || !repliesTo(reply, question)) continue;
    const own = lifted.get(reply.memory_id) ?? 0;
    lifted.set(reply.memory_id, 1 - (1 - own) * (1 - weight * asked));
    replies.push(reply);
  }
  return { scores: lifted, replies };
}
