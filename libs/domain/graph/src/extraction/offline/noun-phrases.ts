import { keyOf } from './keys';
import type { Mention } from './mentions';
import { POSSESSIVES, rel } from './owners';
import { isVerbLike, matchPredicate } from './predicates';
import type { SentenceRelation } from './relations';
import { phrase, Sentence, Token } from './sentences';

/** Particles that make an -ing word before them a verb's: "timing out", "locking up". */
const PARTICLES = new Set(['out', 'up', 'off', 'down']);

/** A noun phrase written in lower case, from `from` on: "an expired TLS certificate", "a firewall rule". */
export function nounPhraseAt(tokens: Token[], from: number): Mention | undefined {
  let start = from;
  while (tokens[start]?.pos === 'DET' || POSSESSIVES.has(tokens[start]?.lower ?? '')) start++;
  // ("caused by the new search indexer": what is new is the indexer; annotators write it so 6
  // times of the 13 such phrases read, the whole phrase once.)
  // (Written in lower case: "the New Relic agent" is Relic's.)
  if (tokens[start]?.text === 'new' && ['NOUN', 'PROPN', 'ADJ'].includes(tokens[start + 1]?.pos ?? ''))
    start++;
  let end = start;
  // ("the printer-driver patch": a hyphen joins two words of the phrase, whatever their tags.)
  const hyphen = (k: number) =>
    tokens[k]?.text === '-' && tokens[k]!.space === '' && tokens[k + 1]?.space === '';
  // ("an expired signing certificate": a gerund before a noun is part of the phrase.)
  // (Not one after the phrase's noun, which opens a clause of its own: "the Sophos Endpoint web
  // filter blocking cvsync".)
  const modifier = (k: number) =>
    /ing$/.test(tokens[k]!.lower) &&
    tokens[k + 1]?.pos === 'NOUN' &&
    !(k > start && tokens[k - 1]!.pos === 'NOUN' && tokens[k - 1]!.text === tokens[k - 1]!.lower);
  // ("a Volume Shadow Copy service timing out": an -ing word and its particle are a verb's.)
  const phrasal = (k: number) =>
    /ing$/.test(tokens[k]!.lower) &&
    PARTICLES.has(tokens[k + 1]?.lower ?? '') &&
    tokens[k + 2]?.pos !== 'NOUN';
  // ("the Bluetooth LE Audio setting being switched on": a noun in -ing the tagger read as a verb,
  // after a name and before "being" or the clause's end.)
  const named = (k: number) =>
    k > start &&
    tokens[k]!.text === tokens[k]!.lower &&
    /ing$/.test(tokens[k]!.lower) &&
    tokens[k - 1]!.pos === 'PROPN' &&
    ['AUX', 'PUNCT'].includes(tokens[k + 1]?.pos ?? 'PUNCT');
  const noun = (k: number) => tokens[k]!.pos === 'NOUN' || named(k);
  while (
    tokens[end] &&
    !(end > start && phrasal(end)) &&
    !(
      end > start &&
      isVerbLike(tokens[end]!) &&
      !hyphen(end - 1) &&
      !hyphen(end + 1) &&
      !modifier(end) &&
      !named(end)
    ) &&
    (['NOUN', 'PROPN', 'NUM'].includes(tokens[end]!.pos) ||
      named(end) ||
      modifier(end) ||
      hyphen(end) ||
      hyphen(end + 1) ||
      (end === start && (tokens[end]!.pos === 'ADJ' || /(ed|ing)$/.test(tokens[end]!.lower))) ||
      // ("the login failures": after a determiner, a word the tagger read as a verb before a noun.)
      (end === start && start > from && tokens[end]!.pos === 'VERB' && tokens[end + 1]?.pos === 'NOUN'))
  )
    end++;
  if (end === start || !noun(end - 1) || end - start > 6) return undefined;
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
export function nounPhraseBefore(tokens: Token[], end: number, bare = false): Mention | undefined {
  let start = end;
  // ("booking page": the tagger may read a noun's -ing modifier as a verb.)
  const inPhrase = (t: Token, next: Token | undefined) =>
    (['NOUN', 'ADJ', 'PROPN'].includes(t.pos) && !isVerbLike(t)) ||
    (/ing$/.test(t.lower) && next?.pos === 'NOUN');
  while (start > 0 && inPhrase(tokens[start - 1]!, tokens[start])) start--;
  // (`bare`: with no article too, opening the sentence or after "of": "Habitat loss is caused by …",
  // "because of habitat loss caused by …".)
  const opens =
    ['DET', 'PRON'].includes(tokens[start - 1]?.pos ?? '') ||
    (bare && (start === 0 || ['of', 'from'].includes(tokens[start - 1]?.lower ?? '')));
  if (start === end || !opens) return undefined;
  return nounPhraseAt(tokens, start);
}

/** Relations a noun phrase may hold as a subject, read from its verb: what runs on or uses what. */
const PHRASE_RELATIONS = new Set(['uses', 'part of']);

/**
 * "The booking gateway runs on Cloudflare Workers", "the authentication gateway, which runs on
 * Cloudflare Workers": a system named by a noun phrase rather than a name, as support texts do,
 * uses the name its verb reaches.
 */
export function phraseSubjects(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  const read = (subject: Mention | undefined, verbAt: number) => {
    if (!subject) return;
    let k = verbAt;
    while (tokens[k] && ['AUX', 'ADV', 'PART'].includes(tokens[k]!.pos)) k++;
    if (!tokens[k] || !isVerbLike(tokens[k]!)) return;
    const target = mentions.find((m) => m.start > k && m.start <= k + 3);
    if (!target || target.type === 'person' || target.type === 'location') return;
    const words = tokens.slice(verbAt, target.start);
    if (!words.every((t) => ['AUX', 'ADV', 'PART', 'VERB', 'ADP', 'DET'].includes(t.pos))) return;
    const match = matchPredicate(words, subject, target);
    if (!match?.known || match.inverted || !PHRASE_RELATIONS.has(match.canonical)) return;
    out.push(rel(subject, target, match.canonical, phrase(tokens, verbAt, target.start), target.end, 0.6));
  };
  // The sentence's opening phrase: "The gateway runs on …".
  if (tokens[0]?.pos === 'DET') {
    const opening = nounPhraseAt(tokens, 0);
    if (opening && !mentions.some((m) => m.start < opening.end)) read(opening, opening.end);
  }
  // A phrase's relative clause: "the authentication gateway, which runs on …".
  tokens.forEach((token, at) => {
    if (token.lower !== 'which' || tokens[at - 1]?.text !== ',') return;
    const before = nounPhraseBefore(tokens, at - 1);
    if (before && !mentions.some((m) => m.end === at - 1)) read(before, at + 1);
  });
  return out;
}
