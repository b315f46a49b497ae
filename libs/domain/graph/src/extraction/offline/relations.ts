import { isOrganizationNoun } from './cues';
import { Aside, asidesOf } from './clauses';
import { chainOf, withPronouns } from './chain';
import { constructionRelations, IN } from './constructions';
import { possessiveRoles, whoseWorks } from './possessives';
import { Discourse } from './discourse';
import { errorCode, errorHitSubject } from './error-relations';
import { Mention } from './mentions';
import { inferredRelations } from './inferred';
import { cofounder, listContinues, secondObject } from './pair-lists';
import { personalName } from './short-names';
import {
  castMember,
  collaboratorsPlace,
  colleague,
  clauseAfterAnd,
  companionOf,
  foundedIn,
  participleClause,
  relativeAgents,
  founderAfterPlace,
  nounAfterAnd,
  roleOfSubject,
  sharedSubject,
} from './pair-continuations';
import {
  basedDescription,
  basedInApposition,
  clauseBreak,
  Gap,
  gapOf,
  memberFrom,
  nothingToRead,
  OpeningRule,
  organisationIn,
  Pair,
  PairRule,
  placeAndRegion,
  placeAside,
  possessedRole,
  possessiveApposition,
  possessorsRole,
  POSSESSIVE_PRONOUNS,
  rawOf,
  Reading,
  retype,
  same,
  signedAffiliation,
  tooFarApart,
  withoutRelative,
  wordsBetween,
} from './pair-rules';
import { movePair } from './pair-sources';
import { parentheticalClauses } from './parentheses';
import { countrysCapital, labelledPlaces } from './places';
import { headerAffiliations } from './signatures';
import { CANONICAL_PREDICATES } from './predicate-rules';
import { isVerbLike, matchPredicate } from './predicates';
import { Sentence, Token } from './sentences';

/** A relation read from one sentence, between two of its mentions (pronouns already resolved). */
export interface SentenceRelation {
  source: Mention;
  target: Mention;
  canonical: string;
  raw: string;
  confidence: number;
  /** Token index where the relation's words end: dates after it attach to the next relation. */
  end: number;
  /** Read against the text's order ("was founded by"): a list after it adds sources, not targets. */
  inverted?: boolean;
}

const IDENTIFIERS = new Set(['email', 'url', 'date']);

/** The rules tried first, in this order: most end the pair early; a "-based" description moves its source. */
const OPENING_RULES: OpeningRule[] = [
  tooFarApart,
  // (Before a possessive's rules: "founded Kuzey Film with her husband, Murat Ören".)
  cofounder,
  possessiveApposition,
  possessorsRole,
  possessedRole,
  basedDescription,
  errorHitSubject,
  errorCode,
  clauseBreak,
];

/** The rules once a relative pronoun is dropped, in the order they are tried; the last always reads. */
const PAIR_RULES: PairRule[] = [
  castMember,
  nounAfterAnd,
  placeAndRegion,
  listContinues,
  secondObject,
  colleague,
  collaboratorsPlace,
  companionOf,
  memberFrom,
  signedAffiliation,
  founderAfterPlace,
  foundedIn,
  organisationIn,
  basedInApposition,
  placeAside,
  roleOfSubject,
  nothingToRead,
  clauseAfterAnd,
  sharedSubject,
  participleClause,
  predicate,
];

/**
 * The relations of one sentence. Each pair of neighbouring mentions is read through the words
 * between them: a predicate of the vocabulary (or a short verb phrase of its own), a list that
 * continues the previous relation ("flows through Brazil, Peru and Colombia"), a second subject
 * ("founded Apple with Steve Wozniak"), a place and its region ("Redmond, Washington"). Words
 * that close a clause (`;`, "when", "because", …) end the pairing.
 */
export function findRelations(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  // A ticket's header says where its writer works ("Ticket #88213 - Priya Raman (Kestrel …):"),
  // known before the sentence's own "we" is read.
  const found: SentenceRelation[] = headerAffiliations(sentence, mentions);
  discourse.rememberAffiliations(found);
  if (!discourse.speaker)
    discourse.writersOrganization ??= found.find((r) => r.canonical === 'works at')?.target;
  const hidden = parenthesised(tokens);
  const visible = withPronouns(sentence, mentions, discourse).filter((m) => !hidden.has(m.start));
  const chain = chainOf(tokens, visible, found);
  const asides = asidesOf(tokens, visible);
  // "Her daughter Joylette …": whom "her" stands for is read before this sentence's subjects count.
  const owned = [...possessiveRoles(sentence, visible, discourse), ...whoseWorks(sentence, visible)];

  const reading: Reading = { tokens, chain, discourse, found, previous: undefined };
  for (let i = 0; i + 1 < chain.length; i++) {
    const pair = pairAt(reading, i, asides, hidden);
    if (pair) readPair(pair, reading);
  }
  found.push(...relativeAgents(tokens, visible, found));
  // After the pairs, which settle the types a construction looks for ("its" is no person).
  // (A parenthesis's subject is the sentence's: "X (born … in Y) is …; he …" is X, not a name inside.)
  const aside = parentheticalClauses(sentence, mentions);
  for (const r of aside) discourse.rememberSubject(r.source);
  found.push(
    ...owned,
    ...constructionRelations(sentence, visible, discourse),
    ...aside,
    ...labelledPlaces(sentence, mentions),
    ...countrysCapital(sentence, mentions),
  );
  return dedupe([...found, ...inferredRelations(tokens, visible, discourse, found)]);
}

