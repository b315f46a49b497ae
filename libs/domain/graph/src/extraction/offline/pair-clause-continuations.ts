import { Pair, Reading, same } from './pair-rules';
import { isVerbLike, matchPredicate } from './predicates';
import { opensGerund } from './predicate-verbs';
import { Token } from './sentences';

// Pair rules that carry a clause's subject on to the pair after it: "and", a comma, a participle, "and the".

/** Pronouns that open a clause of their own as its subject. */
const SUBJECTS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they', 'there', 'this', 'that', 'who']);

/** "is", "was": a copula. */
const isCopula = (t: Token) => t.pos === 'AUX' && t.lemma === 'be';

/**
 * "… in 1943 and later worked at …", "born in Sapporo and still lives there": the clause after
 * "and" keeps the subject of the one before.
 */
export function clauseAfterAnd(pair: Pair, { previous }: Reading): boolean {
  const { source, between } = pair;
  const and = between.findIndex((t) => t.lower === 'and');
  // ("and was a professor at": a copula makes a clause too.)
  const clause = (t: Token) => isVerbLike(t) || isCopula(t);
  const previousSubject = previous && (previous.inverted ? previous.target : previous.source);
  if (
    and >= 0 &&
    !between.slice(0, and).some(isVerbLike) &&
    between.slice(and + 1).some(clause) &&
    // ("is owned by the University of Zaragoza and is a member of …": the name the previous clause
    // ended on, its agent when it was passive.)
    (between.slice(and + 1).some(isVerbLike) ||
      same((previous?.inverted ? previous.source : previous?.target) ?? source, source))
  ) {
    // ("Priya Raghunathan was a biologist and the first woman to lead …", "is a teacher and lives
    // in Pune": after the name's own "was …", the clause after "and" is the name's too.)
    const described =
      between.findIndex((t) => t.pos !== 'ADV') === between.findIndex(isCopula) &&
      between.slice(0, and).some(isCopula);
    // (Not past a subject of the clause's own: "is the captain, and since 2015 the club has been
    // owned by …".)
    const rest = between.slice(and + 1);
    const ownSubject = rest.some(
      (t, k) =>
        (t.pos === 'PRON' && SUBJECTS.has(t.lower)) ||
        (['NOUN', 'PROPN'].includes(t.pos) &&
          (rest[k + 1]?.pos === 'AUX' || (rest[k + 1]?.pos === 'VERB' && rest[k - 1]?.pos === 'DET'))),
    );
    if (described && !ownSubject) {
      pair.between = rest.filter((t) => t.pos !== 'ADV');
      return same(pair.source, pair.target);
    }
    if (!previousSubject || same(previousSubject, pair.target)) return true;
    pair.source = previousSubject;
    pair.between = between.slice(and + 1).filter((t) => t.pos !== 'ADV');
  } else if (
    and >= 0 &&
    between.slice(and + 1).some(isVerbLike) &&
    !between
      .slice(0, and)
      .filter((t) => t.text !== ',')
      .slice(-1)
      .some(isVerbLike) &&
    // (A subject of its own opens another clause: "and she joined"; not "by her son".)
    !between.slice(and + 1).some((t) => t.pos === 'PRON' && SUBJECTS.has(t.lower))
  ) {
    // "He trained at the flight school and joined the Air Force": the last verb is the target's
    // (but "developed, designed, and marketed by" share theirs).
    pair.between = between.slice(and + 1).filter((t) => t.pos !== 'ADV');
  }
  // (One entity twice, its clause not given back to a subject, relates nothing.)
  return same(pair.source, pair.target);
}

/**
 * "she was born in Madurai, trained at Christian Medical College …", "was elected mayor of Thiès,
 * succeeding Abdou Ndiaye": a verb right after a comma that a place (or a thing a person's verb
 * cannot have as subject) ends continues the person's clause before it.
 */
