import { Discourse } from './discourse';
import { isNationalityWord } from './lexicon';
import { Mention } from './mentions';
import { isVerbLike, matchPredicate } from './predicates';
import { asVerb } from './predicate-verbs';
import { CLAUSE_BREAKS } from './predicate-words';
import { describedPlaces, ownSiteIn, placedKind, siteIsIn, sitePlaces } from './places';
import { causes, effects } from './causes';
import { objectRelatives } from './object-relatives';
import { ownedProducts } from './products';
import { phraseSubjects } from './noun-phrases';
import { customerUses, platformUses } from './platforms';
import {
  frontedRelation,
  consistsOf,
  groupedNames,
  jointVentures,
  ownWorkplace,
  weAre,
  whoseListed,
} from './group-relations';
import { asTitle, bareTitles, premodifiedTitles, titleIsName } from './nominal-roles';
import { POSSESSIVES, rel } from './owners';
import { personalName } from './short-names';
import { retype } from './pair-rules';
import { SentenceRelation } from './relations';
import { hyphenBased, joinsWords, phrase, Sentence, Token } from './sentences';

/**
 * "Born in Turin in 1909, Rita Levi-Montalcini was …", "Founded in 1413 by Henry Wardlaw, it is …":
 * the opening participle's subject follows its comma (as "A native of Ísafjörður, she …"'s does).
 */
function frontedParticiple(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const first = tokens[0];
  // ("A native of Ísafjörður, she trained …": an opening apposition of birth reads the same way.)
  const native = first?.lower === 'a' && tokens[1]?.lower === 'native' && tokens[2]?.lower === 'of';
  if (!first || (!native && (!isVerbLike(first) || !/(ed|en|wn|rn)$/.test(first.lower)))) return [];
  // The comma that ends the participle's phrase: "Located in Kansas City, Missouri, the …" goes on
  // past a place's region.
  let comma = -1;
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.text !== ',') continue;
    const before = mentions.find((m) => m.end === k);
    const after = mentions.find((m) => m.start === k + 1);
    comma = k;
    if (!(before?.type === 'location' && after?.type === 'location' && tokens[after.end]?.text === ','))
      break;
  }
  // "…, the glaciologist Ingrid Halvorsen spent …": a determiner and what the subject is may
  // stand before the name.
  let opens = comma + 1;
  if (tokens[opens]?.pos === 'DET') {
    opens++;
    while (
      opens < comma + 5 &&
      ['NOUN', 'ADJ'].includes(tokens[opens]?.pos ?? '') &&
      tokens[opens]!.text === tokens[opens]!.lower
    )
      opens++;
  }
  // ("Founded in 2019 by Lukas Brenner, the company makes …": "the company" may stand for the name.)
  // ("Born in Nyeri, the eldest of seven children, she worked …": past an apposition with no name.)
  const aside = tokens.findIndex((t, k) => k > comma + 1 && t.text === ',');
  const described =
    tokens[comma + 1]?.pos === 'DET' &&
    aside > 0 &&
    !tokens.slice(comma + 1, aside).some(isVerbLike) &&
    !mentions.some((m) => m.start > comma && m.start < aside);
  const subject =
    mentions.find((m) => m.start === comma + 1) ??
    mentions.find((m) => m.start === opens) ??
    (described ? mentions.find((m) => m.start === aside + 1) : undefined);
  if (comma < 0 || !subject) return [];
  const out: SentenceRelation[] = [];
  const before = mentions.filter((m) => m.end <= comma);
  for (const [n, target] of before.entries()) {
    // ("by former Flipkart executives Ananya Iyer and …": a name that only qualifies the next.)
    const next = before[n + 1];
    // ("Produced by the Busan-based company Haemil Pictures": a place's "-based" qualifies too.)
    const qualifies =
      next !== undefined &&
      next.start > target.end &&
      tokens
        .slice(target.end, next.start)
        .every(
          (t, k, words) => (t.pos === 'NOUN' && t.text === t.lower) || (k <= 1 && hyphenBased(words, 1)),
        );
    if (qualifies) continue;
    const match = matchPredicate(tokens.slice(0, target.start), subject, target);
    if (!match?.known) continue;
    // "Founded in 1413 by Henry Wardlaw, it is …", "Founded in 2017 by former Flipkart executives
    // Ananya Iyer and Rohit Bansal, PayKaro …": an agent after "by" did it to the subject.
    const byAgent = tokens.slice(1, target.start).some((t) => t.lower === 'by' && t.pos === 'ADP');
    const [from, to] = match.inverted || byAgent ? [target, subject] : [subject, target];
    // ("Born in Eldoret in 1987, Wanjiru Kamau is …": the participle's types are the relation's.)
    retype(from, match.sourceType);
    retype(to, match.targetType);
    out.push(rel(from, to, match.canonical, phrase(tokens, 0, target.start), target.end));
  }
  // "Born in Guadalajara to chef Rosa Ibarra and engineer Tomás Ibarra, Lucía Ibarra …": the
  // parents (who are married, when two are named).
  const to = first.lower === 'born' ? tokens.findIndex((t, k) => k < comma && t.lower === 'to') : -1;
  if (to > 0) {
    const parents = before.filter(
      (m) => m.start > to && (m.type === 'person' || (m.evidence === 'none' && personalName(m))),
    );
    for (const parent of parents) {
      if (parent.type !== 'person') Object.assign(parent, { type: 'person', evidence: 'weak' });
      out.push(rel(subject, parent, 'child of', phrase(tokens, 0, to + 1), parent.end, 0.6));
    }
    if (parents.length === 2)
      out.push(rel(parents[0]!, parents[1]!, 'married to', 'and', parents[1]!.end, 0.5));
  }
  return out;
}

