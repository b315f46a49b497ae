import { isOrganizationNoun, isPersonNoun } from './cues';
import { isNationalityWord } from './lexicon';
import { isVerbLike } from './predicate-verbs';
import { hyphenBased, joinsWords, Token } from './sentences';

// Where the words before a relation's second name stop relating and only describe that name.

/** Nouns for a kind of place, before "of" and its name: "the canton of Valais", "the town of San Carlos". */
const PLACE_KIND_NOUNS = new Set([
  'canton',
  'department',
  'state',
  'province',
  'region',
  'county',
  'district',
  'prefecture',
  'municipality',
  'borough',
  'parish',
  'city',
  'town',
  'village',
  'island',
  'republic',
  'kingdom',
  'emirate',
  'comarca',
  'oblast',
  'raion',
  'voivodeship',
  'governorate',
  'arrondissement',
  'commune',
]);

/** Words for a part of a place by its side: "southern", "north-eastern", "central". */
const COMPASS = /^(?:(?:north|south)(?:-?(?:east|west))?|east|west)(?:ern)$|^central$/;

/** Where a compass word at `at` starts, with the "south-" of "south-western" before it. */
function compassStart(words: Token[], at: number): number {
  return joinsWords(words[at - 1]) && /^(?:north|south)$/.test(words[at - 2]?.lower ?? '') ? at - 2 : at;
}

/** A plural of people, whatever the tagger read it as: "graduates", "engineers". */
export function peoplePlural(token: Token | undefined): boolean {
  return (
    token !== undefined &&
    token.text === token.lower &&
    /s$/.test(token.lower) &&
    isPersonNoun({ ...token, pos: 'NOUN', lower: token.lemma, text: token.lemma })
  );
}

/**
 * Where the words that only describe the second entity begin in `between` (its length when none
 * do): "the pharmaceutical company", "the canton of". `between` excludes both entities.
 */