export function sharedSubject(pair: Pair, { previous, chain, tokens }: Reading): boolean {
  const { source, target, between } = pair;
  // (Past a phrase of the object's own: "signed her first contract with Sport Recife at seventeen,
  // moved to Olympique Lyonnais".)
  // (Only with no relation read before: one read continues from its own subject.)
  const comma = between.findIndex((t) => t.text === ',');
  // (An adverb alone before the comma is the clause's own: "is a pilot for Iberia now, lives in …".)
  const adverbs = between.slice(0, comma).every((t) => t.pos === 'ADV');
  if (comma < 0 || (comma > 0 && previous !== undefined && !adverbs)) return false;
  if (between.slice(0, comma).some((t) => isVerbLike(t) || t.pos === 'AUX')) return false;
  const rest = between.slice(comma + 1).filter((t) => t.pos !== 'ADV');
  if (!rest[0] || !isVerbLike(rest[0])) return false;
  // (With no relation read before, the person opening the sentence, when the name before the comma
  // is a verb's or a preposition's object: "She signed … with Sport Recife, moved to …".)
  // (Not a participle, which participleClause reads: "will become our VP of Engineering, succeeding …".)
  const first = chain[0]!;
  const opening =
    first.start === 0 && first !== source && first.type === 'person' && first.evidence !== 'none'
      ? first
      : undefined;
  const objectOf =
    ['ADP', 'VERB'].includes(tokens[source.start - 1]?.pos ?? '') && !/ing$/.test(rest[0].lower);
  const subject = previous
    ? previous.inverted
      ? previous.target
      : previous.source
    : objectOf
      ? opening
      : undefined;
  if (!subject || subject.type !== 'person' || source.type === 'person' || same(subject, target))
    return false;
  const match = matchPredicate(rest, subject, target);
  if (!match?.known || match.inverted) return false;
  if (source.type !== 'location' && match.sourceType !== 'person') return false;
  pair.source = subject;
  pair.between = rest;
  return false;
}

/**
 * "named Siobhan Mulcahy as managing partner, succeeding Geoffrey Hartwell": a participle after a
 * comma opens a clause of its own, whose subject is the name before it; only its words relate the pair.
 */
export function participleClause(pair: Pair, { previous, chain, tokens }: Reading): boolean {
  const { source, target, between } = pair;
  // (Or "studied at the University of Oslo before joining the Institute of Marine Research": a
  // participle after "before", "after", "since" or "upon" is the clause's too.)
  const timed = between.findIndex((_, k) => opensGerund(between, k));
  const split = timed >= 0 ? timed : between.map((t) => t.text).lastIndexOf(',');
  if (split < 0 && timed < 0) return false;
  // (Right after the name: ", heading its Department of …".)
  const bare = split === 0 && timed < 0;
  const rest = between.slice(split + 1).filter((t) => t.pos !== 'ADV');
  // (Only a participle of the vocabulary: ", including X" or ", defeating X" relates nothing.)
  if (!rest[0] || !/ing$/.test(rest[0].lower) || !isVerbLike(rest[0])) return false;
  // "Halima Sow was elected mayor of Thiès in 2014, succeeding Abdou Ndiaye", "joined the institute
  // in 2011, succeeding Malcolm Dyer": a person's verb after a place or a thing is the sentence's
  // person's.
  // ("I'm pleased to share that Fatima Benali will take over …, succeeding Marco Ferretti": the
  // reported clause's person, not its reporter.)
  const reported = tokens
    .slice(0, source.start)
    .map((t) => t.lower)
    .lastIndexOf('that');
  const subject =
    source.type === 'person'
      ? undefined
      : previous && !previous.inverted && previous.source.type === 'person'
        ? previous.source
        : chain.find((m) => m.type === 'person' && m.end <= source.start && m.start > reported);
  // ("Error E-4021 after upgrading to CloudVault 7.2": a thing does not act before or after.)
  if (timed >= 0 && !subject && source.type !== 'person' && source.type !== 'organization') return true;
  const match = matchPredicate(rest, source, target);
  const personal = subject && !same(subject, target) ? matchPredicate(rest, subject, target) : undefined;
  // ("worked at the Karolinska Institute in Stockholm, heading its Department of …": who heads is
  // the clause's person, not the place they worked at; other participles there keep the name.)
  if (bare) {
    // (The person named last before it as a subject, its verb right after it: "he worked at …".
    // A name nothing typed yet, "…, but Kwame made his name in Accra, captaining …", is left alone:
    // taking it moved whom a later "he" means.)
    const nearest = [...chain]
      .reverse()
      .find(
        (m) =>
          m.type === 'person' &&
          m.end <= source.start &&
          (isVerbLike(tokens[m.end]!) || tokens[m.end]?.pos === 'AUX'),
      );
    if (nearest && !same(nearest, target) && match?.canonical === 'leads' && source.type !== 'person') {
      pair.between = rest;
      pair.source = nearest;
    }
    return false;
  }
  if (!match?.known && !(personal?.known && personal.sourceType === 'person')) return false;
  pair.between = rest;
  // (And where the person's reading is a person's predicate: "chief economist of the World Bank
  // from 2016, succeeding Kaushik Basu" is the economist's succession, not the bank's.)
  if (
    subject &&
    !same(subject, target) &&
    (timed >= 0 || match?.sourceType === 'person' || !match?.known || personal?.sourceType === 'person')
  )
    pair.source = subject;
  return false;
}

