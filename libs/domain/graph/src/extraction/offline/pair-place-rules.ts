import { isCodeName } from './code-names';
import { KIN_NOUNS } from './cues';
import { POSSESSIVES } from './owners';
import { lexicon } from './lexicon';
import { isTownName } from './towns';
import { Mention } from './mentions';
import { PairRule, retype } from './pair-rules';
import { isVerbLike } from './predicates';
import { joinsWords, Token } from './sentences';
import { SOFTWARE_KINDS } from './name-words';
import { personalName } from './short-names';

// Pair rules for where a place or an organisation is: "Austin, Texas", "Nintendo in Kyoto", "-based" appositions, asides.

/** Names of events, which an organisation is never "in" as in a place: "in World War I". */
const EVENT_WORDS =
  /\b(war|cup|games|olympics|championships?|season|league|festival|awards?|prize|expo|summit)\b/i;

/**
 * "Austin, Texas": a place, then the region it is in (unless the comma is a list's); and
 * "Newnham College, Cambridge": an organisation, then where it is.
 */
export const placeAndRegion: PairRule = ({ i, source, target, between }, { tokens, chain, found }) => {
  // ("Rotterdam, the Netherlands": a country's own article after the comma.)
  const commaOnly = between.length === 1 || (between.length === 2 && between[1]!.lower === 'the');
  if (
    commaOnly &&
    between[0]!.text === ',' &&
    (source.type === 'location' || source.type === 'organization') &&
    (target.type === 'location' || regionAfter(source, target, tokens)) &&
    // (Not a pronoun standing for a place: "…, a graduate of Tokyo University of the Arts, it opened".)
    tokens[target.start]?.pos !== 'PRON'
  ) {
    const rest = tokens.slice(target.end, chain[i + 2]?.start ?? target.end);
    // ("Paris, France and Berlin": a list of places; "Lagos, Nigeria, and the appointment of …" is not.)
    const listGoesOn = rest.some(
      (t, r) =>
        (t.lower === 'and' || t.lower === 'or') &&
        !rest.slice(r + 1).some(isVerbLike) &&
        /^\p{Lu}/u.test(rest[r + 1]?.text ?? ''),
    );
    // ("centres in Paris, Brussels, Amsterdam, Barcelona and Geneva": four places or more in a row,
    // or a row that ends on "and", is a list; "Sapporo, Hokkaido, Japan" is where each one is.)
    const joined = (a: number) => {
      const gap = tokens.slice(chain[a]!.end, chain[a + 1]?.start ?? chain[a]!.end).map((t) => t.lower);
      return (gap.length === 1 && gap[0] === ',') || (gap.length <= 2 && gap[gap.length - 1] === 'and');
    };
    const place = (a: number) => chain[a]?.type === 'location';
    let first = i;
    while (first > 0 && place(first - 1) && joined(first - 1)) first--;
    let last = i + 1;
    while (place(last + 1) && joined(last)) last++;
    const row = chain.slice(first, last + 1);
    const endsOnAnd = tokens.slice(chain[last - 1]!.end, chain[last]!.start).some((t) => t.lower === 'and');
    const placeList = row.length >= 4 || (row.length === 3 && endsOnAnd);
    // (A region is in a country: "Cumbria, England"; a country is in none: "France, Spain".)
    const lex = lexicon();
    const regionInCountry =
      !lex.isCountry(source.keys[0]!) &&
      lex.isCountry(target.keys[0]!) &&
      tokens[target.end]?.lower !== 'and';
    if (!listGoesOn && !placeList && (lex.classOf(source.keys[0]!) !== 'region' || regionInCountry)) {
      retype(target, 'location');
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
 * "in Wilmslow, Cheshire, in 1954", "Born in Sapporo, Hokkaido, to …", "Customer: Brennan & Sons
 * Hardware, Limerick": a name nothing typed for sure after a town's comma, of one or two words and
 * no one's first name, closing the phrase, is the region the town is in (or, ending the line, the
 * town the organisation is in).
 */
function regionAfter(source: Mention, target: Mention, tokens: Token[]): boolean {
  const words = target.keys[0]!.split(' ');
  const closes = [',', '.', ';', ')', undefined].includes(tokens[target.end]?.text);
  return (
    target.evidence !== 'strong' &&
    (target.type === 'concept' || target.type === 'person') &&
    words.length <= 2 &&
    lexicon().classOf(words[0]!) !== 'first-name' &&
    closes &&
    (source.type === 'location'
      ? source.evidence !== 'none'
      : source.evidence === 'strong' && tokens[target.end] === undefined)
  );
}

/** Where in a place: "northwestern", "south-east", "central", "rural". */
const COMPASS =
  /^(?:(?:north|south)(?:-?(?:east|west))?(?:ern)?|(?:east|west)(?:ern)?|central|rural|upper|lower|coastal)$/;

/** Whether "at" (or "at the") comes right before a mention. */
function atName(tokens: Token[], mention: Mention): boolean {
  const before = tokens[mention.start - 1]?.pos === 'DET' ? mention.start - 2 : mention.start - 1;
  return tokens[before]?.lower === 'at';
}

/** Months, which "every March in Agadir" names before a town (the lexicon reads "march" and "may" as verbs). */
const MONTHS = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/;

/** Verbs of meeting someone somewhere, which says nothing of where they live. */
const ENCOUNTERS = new Set(['meet', 'see', 'bump', 'run', 'spot', 'catch']);

/**
 * "visiting my brother Yusuf in Durban", "my sister Bisi in London": a relative named with their
 * town lives there.
 */
export const relativeIn: PairRule = ({ source, target, between }, { tokens, found }) => {
  if (
    between.length !== 1 ||
    between[0]!.lower !== 'in' ||
    source.type !== 'person' ||
    target.type !== 'location' ||
    target.evidence === 'none' ||
    !KIN_NOUNS.has(tokens[source.start - 1]?.lower ?? '') ||
    !POSSESSIVES.has(tokens[source.start - 2]?.lower ?? '') ||
    // (Not where one met them: "I met my sister Anna in Berlin last Tuesday".)
    ENCOUNTERS.has(tokens[source.start - 3]?.lemma ?? '')
  )
    return false;
  found.push({ source, target, canonical: 'lives in', raw: 'in', confidence: 0.6, end: target.start });
  return true;
};

/** "Nintendo in Kyoto": an organisation, then where it is (a name nothing typed is a place there). */
export const organisationIn: PairRule = ({ source, target, between }, { tokens, found }) => {
  if (
    // ("the Julian Alps in northwestern Slovenia": a compass point before the place too.)
    (between.length === 1 || (between.length === 2 && COMPASS.test(between[1]!.lower))) &&
    between[0]!.lower === 'in' &&
    (source.type === 'organization' ||
      // ("at the 2019 Pan American Games in Lima": an event, where it took place.)
      source.type === 'event' ||
      // ("The Burj Khalifa in Dubai": a landmark named with "the", not "Users in Madrid".)
      // ("designed the Biblioteca Austral in Valdivia": a town the gazetteer knows too.)
      // ("booked Casa Lucía in Sevilla", "from Cerámica Suministros in Puebla", "and Bodø in
      // Norway": or a verb's, a preposition's or a list's object, whatever typed it weakly.)
      ((source.evidence === 'none' ||
        source.type === 'location' ||
        (source.evidence === 'weak' && ['concept', 'organization'].includes(source.type))) &&
        (tokens[source.start - 1]?.pos === 'DET' ||
          (['ADP', 'VERB', 'CCONJ'].includes(tokens[source.start - 1]?.pos ?? '') &&
            tokens[source.start - 1]?.lower !== 'of')) &&
        !MONTHS.test(source.keys[0]!) &&
        target.type === 'location' &&
        (target.evidence === 'strong' || isTownName(target.keys[0]!))) ||
      // ("rerouted to gw-ams-01 in Amsterdam": a host in its town.)
      (isCodeName(source) &&
        target.type === 'location' &&
        (target.evidence === 'strong' || isTownName(target.keys[0]!))) ||
      // ("twinned with Aubagne in France", "Bodø in Norway": a name nothing typed, mid-sentence,
      // in a country or a region.)
      (source.evidence === 'none' &&
        source.start > 0 &&
        tokens[source.start - 1]?.pos === 'ADP' &&
        target.evidence === 'strong' &&
        lexicon().classOf(target.keys[0]!) === 'region') ||
      // ("born in Ihithe in Nyeri District", "moved to Leith in Edinburgh": a place a preposition
      // names, then the place it is in.)
      (source.type === 'location' &&
        target.type === 'location' &&
        target.evidence === 'strong' &&
        ['in', 'to', 'from', 'near'].includes(tokens[source.start - 1]?.lower ?? '')) ||
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

/** "Shopify, the Ottawa-based e-commerce platform", "X is a Montreal-based writer": where it is. */
export const basedInApposition: PairRule = ({ source, target, between }, { tokens, found }) => {
  if (
    between.length === 2 &&
    (between[0]!.text === ',' || between[0]!.lemma === 'be') &&
    between[1]!.pos === 'DET' &&
    tokens[target.end]?.text === '-' &&
    tokens[target.end + 1]?.lower === 'based' &&
    // ("an Android-based operating system": past the kind's modifiers too.)
    !tokens.slice(target.end + 2, target.end + 5).some((t) => SOFTWARE_KINDS.has(t.lower))
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
 * "built by Hoffbauer Orgelbau of Linz", "the Northland Region of New Zealand": an organisation or a
 * place, then "of" and a place the gazetteer knows, is there.
 */
export const organisationOf: PairRule = ({ source, target, between }, { tokens, found }) => {
  if (
    between.length !== 1 ||
    between[0]!.lower !== 'of' ||
    // (A name nothing typed that reads as no person's: "built by Hoffbauer Orgelbau of Linz".)
    !(
      ['organization', 'location'].includes(source.type) ||
      (source.type === 'concept' && source.evidence !== 'strong' && !personalName(source))
    ) ||
    target.type !== 'location' ||
    target.evidence !== 'strong' ||
    // (Not the place's own: "Austria's …".)
    /^['’]s$/.test(tokens[target.end]?.lower ?? '')
  )
    return false;
  if (source.type === 'concept') retype(source, 'organization');
  found.push({ source, target, canonical: 'located in', raw: 'of', confidence: 0.7, end: target.start });
  return true;
};

/**
 * "McAllister Marine, the century-old shipbuilder from Greenock": an organisation's apposition
 * that says what it is, then where it is from, is where it is.
 */
export const organisationFrom: PairRule = ({ source, target, between }, { found }) => {
  const last = between.length - 1;
  if (
    source.type !== 'organization' ||
    // (A name nothing typed after "from" there is a place: "… shipbuilder from Greenock".)
    !(
      (target.type === 'location' && (target.evidence === 'strong' || isTownName(target.keys[0]!))) ||
      (target.evidence === 'none' && target.end - target.start <= 2)
    ) ||
    between[0]?.text !== ',' ||
    !['a', 'an', 'the'].includes(between[1]?.lower ?? '') ||
    between[last]?.lower !== 'from' ||
    last < 3 ||
    last > 8
  )
    return false;
  // (Only words that say what it is: "century-old shipbuilder", "family-owned flour producer".)
  const words = between.slice(2, last);
  // (A word of a hyphened modifier, whatever the tagger read it as: "family-owned".)
  const hyphened = (k: number) => joinsWords(words[k - 1]) || joinsWords(words[k + 1]);
  if (!words.every((t, k) => t.text === t.lower && (['NOUN', 'ADJ', 'PUNCT'].includes(t.pos) || hyphened(k))))
    return false;
  retype(target, 'location');
  found.push({ source, target, canonical: 'located in', raw: 'from', confidence: 0.7, end: target.start });
  return true;
};
