import { Aside, asidesOf } from './clauses';
import { chainOf, withPronouns } from './chain';
import { constructionRelations } from './constructions';
import { bracketedLead } from './group-relations';
import { possessiveRoles } from './possessives';
import { whoseWorks } from './whose-works';
import { Discourse } from './discourse';
import { causeOfQualifiedError, errorCode, errorHitSubject } from './error-relations';
import { Mention } from './mentions';
import { inferredRelations } from './inferred';
import { lexicon } from './lexicon';
import { cofounder, listContinues, secondObject } from './pair-lists';
import {
  clauseAfterAnd,
  nounAfterAnd,
  participleClause,
  purposeClause,
  sharedSubject,
} from './pair-clause-continuations';
import {
  castMember,
  collaboratorsPlace,
  colleague,
  companionOf,
  foundedIn,
  relativeAgents,
  founderAfterPlace,
  roleOfSubject,
} from './pair-continuations';
import { affiliatedSubject, formerlyAt, memberFrom, signedAffiliation } from './pair-affiliation-rules';
import {
  basedDescription,
  clauseBreak,
  possessedRole,
  possessiveApposition,
  possessorsRole,
  tooFarApart,
} from './pair-opening-rules';
import {
  basedInApposition,
  organisationIn,
  placeAndRegion,
  organisationFrom,
  organisationOf,
  placeAside,
  relativeIn,
} from './pair-place-rules';
import { predicate } from './pair-predicate';
import {
  gapOf,
  nothingToRead,
  OpeningRule,
  Pair,
  PairRule,
  Reading,
  same,
  withoutRelative,
  wordsBetween,
} from './pair-rules';
import { movePair } from './pair-sources';
import { parentheticalClauses } from './parentheses';
import { productLine, usedAlongside } from './product-lines';
import { countrysCapital, labelledPlaces } from './places';
import { SITES } from './name-words';
import { headerAffiliations, signOffPlace, unitsInBrackets } from './signatures';
import { isHeadsTeam, isTeam } from './teams';
import { isTownName } from './towns';
import { ticketFields, typeCustomer } from './ticket-fields';
import { isCanonical } from './predicate-rules';
import { isVerbLike } from './predicates';
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
  causeOfQualifiedError,
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
  affiliatedSubject,
  signedAffiliation,
  formerlyAt,
  founderAfterPlace,
  foundedIn,
  relativeIn,
  organisationIn,
  basedInApposition,
  placeAside,
  organisationFrom,
  organisationOf,
  roleOfSubject,
  nothingToRead,
  clauseAfterAnd,
  purposeClause,
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
  typeCustomer(mentions, discourse.ticket);
  // A ticket's header says where its writer works ("Ticket #88213 - Priya Raman (Kestrel …):"),
  // known before the sentence's own "we" is read.
  const found: SentenceRelation[] = [
    ...headerAffiliations(sentence, mentions),
    ...signOffPlace(sentence, mentions),
    ...unitsInBrackets(sentence, mentions),
  ];
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
    // (Inside the brackets an aside hides from the pairs: read with every mention.)
    ...bracketedLead(sentence, mentions),
    ...countrysCapital(sentence, mentions),
  );
  found.push(
    ...usedAlongside(sentence, visible, found),
    ...productLine(sentence, mentions, discourse),
    ...ticketFields(sentence, mentions, discourse.ticket, found),
  );
  return dedupe(
    [...firmsMovedTo(found), ...inferredRelations(tokens, visible, discourse, found)]
      .map(headsTeamEmployer(tokens, visible))
      .map(teamMembership)
      .map(ensembleMembership(discourse)),
  );
}

/**
 * "she moved to Adyen in Amsterdam": a name one moves to that is itself in a town is a firm one
 * joined, not a place one lives in; one lives in its town.
 */
function firmsMovedTo(found: SentenceRelation[]): SentenceRelation[] {
  return found.flatMap((r) => {
    const { target } = r;
    if (
      r.canonical !== 'lives in' ||
      !/\bmov(?:e|ed|es|ing) to$/i.test(r.raw) ||
      target.type !== 'location' ||
      target.evidence !== 'weak' ||
      lexicon().classOf(target.keys[0]!) ||
      isTownName(target.keys[0]!)
    )
      return [r];
    const town = found.find(
      (o) => o.canonical === 'located in' && o.source === target && o.target.evidence === 'strong',
    );
    if (!town) return [r];
    Object.assign(target, { type: 'organization', evidence: 'weak' });
    return [
      { ...r, canonical: 'works at' },
      { ...r, target: town.target, confidence: 0.6 },
    ];
  });
}

