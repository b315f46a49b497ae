import { Discourse } from './discourse';
import { isNationalityWord, lexicon } from './lexicon';
import { Mention } from './mentions';
import { nounPredicate } from './noun-predicates';
import { isVerbLike, matchPredicate } from './predicates';
import { opensGerund } from './predicate-verbs';
import { CLAUSE_BREAKS } from './predicate-words';
import type { SentenceRelation } from './relations';
import { phrase, Token } from './sentences';
import { isTeam } from './teams';

/** What the pair rules read a sentence with, and what they have read of it so far. */
export interface Reading {
  tokens: Token[];
  /** The sentence's mentions in order, which the rules read two neighbours at a time. */
  chain: Mention[];
  discourse: Discourse;
  found: SentenceRelation[];
  /** The latest relation read, which a list or a second subject continues; a clause break ends it. */
  previous: SentenceRelation | undefined;
}

/**
 * Two neighbouring mentions of the chain (`chain[i]` and `chain[i + 1]`) and the words between
 * them. A rule may move the source (to an aside's subject, to what a description is about) and
 * narrow the words, for the rules after it.
 */
export interface Pair {
  i: number;
  source: Mention;
  target: Mention;
  between: Token[];
}

/** The shape of the words between a pair, read once their relative pronoun is dropped. */
export interface Gap {
  noVerb: boolean;
  apposition: boolean;
  /** The words a list is read from. */
  listed: Token[];
  listOnly: boolean;
}

/** A rule that returns true has read the pair (the next pair is read); false lets the next rule look. */
export type OpeningRule = (pair: Pair, reading: Reading) => boolean;
export type PairRule = (pair: Pair, reading: Reading, gap: Gap) => boolean;

const RELATIVES = new Set(['which', 'who', 'that', 'whom', 'whose']);
export const POSSESSIVE_PRONOUNS = new Set(['my', 'our', 'his', 'her', 'their', 'its', 'your']);
export const LIST_WORDS = new Set([',', 'and', 'or']);
/** Names of events, which an organisation is never "in" as in a place: "in World War I". */
const EVENT_WORDS =
  /\b(war|cup|games|olympics|championships?|season|league|festival|awards?|prize|expo|summit)\b/i;

export const same = (a: Mention, b: Mention) => a.keys[0] === b.keys[0] && a.type === b.type;

export function retype(mention: Mention, type: Mention['type'] | undefined): void {
  if (type && mention.evidence !== 'strong' && mention.type !== type) {
    mention.type = type;
    mention.evidence = 'weak';
  }
}

/** The words from `from` to `to`, without those of parenthesised asides. */
export function wordsBetween(tokens: Token[], from: number, to: number, hidden: Set<number>): Token[] {
  return tokens.slice(from, to).filter((_, k) => !hidden.has(from + k));
}

/** The words as a relation's raw predicate, without the commas and spaces around them. */
export const rawOf = (words: Token[]) => phrase(words, 0, words.length).replace(/^[,\s"“”]+|[,\s"“”]+$/g, '');

/** Too many words, or a `;` or `:`, between the two: they are in different clauses. */
export const tooFarApart: OpeningRule = ({ between }, reading) => {
  if (between.length > 16 || between.some((t) => [';', ':'].includes(t.text))) {
    reading.previous = undefined;
    return true;
  }
  return false;
};

/**
 * "Ryan Gellert, Patagonia's CEO": the apposition names the role and whose it is. (A target
 * followed by "'s" is read here or not at all.)
 */
export const possessiveApposition: OpeningRule = ({ source, target, between }, { tokens, found }) => {
  if (!["'s", '’s'].includes(tokens[target.end]?.lower ?? '')) return false;
  const role =
    between.length === 1 && between[0]!.text === ','
      ? nounPredicate(tokens[target.end + 1]?.lower ?? '')
      : undefined;
  if (role && role.canonical !== 'located in') {
    retype(source, role.sourceType);
    found.push({
      source,
      target,
      canonical: role.canonical,
      raw: phrase(tokens, target.end, target.end + 2),
      confidence: 0.75,
      end: target.end + 2,
    });
  }
  return true;
};

/**
 * "Nestwell's managing director, Ravi Kapoor": a possessor, its role and the holder are read by
 * the possessive construction (the holder leads Nestwell); "managing" is no verb between them.
 */