/**
 * "Gjirokastër is a city in southern Albania and the capital of Gjirokastër County": a noun after
 * "and the" continues the copula of the relation before, whose subject it describes.
 */
export function nounAfterAnd(pair: Pair, { previous }: Reading): boolean {
  const { source, between } = pair;
  if (between[0]?.lower !== 'and' || between[1]?.pos !== 'DET') return false;
  const rest = between.slice(1);
  if (rest.some((t) => isVerbLike(t) || t.text === ',')) return false;
  // (A noun right before the name only says what it is: "the son of Grace Obi and the civil
  // engineer Samuel Adeyemi" lists a second parent.)
  if (rest[rest.length - 1]?.pos === 'NOUN' && pair.target.type === 'person') return false;
  const copula = previous && /^(?:is|was|are|were)\b/.test(previous.raw);
  if (!previous || !copula || previous.inverted || !same(previous.target, source)) return false;
  pair.source = previous.source;
  pair.between = [IS, ...rest];
  return false;
}

/** The copula a noun after "and the" stands after. */
const IS: Token = { text: 'is', lower: 'is', pos: 'AUX', lemma: 'be', kind: 'word', space: ' ', stop: true };

/**
 * "Pablo Iturra left Los Sinsontes in 2018 to join the group Casa Verde": an infinitive of purpose
 * after the previous relation's object is its subject's; only its words relate the pair.
 */
export function purposeClause(pair: Pair, { previous }: Reading): boolean {
  const { source, between } = pair;
  const to = between.findIndex((t, k) => t.lower === 'to' && between[k + 1]?.pos === 'VERB');
  if (to < 0 || !previous) return false;
  const verb = between[to + 1]!;
  // ("to found Shea & Stone": the tagger takes "found" for "find"'s past; after "to" it is the base.)
  if (verb.lower !== verb.lemma && verb.lower !== 'found') return false;
  // (Only a time or a place between: "in 2018", "last year".)
  if (
    between.slice(0, to).some((t) => isVerbLike(t) || t.pos === 'AUX' || t.pos === 'PRON' || t.text === ',')
  )
    return false;
  const surfaceObject = previous.inverted ? previous.source : previous.target;
  const subject = previous.inverted ? previous.target : previous.source;
  if (!same(surfaceObject, source) || subject.type !== 'person' || same(subject, pair.target)) return false;
  pair.source = subject;
  pair.between = between.slice(to + 1);
  return false;
}