/** Parentheses hold asides ("Scott Derrickson (born July 16, 1966) is …"): read around them. */
function parenthesised(tokens: Token[]): Set<number> {
  const hidden = new Set<number>();
  let depth = 0;
  tokens.forEach((t, i) => {
    if (t.text === '(') depth++;
    if (depth > 0) hidden.add(i);
    if (t.text === ')' && depth > 0) depth--;
  });
  return hidden;
}

/** The i-th pair of the chain, its source moved to whom the words are about (none for one entity twice). */
function pairAt(reading: Reading, i: number, asides: Aside[], hidden: Set<number>): Pair | undefined {
  const { tokens, chain } = reading;
  const source = chain[i]!;
  const target = chain[i + 1]!;
  const between = wordsBetween(tokens, source.end, target.start, hidden);
  // One entity twice ("born in Sapporo and still lives there") relates nothing, unless a clause
  // after "and" gives it back to the previous relation's subject (clauseAfterAnd).
  const and = between.findIndex((t) => t.lower === 'and');
  if (same(source, target) && !(reading.previous && and >= 0 && between.slice(and + 1).some(isVerbLike)))
    return undefined;
  const pair: Pair = { i, source, target, between };
  movePair(pair, reading, asides, hidden);
  return pair;
}

/**
 * Tries the rules in order until one reads the pair. Between the two sets a relative pronoun is
 * dropped and the shape of the words is read once, for the rules after it that rewrite the pair.
 */
function readPair(pair: Pair, reading: Reading): void {
  // "Rui and I finally moved to Lisbon" (no speaker named): the name's verb is after "and I".
  const [and, me] = pair.between;
  if (and?.lower === 'and' && /^(?:i|we)$/i.test(me?.text ?? '') && pair.between.slice(2).some(isVerbLike))
    pair.between = pair.between.slice(2);
  for (const rule of OPENING_RULES) if (rule(pair, reading)) return;
  pair.between = withoutRelative(pair.between);
  const gap = gapOf(pair);
  for (const rule of PAIR_RULES) if (rule(pair, reading, gap)) return;
}

/**
 * The words between as a predicate of the vocabulary or a short verb phrase of their own: the
 * relation a list or a second subject after it continues.
 */