export const possessorsRole: OpeningRule = ({ between }) => {
  // (Only a possessive's "'s": "he's moving" is a verb.)
  if (!["'s", '’s'].includes(between[0]?.lower ?? '') || between[0]!.pos === 'AUX') return false;
  const words = between.slice(1).filter((t) => t.text !== ',');
  if (words.length > 0 && words.every((t) => t.text === t.lower && ['NOUN', 'ADJ', 'VERB'].includes(t.pos)))
    return true;
  // "Denys Johnson-Davies's English translation appeared in …": the possessed noun is the verb's
  // subject, not the possessor.
  let k = 0;
  while (
    words[k] &&
    ((['NOUN', 'ADJ'].includes(words[k]!.pos) && words[k]!.text === words[k]!.lower) ||
      isNationalityWord(words[k]!.text))
  )
    k++;
  return k > 0 && words[k] !== undefined && isVerbLike(words[k]!);
};

/**
 * "her husband Callum", "its founder, Yvon Chouinard": the construction reads these. After a verb
 * of the vocabulary the noun phrase is only an aside on the name: "Satyajit Ray married his cousin
 * Bijoya Das" is read from "married" (and the aside by the construction).
 */
export const possessedRole: OpeningRule = (pair) => {
  const at = ownedRole(pair.between);
  if (at < 0) return false;
  const verb = pair.between.slice(0, at);
  // (Only a finite verb right after the first name: in "a nonprofit …, under a structure designed
  // by its founder, X" what was designed is the structure; "…, working with her partner Sven" is
  // said of the sentence's subject.)
  const onlyVerb =
    verb.length <= 4 &&
    verb.some(isVerbLike) &&
    !/ing$/.test(verb[0]!.lower) &&
    !verb.some((t) => ['NOUN', 'PROPN', 'PRON', 'PUNCT'].includes(t.pos));
  if (!onlyVerb || !matchPredicate(verb, pair.source, pair.target)?.known) return true;
  pair.between = verb;
  return false;
};

/**
 * Where the possessive starts, when the words end on a possessive and a role or kinship noun
 * ("… and her husband", "… by its founder,"); -1 otherwise.
 */
function ownedRole(between: Token[]): number {
  let k = between.length - 1;
  if (between[k]?.text === ',') k--;
  if (k < 1 || between[k]!.pos !== 'NOUN') return -1;
  while (k > 0 && ['NOUN', 'ADJ'].includes(between[k]!.pos) && between[k]!.lower === between[k]!.text) k--;
  return POSSESSIVE_PRONOUNS.has(between[k]!.lower) ? k : -1;
}

/**
 * "The Santa Monica, California-based publisher had been headed by …": a description of the
 * latest organisation, which is where the description says, and the subject of the verb after.
 */
export const basedDescription: OpeningRule = (pair, { tokens, chain, discourse, found }) => {
  const { i, source, target, between } = pair;
  if (!(between[0]?.text === '-' && between[1]?.lower === 'based')) return false;
  let n = 2;
  while (between[n]?.pos === 'NOUN' && between[n]!.text === between[n]!.lower && !isVerbLike(between[n]!))
    n++;
  // ("Novo Holdings A/S, the Copenhagen-based investment firm that controls …": the name the
  // apposition follows; else the sentence's organisation before the place; else the latest named.)
  const place0 = i > 0 && chain[i - 1]!.type === 'location' ? i - 1 : i;
  const before = chain[place0 - 1];
  const appositive =
    before &&
    ['the', 'a', 'an'].includes(tokens[chain[place0]!.start - 1]?.lower ?? '') &&
    tokens[chain[place0]!.start - 2]?.text === ','
      ? before
      : undefined;
  const earlier = [...chain.slice(0, place0)].reverse().find((m) => m.type === 'organization');
  const described =
    source.type === 'location' && n > 2 && n < between.length
      ? (appositive ?? earlier ?? discourse.latest('organization'))
      : undefined;
  if (!described || same(described, target)) return true;
  const place =
    i > 0 && chain[i - 1]!.type === 'location' && phrase(tokens, chain[i - 1]!.end, source.start) === ','
      ? chain[i - 1]!
      : source;
  found.push({
    source: described,
    target: place,
    canonical: 'located in',
    raw: 'based in',
    confidence: 0.7,
    end: source.end,
  });
  pair.source = described;
  pair.between = between.slice(n);
  return false;
};

