import type { Discourse } from './discourse';
import { Mention } from './mentions';
import { rel } from './owners';
import { isVerbLike } from './predicates';
import type { SentenceRelation } from './relations';
import { Sentence } from './sentences';

// What a support message's writer runs, said without a verb: a line that only lists products
// ("iPhone 15 Pro, iOS 17.4.1, FitLoop 6.2.0."), and a second product after the one a relation
// already says someone uses ("I'm on a Dell Latitude 7440 with Windows 11 23H2").

/** Words that tie a second product to the first: "with", "on", "running". */
const ALONGSIDE = new Set(['with', 'on', 'running', 'under']);
/** Tokens a bare product line may hold besides its names. */
const LIST_TOKENS = new Set(['PUNCT', 'CCONJ', 'SYM', 'NUM', 'PROPN', 'X']);

/** "iPhone 15 Pro, iOS 17.4.1, FitLoop 6.2.0.": the speaker (or the text's writer) uses each. */
export function productLine(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const user = discourse.speaker;
  const products = mentions.filter((m) => m.type === 'product');
  if (!user || products.length < 2 || products.length !== mentions.length) return [];
  const named = new Set(
    products.flatMap((m) => Array.from({ length: m.end - m.start }, (_, k) => m.start + k)),
  );
  const rest = sentence.tokens.filter((_, k) => !named.has(k));
  if (rest.some((t) => isVerbLike(t) || !LIST_TOKENS.has(t.pos))) return [];
  return products.map((p) => rel(user, p, 'uses', ',', p.end, 0.6));
}

/** "on a Dell Latitude 7440 with Windows 11 23H2": whoever uses the first uses the second. */
export function usedAlongside(
  sentence: Sentence,
  mentions: Mention[],
  found: SentenceRelation[],
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const used of found) {
    if (used.canonical !== 'uses' || used.target.type !== 'product') continue;
    let k = used.target.end;
    if (!ALONGSIDE.has(tokens[k]?.lower ?? '')) continue;
    const word = tokens[k]!.lower;
    k++;
    if (['a', 'an', 'the'].includes(tokens[k]?.lower ?? '')) k++;
    const second = mentions.find((m) => m.start === k && m.type === 'product');
    if (second && second.keys[0] !== used.source.keys[0])
      out.push(rel(used.source, second, 'uses', word, second.end, 0.6));
  }
  return out;
}