export function descriptionStart(between: Token[]): number {
  // "is home to the pharmaceutical company Roche": the noun before a name only says what it is.
  // So does any lower-case noun right after a preposition ("a partnership with booking platform
  // StayWise"), and one the name is "called" ("plays in a band called The Comets").
  let described = between.length;
  if (between[described - 1]?.text === ',') described--;
  // ("by the Scottish indie band The Glass Harbour": a name's own capitalised article.)
  if (between[described - 1]?.text === 'The' && described > 1) described--;
  // ("in the canton of Valais", "born in the town of San Carlos": what kind of place it is says
  // nothing more; the preposition before it is the relation's.)
  // ("in the Indian state of Karnataka": a nationality or an adjective may stand before the kind.)
  let kindAt = described - 3;
  while (
    kindAt > 0 &&
    (isNationalityWord(between[kindAt]!.text) ||
      (between[kindAt]!.pos === 'ADJ' && between[kindAt]!.text === between[kindAt]!.lower))
  )
    kindAt--;
  if (
    between[described - 1]?.lower === 'of' &&
    PLACE_KIND_NOUNS.has(between[described - 2]?.lower ?? '') &&
    between[kindAt]?.pos === 'DET' &&
    between[kindAt - 1]?.pos === 'ADP'
  )
    described = kindAt;
  // ("to Peru's Unión Andina de Cementos": a place that owns the name only qualifies it.)
  if (
    /^['’]s$/.test(between[described - 1]?.lower ?? '') &&
    /^\p{Lu}/u.test(between[described - 2]?.text ?? '')
  ) {
    described--;
    while (described > 0 && /^\p{Lu}/u.test(between[described - 1]!.text)) described--;
  }
  // ("is used by organisations such as Apple": the kind the examples are of describes them.)
  if (between[described - 1]?.lower === 'as' && between[described - 2]?.lower === 'such') {
    described -= 2;
    while (
      described > 0 &&
      ['NOUN', 'ADJ'].includes(between[described - 1]!.pos) &&
      between[described - 1]!.text === between[described - 1]!.lower
    )
      described--;
  }
  if (
    ['called', 'named'].includes(between[described - 1]?.lower ?? '') &&
    between[described - 2]?.pos === 'NOUN'
  )
    described--;
  // ("its purchase of Texas-based Lone Star Aggregates": where the name is based only describes it.)
  if (hyphenBased(between, described - 1)) {
    described -= 2;
    while (described > 0 && /^\p{Lu}/u.test(between[described - 1]!.text)) described--;
  }
  const head = between[described - 1];
  // "editor of the weekly Życie Literackie": an adjective standing for its noun describes too.
  if (
    head?.pos === 'ADJ' &&
    head.text === head.lower &&
    between[described - 2]?.pos === 'DET' &&
    between[described - 3]?.pos === 'ADP'
  )
    described -= 2;
  // ("a city in southern Albania", "in south-western Uganda": a compass word before a place only
  // says which part of it.)
  else if (
    head &&
    COMPASS.test(head.lower) &&
    between[compassStart(between, described - 1) - 1]?.pos === 'ADP'
  )
    described = compassStart(between, described - 1);
  // (A noun the tagger reads as an adjective counts: "by the Scottish missionary Leonard Sharp".)
  else if (
    (head?.pos === 'NOUN' || (head?.pos === 'ADJ' && between[described - 2]?.pos !== 'ADP')) &&
    head.text === head.lower &&
    (!isVerbLike(head) || peoplePlural(head))
  ) {
    // ("by former Intel engineers Raj Mehta and …", "by Tsinghua University graduates …": a plural
    // of people describes them too.)
    const noun =
      peoplePlural(head) ||
      isOrganizationNoun(head) ||
      isPersonNoun(head) ||
      (head.lemma !== head.lower && isPersonNoun({ ...head, text: head.lemma, lower: head.lemma }));
    let k = described;
    // ("booking platform": the tagger may read a noun's -ing modifier as a verb; "boat-builder" is
    // one word, hyphen and all.)
    while (
      k > 0 &&
      (['NOUN', 'ADJ', 'DET', 'PROPN'].includes(between[k - 1]!.pos) ||
        // ("acquired by its rival Brenner Klavierbau": a possessive stands as an article does.)
        (['its', 'his', 'her', 'their'].includes(between[k - 1]!.lower) && between[k - 2]?.lower === 'by') ||
        /ing$/.test(between[k - 1]!.lower) ||
        joinsWords(between[k - 1]) ||
        // ("by the Manila-based studio": a place's "-based" describes it too.)
        hyphenBased(between, k - 1))
    )
      k--;
    // (A nationality may be capitalised: "the Italian group Fincantieri"; so may a code: "the S3
    // bucket qh-raw-claims".)
    const based = (at: number) => hyphenBased(between, at + 2);
    const lowerCase = between
      .slice(k, described)
      .every((t, n) => t.text === t.lower || isNationalityWord(t.text) || /\d/.test(t.text) || based(k + n));
    // (At most three words besides an article: "by the Czech financial group"; "Manila-based" is one.)
    const compounds = between.slice(k, described).filter((_, n) => based(k + n)).length;
    const width = described - k - (between[k]?.pos === 'DET' ? 1 : 0) - 2 * compounds;
    if (k > 0 && between[k - 1]!.pos === 'ADP' && (noun || (lowerCase && width <= 3))) described = k;
    // ("the daughter of the firm's founder, Kofi Mensah", "of its founder, X": whose role it is
    // describes the name too.)
    const owner =
      /^['’]s$/.test(between[k - 1]?.lower ?? '') &&
      isOrganizationNoun(between[k - 2]!) &&
      between[k - 3]?.lower === 'the'
        ? k - 3
        : ['its', 'his', 'her', 'their'].includes(between[k - 1]?.lower ?? '')
          ? k - 1
          : -1;
    if (noun && owner > 0 && between[owner - 1]!.pos === 'ADP' && between[described]?.text === ',')
      described = owner;
    // ("written by his sister, the novelist Shirin Rahman": a relative named before the description
    // is the name too.)
    else if (
      noun &&
      described === k + 2 &&
      between[k - 1]?.text === ',' &&
      isPersonNoun(between[k - 2]) &&
      ['his', 'her', 'their'].includes(between[k - 3]?.lower ?? '') &&
      between[k - 4]?.pos === 'ADP'
    )
      described = k - 3;
  }
  return described;
}
