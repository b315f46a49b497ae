import { COMPANY_SITES, HOMES, WORK_SPELLS } from './name-words';
import { Discourse } from './discourse';
import { Mention } from './mentions';
import { isVerbLike } from './predicates';
import type { SentenceRelation } from './relations';
import { phrase, Token } from './sentences';

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
 * Words with no verb, no "be" and no apposition say nothing about the pair. ("I'm on a Pixel 7":
 * wink reads "I'm" as one word, which holds the "be".)
 */
export const nothingToRead: PairRule = ({ source, between }, { tokens }, { noVerb, apposition }) =>
  noVerb &&
  !between.some((t) => t.lemma === 'be') &&
  // ("has a PhD from Yale": "have" before an article is the sentence's verb.)
  !between.some((t, k) => t.lemma === 'have' && between[k + 1]?.pos === 'DET') &&
  !/^i['’]m$/i.test(tokens[source.end - 1]?.text ?? '') &&
  !apposition &&
  // ("Is Lena still at Stripe?", "Marcus still at the BBC?": "still at" says a job without its verb.)
  !(between[0]?.lower === 'still' && between.length <= 3 && between.some((t) => t.lower === 'at')) &&
  // ("Farid's new house in Mississauga": a home of one's own says where one lives.)
  // (Nor a job of one's own: "How's Kasia's new job at Zalando going?")
  !(
    /^['’]s$/.test(between[0]?.lower ?? '') &&
    between.some((t) => HOMES.has(t.lower) || WORK_SPELLS.includes(t.lower))
  ) &&
  // ("the Sahyadri Analytics office in Hinjewadi": nor does a company's site.)
  !(
    source.type === 'organization' &&
    between.length === 2 &&
    COMPANY_SITES.has(between[0]!.lower) &&
    between[1]!.lower === 'in'
  );