/** Words that close a clause ("when", "because", …) end the pairing; "after 1945", "since 2010" do not. */
export const clauseBreak: OpeningRule = ({ between }, reading) => {
  // ("before 1990" is a date; "before joining the institute" goes on with the clause's subject.)
  const breaks = (t: Token, b: number) =>
    CLAUSE_BREAKS.has(t.lower) && between[b + 1]?.pos !== 'NUM' && !opensGerund(between, b);
  if (between.some(breaks)) {
    reading.previous = undefined;
    return true;
  }
  return false;
};

/** ", which is based in", "who", "that": the clause is about the entity before it. */
export function withoutRelative(between: Token[]): Token[] {
  let k = 0;
  while (k < between.length && (between[k]!.text === ',' || RELATIVES.has(between[k]!.lower))) k++;
  return k > 0 && between.slice(0, k).some((t) => RELATIVES.has(t.lower)) ? between.slice(k) : between;
}

export function gapOf({ source, target, between }: Pair): Gap {
  const noVerb = !between.some(isVerbLike);
  // "Marco Bellini, a project manager at Ferrolab", "Priya Raman here, office manager at …".
  const apposition = noVerb && between.find((t) => t.pos !== 'ADV')?.text === ',' && !same(source, target);
  // "… by the Patagonia Purpose Trust and the Holdfast Collective": articles do not end a list.
  // (Between two names the lexicon knows: "The Old Man and the Sea" is one title.)
  const typed = source.evidence !== 'none' && target.evidence !== 'none';
  const listed = between.filter((t) => !typed || t.pos !== 'DET');
  const listOnly = listed.length > 0 && listed.every((t) => LIST_WORDS.has(t.lower));
  return { noVerb, apposition, listed, listOnly };
}

/**
 * "Austin, Texas": a place, then the region it is in (unless the comma is a list's); and
 * "Newnham College, Cambridge": an organisation, then where it is.
 */
export const placeAndRegion: PairRule = ({ i, source, target, between }, { tokens, chain, found }) => {
  if (
    between.length === 1 &&
    between[0]!.text === ',' &&
    (source.type === 'location' || source.type === 'organization') &&
    target.type === 'location'
  ) {
    const rest = tokens.slice(target.end, chain[i + 2]?.start ?? target.end);
    // ("Paris, France and Berlin": a list of places; "Lagos, Nigeria, and the appointment of …" is not.)
    const listGoesOn = rest.some(
      (t, r) =>
        (t.lower === 'and' || t.lower === 'or') &&
        !rest.slice(r + 1).some(isVerbLike) &&
        /^\p{Lu}/u.test(rest[r + 1]?.text ?? ''),
    );
    if (!listGoesOn && lexicon().classOf(source.keys[0]!) !== 'region') {
      found.push({
        source,
        target,
        canonical: 'located in',
        raw: 'located in',
        confidence: 0.75,
        end: target.start,
      });
      return true;
    }
  }
  return false;
};

/**
 * "Priya Raman from Northwind reported …": someone from an organisation works there; "Aiko Sato
 * of the Atlas QA team", "Filipe Carvalho of Hospitality Systems Iberia Lda": someone of one too
 * (a member of a team).
 */
export const memberFrom: PairRule = ({ i, source, target, between }, { tokens, chain, found }) => {
  const of =
    between[0]?.lower === 'of' &&
    (between.length === 1 || (between.length === 2 && between[1]!.lower === 'the'));
  if (of && source.type === 'person' && target.type === 'organization' && source.start === chain[i]!.start) {
    const canonical = isTeam(target) ? 'member of' : 'works at';
    found.push({ source, target, canonical, raw: rawOf(between), confidence: 0.65, end: target.start });
    return true;
  }
  if (
    between.length === 1 &&
    between[0]!.lower === 'from' &&
    source.start === chain[i]!.start &&
    ((source.type === 'person' && target.type === 'organization') ||
      ((source.type === 'person' || (source.evidence === 'none' && source.keys[0]!.includes(' '))) &&
        target.evidence === 'none' &&
        isVerbLike(tokens[target.end] ?? between[0]!)))
  ) {
    retype(source, 'person');
    retype(target, 'organization');
    const canonical = isTeam(target) ? 'member of' : 'works at';
    found.push({ source, target, canonical, raw: 'from', confidence: 0.6, end: target.start });
    return true;
  }
  return false;
};

/** Dashes that open a signature. */
const DASHES = new Set(['—', '–', '--', '-']);

