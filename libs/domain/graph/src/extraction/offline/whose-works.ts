import type { Mention } from './mentions';
import { rel } from './owners';
import { WORKS } from './possessives';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

// The work a "whose" noun names: "a novelist whose debut, The Lantern Keeper, won …".

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
    if (!WORKS.has(tokens[k]?.lower ?? '')) return;
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