/** Nouns of a span of time: "After a decade at X,". */
const DURATIONS = new Set([
  'year',
  'years',
  'decade',
  'decades',
  'month',
  'months',
  'stint',
  'spell',
  'career',
]);

/** Words that open a clause of time before the sentence's subject: "After graduating from …,". */
const TIME_OPENERS = new Set(['after', 'before', 'since', 'while', 'upon', 'on']);

/**
 * "After graduating from Berklee College of Music he toured …", "After teaching at Chittagong
 * University, he founded …": an opening gerund's subject is the sentence's, the first person
 * named (or meant by "he"/"she") after the gerund's own names.
 */
function frontedGerund(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  if (!TIME_OPENERS.has(tokens[0]?.lower ?? '')) return [];
  // ("After six years as a network engineer at Ericsson, she …": or a time spent as something.)
  const comma = tokens.findIndex((t) => t.text === ',');
  const spent =
    comma > 0 &&
    tokens.slice(1, comma).some((t) => t.lower === 'as') &&
    !tokens.slice(1, comma).some(isVerbLike);
  // ("After a decade at Sundaram Motors, he …": a time spent at an organisation is work there.)
  const spentAt =
    comma > 0 &&
    tokens.slice(1, comma).some((t) => DURATIONS.has(t.lemma) || DURATIONS.has(t.lower)) &&
    !tokens.slice(1, comma).some(isVerbLike);
  if (!/ing$/.test(tokens[1]?.lower ?? '') && !spent && !spentAt) return [];
  // (A name nothing typed that reads as a person's may be the subject too: "…, Yaw Boateng founded …".)
  const subject = mentions.find(
    (m, i) =>
      (m.type === 'person' || (m.evidence === 'none' && personalName(m))) &&
      i > 0 &&
      (tokens[m.start - 1]?.text === ',' || tokens[m.start - 1]?.pos !== 'ADP') &&
      !tokens.slice(2, m.start).some((t) => isVerbLike(t) && !/ing$/.test(t.lower)),
  );
  if (!subject) return [];
  if (subject.type !== 'person') Object.assign(subject, { type: 'person', evidence: 'weak' });
  const out: SentenceRelation[] = [];
  for (const target of mentions.filter((m) => m.end <= subject.start)) {
    if (spentAt && !spent) {
      const at = tokens[target.start - 1]?.lower === 'at' && target.end <= comma;
      if (at && target.type !== 'location' && target.type !== 'person') {
        if (target.type !== 'organization') Object.assign(target, { type: 'organization', evidence: 'weak' });
        out.push(rel(subject, target, 'works at', phrase(tokens, 1, target.start), target.end));
      }
      continue;
    }
    const words = spent
      ? tokens.slice(1, target.start)
      : [asVerb(tokens[1]!), ...tokens.slice(2, target.start)];
    if (words.some((t) => t.text === ',')) break;
    const match = matchPredicate(words, subject, target);
    if (!match?.known || match.inverted) continue;
    out.push(rel(subject, target, match.canonical, phrase(tokens, 1, target.start), target.end));
  }
  return out;
}

/** "Finnish", "Indonesian", "Thai": a nationality before what a company is. */
const isNationality = (t: Token) => ['ADJ', 'PROPN'].includes(t.pos) && isNationalityWord(t.text);