function predicate(pair: Pair, reading: Reading, { apposition }: Gap): boolean {
  const { i, source, target, between } = pair;
  const { tokens, chain, discourse, found } = reading;
  const read = tokens[target.start]?.lower === 'there' ? [...between, IN] : between;
  const match = matchPredicate(read, source, target);
  if (!match || (apposition && !match.known)) return true;
  // A verb of its own between an address and a link ("write to x@y.com or see https://…") is an
  // instruction to the reader, not a relation between them.
  if (!match.known && (IDENTIFIERS.has(source.type) || IDENTIFIERS.has(target.type))) return true;
  const [from, to] = match.inverted ? [target, source] : [source, target];
  // The match's types are the relation's own: "was founded by Jan Koum" makes Koum the founder.
  retype(from, match.sourceType);
  retype(to, match.targetType);
  // "Chinua Achebe wrote Things Fall Apart": a work's maker named like a person is one (so that
  // "he" next is Achebe, not the novel).
  // (Unless a company's noun stands before it: "by the Scottish indie band The Glass Harbour".)
  const kindNoun = tokens[from.start - (tokens[from.start - 1]?.text === 'The' ? 2 : 1)];
  if (match.canonical === 'created' && from.evidence === 'none' && personalName(from))
    retype(from, isOrganizationNoun(kindNoun) ? 'organization' : 'person');
  const confidence = (match.known ? 0.85 : 0.55) * (source.start !== chain[i]!.start ? 0.9 : 1);
  const words = stripArticles(rawOf(between)) || match.canonical;
  const previous: SentenceRelation = {
    source: from,
    target: to,
    canonical: match.canonical,
    raw: words,
    confidence,
    end: target.end,
    inverted: match.inverted,
  };
  // ("born in Prowent, a village that is now part of Kórnik, and grew up in Kraków": a relative
  // clause on an apposition is an aside; the clause after it goes on from the relation before.)
  const aside =
    tokens[source.end]?.text === ',' &&
    reading.previous !== undefined &&
    tokens.slice(source.end, target.start).some((t) => ['that', 'which', 'who'].includes(t.lower));
  if (!aside) reading.previous = previous;
  found.push(previous);
  // (A thing is what "it" means next only as the sentence's subject: in "… developed by Fairphone
  // B.V., an Amsterdam-based enterprise. It uses …" "it" is still the phone.)
  // (Nor is a passive's agent: "after being scouted by Renata Alves, then a youth coach at X" does
  // not make her whom "she" means next.)
  const agent = tokens[from.start - 1]?.lower === 'by';
  if (!aside && ((from.type === 'person' && !agent) || from.start === chain[0]!.start))
    discourse.rememberSubject(from);
  // "Tom and his sister Ana moved to Oslo": the first of two joined subjects too.
  const joined = chain[i - 1];
  // (Not through an apposition, which describes the second alone: "Calder Energy and Ørsted, the
  // Danish utility headquartered in Fredericia".)
  const described =
    tokens[source.end]?.text === ',' && ['the', 'a', 'an'].includes(tokens[source.end + 1]?.lower ?? '');
  if (
    joined &&
    !match.inverted &&
    !described &&
    source === chain[i] &&
    joinedSubject(tokens, joined, source)
  ) {
    found.push({ ...previous, source: joined, confidence: 0.7 });
  }
  return true;
}

/** "X and [her partner,] Y": two subjects of one verb. */
function joinedSubject(tokens: Token[], first: Mention, second: Mention): boolean {
  const gap = tokens.slice(first.end, second.start);
  // ("Rui and I finally moved to Lisbon": a name nothing typed joined to the speaker is a person.)
  const withSpeaker =
    first.evidence === 'none' &&
    second.type === 'person' &&
    /^(?:i|we)$/i.test(tokens[second.start]?.text ?? '');
  if (withSpeaker && gap.length === 1 && gap[0]!.lower === 'and') {
    Object.assign(first, { type: 'person', evidence: 'weak' });
    return true;
  }
  return (
    first.type === second.type &&
    gap.some((t) => t.lower === 'and') &&
    gap.every(
      (t) =>
        t.lower === 'and' ||
        t.text === ',' ||
        POSSESSIVE_PRONOUNS.has(t.lower) ||
        (['NOUN', 'ADJ'].includes(t.pos) && t.lower === t.text),
    )
  );
}

const VOCABULARY = new Set<string>(CANONICAL_PREDICATES);

/**
 * One relation per (source, predicate, target): a construction and a pair may read the same one.
 * A verb of no vocabulary between two names a vocabulary relation already joins says nothing
 * more ("we updated CloudNote" beside "uses CloudNote"). A parent's relation is its child's
 * "child of": "her son Pablo" and "Pablo's mother Lena" are one fact read from either end.
 */
export function dedupe(relations: SentenceRelation[]): SentenceRelation[] {
  // (Nobody works at a person: "our DBA, Piotr Nowak" in Mariana's mail is her colleague.)
  const found = relations.map((r) =>
    r.canonical === 'parent of'
      ? { ...r, source: r.target, target: r.source, canonical: 'child of' }
      : r.canonical === 'works at' && r.target.type === 'person' && r.source.type === 'person'
        ? { ...r, canonical: 'works with' }
        : r,
  );
  const seen = new Set<string>();
  const pair = (r: SentenceRelation) => [r.source.keys[0], r.target.keys[0]].sort().join('\u0000');
  const known = new Set(found.filter((r) => VOCABULARY.has(r.canonical)).map(pair));
  return found.filter((r) => {
    if (!VOCABULARY.has(r.canonical) && known.has(pair(r))) return false;
    // (No organisation works at another: "headed by Kallio's chief technology officer Eeva Rantanen
    // and Tobishima senior engineer Hiroshi Nakamura" lists people, not Tobishima.)
    if (r.canonical === 'works at' && r.source.type === 'organization' && r.source.evidence !== 'none')
      return false;
    const key = JSON.stringify([r.source.keys[0], r.canonical, r.target.keys[0]]);
    if (seen.has(key) || r.source.keys[0] === r.target.keys[0]) return false;
    seen.add(key);
    return true;
  });
}

function stripArticles(raw: string): string {
  return raw.replace(/\s+(the|a|an|its|his|her|their)$/i, '').trim();
}
