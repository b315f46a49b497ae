import type { Mention } from './mentions';
import { nounPredicate } from './noun-predicates';
import { rel } from './owners';
import { WORKS } from './possessives';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

// The work or role a "whose" noun names: "a novelist whose debut, The Lantern Keeper, won …",
// "the Orchestra Ensemble Kanazawa, whose music director … has been Aino Lehtinen".

/** Quotation marks around a title: "His 1968 album \"Osibisaba Nights\"". */
const QUOTES = new Set(['"', '“', '”', "'", '‘', '’']);

/**
 * "a novelist whose debut, The Lantern Keeper, won …", "whose debut novel \"Snow Country Trains\"":
 * the work a "whose" noun names is the person's before it.
 */
export function whoseWorks(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    if (token.lower !== 'whose') return;
    let k = at + 1;
    while (tokens[k] && ['ADJ', 'NUM'].includes(tokens[k]!.pos) && tokens[k]!.text === tokens[k]!.lower) k++;
    // ("whose music director": a noun may qualify the role.)
    if (tokens[k]?.pos === 'NOUN' && tokens[k + 1]?.pos === 'NOUN' && nounPredicate(tokens[k + 1]!.lower))
      k++;
    if (!WORKS.has(tokens[k]?.lower ?? '')) {
      const role = roleHeld(tokens, mentions, at, k);
      if (role) out.push(role);
      return;
    }
    // (A second noun may say which: "whose debut novel".)
    if (tokens[k + 1] && WORKS.has(tokens[k + 1]!.lower)) k++;
    let t = k + 1;
    while (tokens[t] && (tokens[t]!.text === ',' || QUOTES.has(tokens[t]!.text))) t++;
    const work = mentions.find((m) => m.start === t);
    const owner = [...mentions].reverse().find((m) => m.end <= at && m.type === 'person');
    if (!work || !owner || work.type === 'person' || work.type === 'location') return;
    out.push(rel(owner, work, 'created', phrase(tokens, at, k + 1), work.end));
  });
  return out;
}

/** Verbs that say who holds the role: "whose director has been X", "whose chair is X". */
const HOLDS = new Set(['be', 'become', 'remain']);

/**
 * "the Orchestra Ensemble Kanazawa, whose music director since 2020 has been the Finnish conductor
 * Aino Lehtinen", "Acme Corp, a firm whose chief executive, Jane Doe, …": the holder of the role
 * the "whose" noun at `k` names (an apposition, or after "is" or "has been") holds it at the
 * organisation named before "whose".
 */
function roleHeld(
  tokens: Sentence['tokens'],
  mentions: Mention[],
  at: number,
  k: number,
): SentenceRelation | undefined {
  const role = nounPredicate(tokens[k]?.lower ?? '');
  if (!role || role.canonical === 'located in' || role.canonical === 'part of') return undefined;
  const owner = [...mentions]
    .reverse()
    .find((m) => m.end <= at && !['person', 'location', 'date'].includes(m.type));
  if (!owner || at - owner.end > 6) return undefined;
  // The holder: the first person within ten words, after a comma or a verb of being, with no
  // other verb before it.
  const holder = mentions.find((m) => m.start > k && m.start - k <= 10 && m.type !== 'location');
  if (!holder || holder.type === 'organization') return undefined;
  const words = tokens.slice(k + 1, holder.start);
  const linked = words.some((t) => HOLDS.has(t.lemma));
  const apposed = words[0]?.text === ',' || tokens[holder.start - 1]?.text === ',';
  if (!linked && !apposed) return undefined;
  if (words.some((t) => t.pos === 'VERB' && !HOLDS.has(t.lemma))) return undefined;
  if (holder.type !== 'person') Object.assign(holder, { type: 'person', evidence: 'weak' });
  if (owner.evidence === 'none') Object.assign(owner, { type: 'organization', evidence: 'weak' });
  return rel(holder, owner, role.canonical, phrase(tokens, at, k + 1), holder.end, 0.6);
}