/**
 * "— Julien Faure, Faure & Fils": a signature, the writer then the organisation they write for.
 * (A line of names with no verb, opened by a dash or by the name.)
 */
export const signedAffiliation: PairRule = ({ source, target, between }, { tokens, found }) => {
  const signs = source.start === 0 || DASHES.has(tokens[source.start - 1]?.text ?? '');
  if (
    between.length === 1 &&
    between[0]!.text === ',' &&
    signs &&
    source.type === 'person' &&
    target.type === 'organization' &&
    !tokens.slice(target.end).some((t) => /\p{L}/u.test(t.text)) &&
    !tokens.slice(source.start).some(isVerbLike)
  ) {
    found.push({ source, target, canonical: 'works at', raw: ',', confidence: 0.6, end: target.end });
    return true;
  }
  return false;
};

/** Whether "at" (or "at the") comes right before a mention. */
function atName(tokens: Token[], mention: Mention): boolean {
  const before = tokens[mention.start - 1]?.pos === 'DET' ? mention.start - 2 : mention.start - 1;
  return tokens[before]?.lower === 'at';
}

/** "Nintendo in Kyoto": an organisation, then where it is (a name nothing typed is a place there). */
export const organisationIn: PairRule = ({ source, target, between }, { tokens, found }) => {
  if (
    between.length === 1 &&
    between[0]!.lower === 'in' &&
    (source.type === 'organization' ||
      // ("The Burj Khalifa in Dubai": a landmark named with "the", not "Users in Madrid".)
      ((source.evidence === 'none' || source.type === 'location') &&
        tokens[source.start - 1]?.pos === 'DET' &&
        target.type === 'location' &&
        target.evidence === 'strong') ||
      // ("cooked at Maison Dubreuil in Lyon", "premiered at the Film Festival of Kerala in
      // Thiruvananthapuram": a name one is at, then a place.)
      (source.evidence === 'none' && target.type === 'location' && atName(tokens, source))) &&
    (target.type === 'location' || (target.evidence === 'none' && !EVENT_WORDS.test(target.name)))
  ) {
    retype(target, 'location');
    found.push({ source, target, canonical: 'located in', raw: 'in', confidence: 0.7, end: target.start });
    return true;
  }
  return false;
};

/** "Shopify, the Ottawa-based e-commerce platform": where it is. */
export const basedInApposition: PairRule = ({ source, target, between }, { tokens, found }) => {
  if (
    between.length === 2 &&
    between[0]!.text === ',' &&
    between[1]!.pos === 'DET' &&
    tokens[target.end]?.text === '-' &&
    tokens[target.end + 1]?.lower === 'based'
  ) {
    retype(target, 'location');
    found.push({
      source,
      target,
      canonical: 'located in',
      raw: 'based in',
      confidence: 0.7,
      end: target.end,
    });
    return true;
  }
  return false;
};

/** "Lake Baikal, in southern Siberia, …": where it is (a country is not in a province). */
export const placeAside: PairRule = ({ source, target, between }, { found }) => {
  const inPlace = between.filter((t) => t.text !== ',' && !(t.pos === 'ADJ' && t.lower === t.text));
  if (
    between[0]?.text === ',' &&
    inPlace.length === 1 &&
    inPlace[0]!.lower === 'in' &&
    (target.type === 'location' || target.evidence === 'none') &&
    source.type !== 'person' &&
    lexicon().classOf(source.keys[0]!) !== 'region' &&
    !EVENT_WORDS.test(target.name)
  ) {
    retype(target, 'location');
    found.push({ source, target, canonical: 'located in', raw: 'in', confidence: 0.7, end: target.start });
    return true;
  }
  return false;
};

/**
 * Words with no verb, no "be" and no apposition say nothing about the pair. ("I'm on a Pixel 7":
 * wink reads "I'm" as one word, which holds the "be".)
 */
export const nothingToRead: PairRule = ({ source, between }, { tokens }, { noVerb, apposition }) =>
  noVerb &&
  !between.some((t) => t.lemma === 'be') &&
  !/^i['’]m$/i.test(tokens[source.end - 1]?.text ?? '') &&
  !apposition &&
  // ("Farid's new house in Mississauga": a home of one's own says where one lives.)
  !(/^['’]s$/.test(between[0]?.lower ?? '') && between.some((t) => HOMES.has(t.lower)));

/** Nouns for one's home. */
const HOMES = new Set(['house', 'flat', 'apartment', 'home', 'place']);