/** "Unilever sold Ekaterra, …, to CVC Capital Partners": the seller sold to the buyer, who acquired it. */
function soldTo(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  // (A name may open with a nationality: "American Airlines", "Nordic Dairy Group".)
  const opensName = (at: number) => mentions.some((m) => m.start === at);
  // What a verb of selling or buying moves: the name right after it, or after what it is ("its
  // frozen-seafood business Havbris", "its Thai subsidiary, Siam Coil Co,", "Finnish display-software
  // firm Kajo Systems").
  const objectAfter = (at: number) => {
    let k = at + 1;
    const describing = (t: Token, next: Token | undefined) =>
      (['DET', 'ADJ', 'NOUN', 'NUM'].includes(t.pos) && t.text === t.lower) ||
      POSSESSIVES.has(t.lower) ||
      // ("its children's imprint Cometa Libros": a possessive noun may describe it.)
      (/^['’]s$/.test(t.lower) && tokens[k - 1]?.text === tokens[k - 1]?.lower) ||
      joinsWords(t) ||
      (t.text === t.lower && joinsWords(next)) ||
      isNationality(t);
    while (k < at + 7 && tokens[k] && !opensName(k) && describing(tokens[k]!, tokens[k + 1])) k++;
    if (tokens[k]?.text === ',' && k > at + 1) k++;
    return mentions.find((m) => m.start === k);
  };
  // "Tata Motors bought Jaguar Land Rover from Ford": Ford sold to Tata Motors.
  const boughtFrom = (at: number) => {
    const buyer = [...mentions].reverse().find((m) => m.end <= at);
    const bought = objectAfter(at);
    // ("…, controlled by Park Sung-ho and his sister, also confirmed it had bought …": the buyer is
    // whom "it" stands for, not the latest name.)
    if (!buyer || !bought || tokens.slice(buyer.end, at).some((t) => t.pos === 'PRON')) return;
    const seller = mentions.find((m) => m.start === bought.end + 1 && tokens[bought.end]!.lower === 'from');
    if (seller && seller.type !== 'location' && seller.type !== 'person')
      out.push(rel(seller, buyer, 'sold to', phrase(tokens, at, seller.start), seller.end, 0.75));
  };
  tokens.forEach((token, at) => {
    if (['buy', 'acquire', 'purchase'].includes(token.lemma) && isVerbLike(token)) {
      boughtFrom(at);
      return;
    }
    if (token.lemma !== 'sell' || !isVerbLike(token)) return;
    // (Not a place: "Grupo Altamira, the Monterrey-based cement maker, agreed to sell …".)
    const seller = [...mentions].reverse().find((m) => m.end <= at && m.type !== 'location');
    // What was sold is the name after the verb: in "sold its Watson Health unit" it is the unit.
    const sold = objectAfter(at);
    if (!seller || !sold) return;
    const head = tokens[sold.end];
    if (head?.pos === 'NOUN' && head.text === head.lower) return;
    for (let k = sold.end; k < tokens.length; k++) {
      if (CLAUSE_BREAKS.has(tokens[k]!.lower) || tokens[k]!.text === ';') return;
      if (tokens[k]!.lower !== 'to') continue;
      let n = k + 1;
      while (
        tokens[n] &&
        ((['DET', 'ADJ', 'NOUN'].includes(tokens[n]!.pos) && tokens[n]!.text === tokens[n]!.lower) ||
          (isNationality(tokens[n]!) && !opensName(n)))
      )
        n++;
      // ("to Bangkok-based Siam Ocean Group": the buyer, not its base.)
      let buyer = mentions.find((m) => m.start === n);
      if (buyer && joinsWords(tokens[buyer.end]) && tokens[buyer.end + 1]?.lower === 'based')
        buyer = mentions.find((m) => m.start === buyer!.end + 2);
      // ("to Mexico's Casa Mirador": the place's company.)
      if (buyer?.type === 'location' && /^['’]s$/.test(tokens[buyer.end]?.lower ?? ''))
        buyer = mentions.find((m) => m.start === buyer!.end + 1);
      if (!buyer || buyer.type === 'location') return;
      out.push(rel(seller, buyer, 'sold to', phrase(tokens, at, k + 1), buyer.end, 0.8));
      out.push(rel(buyer, sold, 'acquired', 'bought', buyer.end));
      return;
    }
  });
  return out;
}

/** Nouns for a part of a company a name can be given: "Kivi's new Smart Buildings division". */
const DIVISIONS = new Set(['division', 'unit', 'arm', 'subsidiary', 'business', 'brand', 'label']);

/**
 * "will become part of Kivi's new Smart Buildings division", "… of Nordvik's logistics division,
 * Nordvik Flow": the named division is part of its owner, and what becomes part of it is part of
 * the division.
 */
function namedDivisions(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const owner of mentions) {
    if (
      owner.type === 'person' ||
      owner.type === 'location' ||
      !/^['’]s$/.test(tokens[owner.end]?.lower ?? '')
    )
      continue;
    let k = owner.end + 1;
    while (tokens[k] && /^\p{Ll}+$/u.test(tokens[k]!.text) && k < owner.end + 3) k++;
    // The name before the noun ("Kivi's new Smart Buildings division"), or after it and a comma
    // ("Nordvik's logistics division, Nordvik Flow").
    const before = mentions.find((m) => m.start === k && DIVISIONS.has(tokens[m.end]?.lower ?? ''));
    const after =
      !before && DIVISIONS.has(tokens[k - 1]?.lower ?? '') && tokens[k]?.text === ','
        ? mentions.find((m) => m.start === k + 1)
        : undefined;
    const division = before ?? after;
    if (!division) continue;
    const said = before ? division.end + 1 : k;
    out.push(rel(division, owner, 'part of', phrase(tokens, owner.end, said), said, 0.7));
    // ("Nordvind Automation will become part of …": the name before "part of" joins the division.)
    if (tokens[owner.start - 1]?.lower !== 'of' || tokens[owner.start - 2]?.lower !== 'part') continue;
    // ("Nordvind Automation, founded by A and B, will become part of …": past the people named.)
    const joining = [...mentions]
      .reverse()
      .find(
        (m) => m.end <= owner.start - 2 && m.type !== 'person' && m.type !== 'location' && m.type !== 'date',
      );
    if (joining) out.push(rel(joining, division, 'part of', 'part of', division.end, 0.7));
  }
  return out;
}

/** Relations a place holds to whom a "where" clause is about. */
const WHERE_RELATIONS = new Set(['lives in', 'born in', 'died in', 'located in', 'works at', 'studied at']);

/** "Mexico City, where he lived with his wife": the place is where the clause's verb happened. */
function whereClause(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const place of mentions) {
    if (
      place.type !== 'location' ||
      tokens[place.end]?.text !== ',' ||
      tokens[place.end + 1]?.lower !== 'where'
    )
      continue;
    const who = mentions.find((m) => m.start === place.end + 2);
    if (!who) continue;
    // ("in Lyme Regis, Dorset, where she was born": the town, not its county.)
    const town = mentions.find((m) => m.end === place.start - 1 && m.type === 'location');
    const where = town && tokens[place.start - 1]?.text === ',' ? town : place;
    let end = who.end;
    while (tokens[end] && ['VERB', 'AUX', 'ADV'].includes(tokens[end]!.pos)) end++;
    const verbs = tokens.slice(who.end, end);
    const match = matchPredicate([...verbs, IN], who, place);
    // (Only a place's relation: "where he befriended X" says nothing of the city and him.)
    if (match?.known && !match.inverted && WHERE_RELATIONS.has(match.canonical))
      out.push(rel(who, where, match.canonical, phrase(tokens, place.end + 1, end), end));
  }
  return out;
}

/** The preposition a place adverb stands for: "lives there" is "lives in" the place. */
export const IN: Token = {
  text: 'in',
  lower: 'in',
  pos: 'ADP',
  lemma: 'in',
  kind: 'word',
  space: ' ',
  stop: true,
};

/**
 * Relations said by a construction rather than by the words between two neighbouring names (the
 * possessives of kinship and role are read apart, before the sentence's pairs: possessives.ts): an
 * opening participle, a title taken "as" or written before its holder's name, a turn's "we are
 * friends", the names a "whose" noun lists, "the brothers A and B", a sale "to" a buyer, a cause, a place
 * in an apposition ("X, a Manchester startup").
 */
export function constructionRelations(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const caused = causes(sentence, mentions, discourse);
  return [
    ...frontedParticiple(sentence, mentions),
    ...frontedGerund(sentence, mentions),
    ...asTitle(sentence, mentions, discourse),
    ...premodifiedTitles(sentence, mentions),
    ...bareTitles(sentence, mentions, discourse),
    ...titleIsName(sentence, mentions, discourse),
    ...weAre(sentence, discourse),
    ...ownWorkplace(sentence, mentions, discourse),
    ...whoseListed(sentence, mentions, discourse),
    ...groupedNames(sentence, mentions),
    ...consistsOf(sentence, mentions, discourse),
    ...frontedRelation(sentence, mentions),
    ...jointVentures(sentence, mentions),
    ...soldTo(sentence, mentions),
    ...namedDivisions(sentence, mentions),
    ...ownedProducts(sentence, mentions, discourse),
    ...objectRelatives(sentence, mentions),
    ...caused,
    ...effects(sentence, mentions, discourse, caused),
    ...whereClause(sentence, mentions),
    ...placedKind(sentence, mentions),
    ...sitePlaces(sentence, mentions, discourse),
    ...describedPlaces(sentence, mentions, discourse),
    ...siteIsIn(sentence, mentions),
    ...ownSiteIn(sentence, mentions, discourse),
    ...phraseSubjects(sentence, mentions),
    ...platformUses(sentence, mentions),
    ...customerUses(sentence, mentions, discourse),
  ];
}
