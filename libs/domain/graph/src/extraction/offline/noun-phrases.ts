import { keyOf, Mention } from './mentions';
import { POSSESSIVES } from './owners';
import { isVerbLike } from './predicates';
import { phrase, Token } from './sentences';

/** A noun phrase written in lower case, from `from` on: "an expired TLS certificate", "a firewall rule". */
export function nounPhraseAt(tokens: Token[], from: number): Mention | undefined {
  let start = from;
  while (tokens[start]?.pos === 'DET' || POSSESSIVES.has(tokens[start]?.lower ?? '')) start++;
  let end = start;
  // ("the printer-driver patch": a hyphen joins two words of the phrase, whatever their tags.)
  const hyphen = (k: number) =>
    tokens[k]?.text === '-' && tokens[k]!.space === '' && tokens[k + 1]?.space === '';
  // ("an expired signing certificate": a gerund before a noun is part of the phrase.)
  const modifier = (k: number) => /ing$/.test(tokens[k]!.lower) && tokens[k + 1]?.pos === 'NOUN';
  while (
    tokens[end] &&
    !(end > start && isVerbLike(tokens[end]!) && !hyphen(end - 1) && !hyphen(end + 1) && !modifier(end)) &&
    (['NOUN', 'PROPN', 'NUM'].includes(tokens[end]!.pos) ||
      modifier(end) ||
      hyphen(end) ||
      hyphen(end + 1) ||
      (end === start && (tokens[end]!.pos === 'ADJ' || /(ed|ing)$/.test(tokens[end]!.lower))))
  )
    end++;
  if (end === start || tokens[end - 1]!.pos !== 'NOUN' || end - start > 6) return undefined;
  const name = phrase(tokens, start, end);
  return {
    start,
    end,
    name,
    type: 'concept',
    evidence: 'none',
    identifier: null,
    keys: [keyOf(name)],
    aliases: [],
  };
}

/** The noun phrase that ends right before token `end`: "our intranet portal" before "at Halden Bank". */
export function nounPhraseBefore(tokens: Token[], end: number): Mention | undefined {
  let start = end;
  // ("booking page": the tagger may read a noun's -ing modifier as a verb.)
  const inPhrase = (t: Token, next: Token | undefined) =>
    (['NOUN', 'ADJ', 'PROPN'].includes(t.pos) && !isVerbLike(t)) ||
    (/ing$/.test(t.lower) && next?.pos === 'NOUN');
  while (start > 0 && inPhrase(tokens[start - 1]!, tokens[start])) start--;
  if (start === end || !['DET', 'PRON'].includes(tokens[start - 1]?.pos ?? '')) return undefined;
  return nounPhraseAt(tokens, start);
}