/**
 * "Raman will join Brightwater's executive team as CTO": one joins the firm whose team of heads it
 * is, and works there; the team, no name, is no group of its own.
 */
function headsTeamEmployer(
  tokens: Token[],
  mentions: Mention[],
): (relation: SentenceRelation) => SentenceRelation {
  return (relation) => {
    const { target } = relation;
    if (
      (relation.canonical !== 'member of' && relation.canonical !== 'works at') ||
      target.name !== target.name.toLowerCase() ||
      !isHeadsTeam(target)
    )
      return relation;
    if (!/^['’]s$/.test(tokens[target.start - 1]?.lower ?? '')) return relation;
    const firm = mentions.find((m) => m.end === target.start - 1);
    if (!firm || firm.type === 'person' || firm.type === 'location' || firm.type === 'date') return relation;
    return { ...relation, target: firm, canonical: 'works at' };
  };
}

/** "Ana Ferreira (Platform team)": one is a member of a team, not employed by it. */
function teamMembership(relation: SentenceRelation): SentenceRelation {
  return relation.canonical === 'works at' && isTeam(relation.target)
    ? { ...relation, canonical: 'member of' }
    : relation;
}

/**
 * Nouns for a group one plays in, not works at: "the Chilean indie band Los Sinsontes" (not
 * "group", a firm's word too).
 */
const ENSEMBLES = ['band', 'quartet', 'trio', 'duo', 'ensemble', 'choir', 'orchestra', 'club'];

/**
 * "Drummer Pablo Iturra left Los Sinsontes in 2018" after "the indie band Los Sinsontes": one
 * works at a firm but is a member of a band the text introduced as one.
 */
function ensembleMembership(discourse: Discourse): (relation: SentenceRelation) => SentenceRelation {
  const ensembles = new Set(ENSEMBLES.flatMap((noun) => discourse.ofKind(noun)?.keys[0] ?? []));
  return (relation) =>
    relation.canonical === 'works at' && ensembles.has(relation.target.keys[0]!)
      ? { ...relation, canonical: 'member of' }
      : relation;
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
  // ("Te Roroa, an iwi whose lead negotiator …, Hōne Tipene": the words are about the "whose" noun,
  // which whose-works.ts reads; but "CERN, whose main campus sits in Meyrin" is where CERN is.)
  const whose = pair.between.findIndex((t) => t.lower === 'whose');
  if (whose >= 0 && !pair.between.slice(whose + 1, whose + 4).some((t) => SITES.has(t.lower))) return;
  // "Rui and I finally moved to Lisbon" (no speaker named): the name's verb is after "and I".
  const [and, me] = pair.between;
  if (and?.lower === 'and' && /^(?:i|we)$/i.test(me?.text ?? '') && pair.between.slice(2).some(isVerbLike))
    pair.between = pair.between.slice(2);
  for (const rule of OPENING_RULES) if (rule(pair, reading)) return;
  pair.between = withoutRelative(pair.between);
  const gap = gapOf(pair);
  for (const rule of PAIR_RULES) if (rule(pair, reading, gap)) return;
}

/** "runs a field station on", "ran the façade team on": a thing run, and where. */
const RUNS_A_THING_ON = /\b(?:run|runs|ran|running)\s+(?:a|an|the|its|their|his|her)\s.*\bon$/iu;
/** "my boss Kato", "Irakli's boss Levan": one's boss leads a company and works with whom they employ. */
const BOSS = /^(?:my|your|his|her|our|their|['’]s)\s(?:.*\s)?(?:boss|manager|supervisor|ceo|lead)$/i;

/** A modal or an infinitive's "to" before "open": an opening yet to come. */
const YET_TO_OPEN =
  /\b(?:will|would|could|may|might|shall|should|to)\s+(?:\p{L}+ly\s+)?open\b|['’]ll\s+open\b/iu;

/** A relation as the vocabulary writes it, where what was read says it another way. */
function recast(r: SentenceRelation): SentenceRelation {
  const people = r.source.type === 'person' && r.target.type === 'person';
  if (r.canonical === 'parent of') return { ...r, source: r.target, target: r.source, canonical: 'child of' };
  // (Nobody works at a person: "our DBA, Piotr Nowak" in Mariana's mail is her colleague.)
  if (r.canonical === 'works at' && people) return { ...r, canonical: 'works with' };
  // ("my boss Kato": a colleague, read from the one who has the boss, as annotators write it.)
  if (r.canonical === 'leads' && people && BOSS.test(r.raw))
    return { ...r, source: r.target, target: r.source, canonical: 'works with' };
  // (A person is not "located" somewhere: "the Linz printer Anton Vogl" lives there.)
  if (r.canonical === 'located in' && surePerson(r.source)) return { ...r, canonical: 'lives in' };
  return r;
}

/**
 * One relation per (source, predicate, target): a construction and a pair may read the same one.
 * A verb of no vocabulary between two names a vocabulary relation already joins says nothing
 * more ("we updated CloudNote" beside "uses CloudNote"). A parent's relation is its child's
 * "child of": "her son Pablo" and "Pablo's mother Lena" are one fact read from either end.
 */
export function dedupe(relations: SentenceRelation[]): SentenceRelation[] {
  const found = relations.map(recast);
  const seen = new Set<string>();
  const pair = (r: SentenceRelation) => [r.source.keys[0], r.target.keys[0]].sort().join('\u0000');
  const known = new Set(found.filter((r) => isCanonical(r.canonical)).map(pair));
  return found.filter((r) => {
    if (!isCanonical(r.canonical) && known.has(pair(r))) return false;
    // ("plans to open an office in Nairobi", "would open a sales office in Vienna": an opening yet
    // to come says nothing of where one is, though the clause is read on through it.)
    if (r.canonical === 'located in' && YET_TO_OPEN.test(r.raw)) return false;
    // ("runs a field station on the Hel Peninsula": "on" says where the station is, not what runs it.)
    // (But "runs its dispatch engine on AWS" is what the engine runs on.)
    if (
      r.canonical === 'uses' &&
      RUNS_A_THING_ON.test(r.raw) &&
      r.target.type !== 'product' &&
      !/^[A-Z]{2,}$/.test(r.target.name)
    )
      return false;
    // (No organisation works at another: "headed by Kallio's chief technology officer Eeva Rantanen
    // and Tobishima senior engineer Hiroshi Nakamura" lists people, not Tobishima.)
    if (r.canonical === 'works at' && r.source.type === 'organization' && r.source.evidence !== 'none')
      return false;
    // (No place does what only people do: "Gothenburg, where his mother, Karin Lindqvist, ran the
    // academy" is hers.)
    if (PEOPLES_PREDICATES.has(r.canonical) && r.source.type === 'location' && r.source.evidence === 'strong')
      return false;
    // (No country is in a town: "the national museum of the Netherlands, located in Amsterdam" is
    // the museum's place.)
    if (
      r.canonical === 'located in' &&
      placeClass(r.source) === 'region' &&
      placeClass(r.target) === 'location'
    )
      return false;
    // ("E-2207 … caused by a bug", "the crash affects customers": a bare common noun names nothing.)
    if (vague(r.source) || vague(r.target)) return false;
    const key = JSON.stringify([r.source.keys[0], r.canonical, r.target.keys[0]]);
    if (seen.has(key) || r.source.keys[0] === r.target.keys[0]) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One lower-case word for a trouble or a crowd, which names nothing: as a relation's end, 45 of
 * the 49 such relations read in the annotated texts were wrong (an "outage", a "freeze" or a
 * "delay" is right more often, and stays; docs/benchmarks.md, session 37).
 */
const VAGUE_WORDS = new Set([
  'error',
  'errors',
  'crash',
  'crashes',
  'failure',
  'failures',
  'bug',
  'bugs',
  'issue',
  'issues',
  'problem',
  'problems',
  'fault',
  'mismatch',
  'timeout',
  'timeouts',
  'segfault',
  'regression',
  'customers',
  'users',
  'merchants',
  'agents',
  'players',
  'units',
]);
const vague = (m: Mention): boolean => VAGUE_WORDS.has(m.name);

/** Predicates whose source is a person, never a place. */
const PEOPLES_PREDICATES = new Set([
  'leads',
  'works at',
  'studied at',
  'married to',
  'child of',
  'sibling of',
  'friend of',
  'works with',
]);

/** A person by the lexicon, or by a first name with a surname ("Anton Vogl"; not "SolarPeak", which a guess typed). */
const surePerson = (m: Mention): boolean =>
  m.type === 'person' && (m.evidence === 'strong' || (m.evidence === 'weak' && m.name.includes(' ')));

/** What the lexicon holds a place's name as: a country or region, or a town. */
const placeClass = (m: Mention) => (m.type === 'location' ? lexicon().classOf(m.keys[0]!) : undefined);
