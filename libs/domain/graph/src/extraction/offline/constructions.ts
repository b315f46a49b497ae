import { Discourse } from './discourse';
import { Mention } from './mentions';
import { matchPredicate } from './predicates';
import { describedPlaces, ownSiteIn, placedKind, siteIsIn, sitePlaces } from './places';
import { causes, effects } from './causes';
import { makerOf, namedDivisions, soldTo } from './company-deals';
import { frontedGerund, frontedParticiple } from './fronted-clauses';
import { objectRelatives } from './object-relatives';
import { colleaguesOf, friendOfSpeaker } from './colleagues';
import { ownedProducts } from './products';
import { phraseSubjects } from './noun-phrases';
import { customerUses, platformUses, usersInclude } from './platforms';
import {
  frontedRelation,
  groupedNames,
  pairedAs,
  jointVentures,
  ownHome,
  ownWorkplace,
  weAre,
} from './group-relations';
import { alumniInclude, consistsOf, whoseListed } from './member-lists';
import { asTitle } from './as-titles';
import {
  appositiveTitles,
  bareTitles,
  premodifiedTitles,
  titleIsName,
  trailingTitles,
} from './nominal-roles';
import { POSSESSIVES, rel } from './owners';
import { KIN_NOUNS } from './cues';
import { SentenceRelation } from './relations';
import { phrase, Sentence, Token } from './sentences';

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
    // ("where his mother, Karin Lindqvist, ran …": the clause's subject after its kinship noun.)
    let k = place.end + 2;
    if (POSSESSIVES.has(tokens[k]?.lower ?? '') && KIN_NOUNS.has(tokens[k + 1]?.lower ?? '')) {
      k += 2;
      if (tokens[k]?.text === ',') k++;
    }
    const who = mentions.find((m) => m.start === k);
    if (!who) continue;
    // ("in Lyme Regis, Dorset, where she was born": the town, not its county.)
    const town = mentions.find((m) => m.end === place.start - 1 && m.type === 'location');
    const where = town && tokens[place.start - 1]?.text === ',' ? town : place;
    let end = who.end;
    if (tokens[end]?.text === ',') end++;
    while (tokens[end] && ['VERB', 'AUX', 'ADV'].includes(tokens[end]!.pos)) end++;
    const verbs = tokens.slice(who.end, end);
    // ("New York, where she studied at the Juilliard School", "where his mother ran the Lindqvist
    // Dance Academy": what the clause's verb was done at or to is in the place, and is the verb's.)
    let o = end;
    // (Not "works for Siemens": an employer is not where one of its people works.)
    if (['at', 'in'].includes(tokens[o]?.lower ?? '')) o++;
    if (tokens[o]?.pos === 'DET') o++;
    const object = mentions.find((m) => m.start === o && m.type === 'organization');
    if (object && verbs.length > 0) {
      out.push(rel(object, where, 'located in', phrase(tokens, place.end + 1, o), object.end, 0.6));
      const done = matchPredicate(tokens.slice(who.end, o), who, object);
      if (done?.known && !done.inverted && who.type === 'person')
        out.push(rel(who, object, done.canonical, phrase(tokens, who.end, o), object.end, 0.7));
      continue;
    }
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
    ...appositiveTitles(sentence, mentions),
    ...bareTitles(sentence, mentions, discourse),
    ...trailingTitles(sentence, mentions, discourse),
    ...titleIsName(sentence, mentions, discourse),
    ...weAre(sentence, discourse),
    ...ownWorkplace(sentence, mentions, discourse),
    ...ownHome(sentence, mentions, discourse),
    ...whoseListed(sentence, mentions, discourse),
    ...alumniInclude(sentence, mentions, discourse),
    ...groupedNames(sentence, mentions),
    ...pairedAs(sentence, mentions),
    ...consistsOf(sentence, mentions, discourse),
    ...frontedRelation(sentence, mentions),
    ...jointVentures(sentence, mentions),
    ...soldTo(sentence, mentions),
    ...makerOf(sentence, mentions),
    ...namedDivisions(sentence, mentions),
    ...ownedProducts(sentence, mentions, discourse),
    ...objectRelatives(sentence, mentions),
    ...caused,
    ...effects(sentence, mentions, discourse, caused),
    ...whereClause(sentence, mentions),
    ...placedKind(sentence, mentions),
    ...sitePlaces(sentence, mentions, discourse),
    ...describedPlaces(sentence, mentions, discourse),
    ...siteIsIn(sentence, mentions, discourse),
    ...ownSiteIn(sentence, mentions, discourse),
    ...phraseSubjects(sentence, mentions),
    ...platformUses(sentence, mentions),
    ...customerUses(sentence, mentions, discourse),
    ...colleaguesOf(sentence, mentions, discourse),
    ...friendOfSpeaker(sentence, mentions, discourse),
    ...usersInclude(sentence, mentions, discourse),
  ];
}
