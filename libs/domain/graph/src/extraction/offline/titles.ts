import { TITLE_JOINERS, TITLE_NOUNS, TITLE_VERBS } from './name-words';
import { Token } from './sentences';

// A work's title keeps words a name would not: "Things Fall Apart", "The Old Man and the Sea".

/**
 * How a capitalised word opens a work's title: after a verb of making it ("wrote Things Fall
 * Apart") or after a noun for it and a comma ("her best-known collection, Salt and Ash,"), with
 * "the" between or not.
 */
export function opensTitle(tokens: Token[], i: number): 'verb' | 'apposition' | undefined {
  let b = i - 1;
  if (['the', 'a', 'an'].includes(tokens[b]?.text ?? '')) b--;
  const comma = tokens[b]?.text === ',';
  if (comma) b--;
  const before = tokens[b];
  if (!before || before.text !== before.lower) return undefined;
  if (before.pos === 'VERB' && TITLE_VERBS.has(before.lemma) && !comma) return 'verb';
  return before.pos === 'NOUN' && TITLE_NOUNS.has(before.lower) && comma ? 'apposition' : undefined;
}

/**
 * Where a title goes on over small words at `at`: "of a Lady", "to the North", "and the Sea"; and,
 * in an apposition that a comma or a full stop closes, "and Ash" ("Salt and Ash,"). `at` when not.
 */
export function titleJoin(tokens: Token[], at: number, title: 'verb' | 'apposition'): number {
  let k = at;
  while (TITLE_JOINERS.has(tokens[k]?.text ?? '')) k++;
  if (k > at && /^\p{Lu}/u.test(tokens[k]?.text ?? '')) return k + 1;
  if (tokens[at]?.text !== 'and') return at;
  k = at + 1;
  while (TITLE_JOINERS.has(tokens[k]?.text ?? '')) k++;
  if (!/^\p{Lu}/u.test(tokens[k]?.text ?? '')) return at;
  if (k > at + 1 || (title === 'apposition' && [',', '.'].includes(tokens[k + 1]?.text ?? ''))) return k + 1;
  return at;
}
