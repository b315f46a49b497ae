import { isOrganizationNoun, isPersonNoun, KIN_NOUNS } from './cues';
import { EntityType, isNationalityWord, lexicon } from './lexicon';
import type { Mention } from './mentions';
import { PREDICATE_RULES as RULES, PredicateRule } from './predicate-rules';
import { hyphenBased, joinsWords, Token } from './sentences';
import { POSSESSIVES } from './owners';

export { CANONICAL_PREDICATES } from './predicate-rules';

export interface PredicateMatch {
  canonical: string;
  /** The relation runs from the second entity to the first ("was founded by"). */
  inverted: boolean;
  /** From the vocabulary (true), or the words themselves (false). */
  known: boolean;
  /** The type this predicate implies for an entity the lexicon could not type. */
  sourceType?: EntityType;
  targetType?: EntityType;
}

/** Words between two entities that end one clause and start another: no relation spans them. */
export const CLAUSE_BREAKS = new Set([
  'when',
  'because',
  'while',
  'if',
  'although',
  'though',
  'but',
  'whereas',
  'since',
  'after',
  'before',
  'until',
  'unless',
  'than',
  'whether',
  'so',
]);

/** Words after which a participle continues the clause before them: "before joining …". */
const GERUND_OPENERS = new Set(['before', 'after', 'since', 'upon']);

/** Whether `words[at]` is "before", "after", "since" or "upon" opening a participle ("before joining"). */
export function opensGerund(words: Token[], at: number): boolean {
  const next = words[at + 1];
  return (
    GERUND_OPENERS.has(words[at]?.lower ?? '') &&
    next !== undefined &&
    /ing$/.test(next.lower) &&
    isVerbLike(next)
  );
}

const root = (token: Token) => token.lemma.toLowerCase();

/** The base forms a word can be an inflection of: "lives" → live, "married" → marry, "based" → base. */
function bases(word: string): string[] {
  const out = [word];
  if (word.endsWith('ied')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.endsWith('ed')) out.push(word.slice(0, -2), word.slice(0, -1));
  if (/([b-df-hj-np-tv-z])\1ed$/.test(word)) out.push(word.slice(0, -3));
  if (word.endsWith('ing')) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return out;
}

/**
 * Verbs, and what the tagger took for something else: participles as adjectives ("is married
 * to", "is based in"), and third-person verbs as plural nouns ("lives in", "flows through").
 */
export function isVerbLike(token: Token): boolean {
  if (token.pos === 'VERB') return true;
  if (token.pos === 'AUX') return root(token) !== 'be' && root(token) !== 'have';
  if (token.pos === 'ADJ') return /(ed|en|wn)$/.test(token.lower);
  if (token.pos === 'NOUN')
    return (
      /[^s]s$|ed$/.test(token.lower) &&
      bases(token.lower)
        .slice(1)
        .some((b) => KNOWN_VERBS().has(b))
    );
  return false;
}

/**
 * A gerund the tagger read as a noun ("After teaching at …"), as the verb it is, when its base is
 * a verb of the rules; the token itself otherwise.
 */
export function asVerb(token: Token): Token {
  if (token.pos === 'VERB') return token;
  const base = bases(token.lower)
    .slice(1)
    .find((b) => KNOWN_VERBS().has(b));
  return base ? { ...token, pos: 'VERB', lemma: base } : token;
}

/** Verbs outside the rules that a tagger may still take for plural nouns ("blocks", "crashes"). */
const MORE_VERBS = [
  'block',
  'affect',
  'crash',
  'break',
  'occur',
  'appear',
  'happen',
  'fail',
  'show',
  'stop',
  'report',
  'return',
];

let knownVerbs: Set<string> | undefined;
function KNOWN_VERBS(): Set<string> {
  knownVerbs ??= new Set([
    ...RULES.flatMap((rule) => (rule.taggedOnly ? [] : (rule.verbs ?? []))),
    ...MORE_VERBS,
  ]);
  return knownVerbs;
}

/** Moves an entity "moved its headquarters to": an organisation moves its seat, not its home. */
function relocates(tokens: Token[]): boolean {
  return tokens.some((t) =>
    ['headquarters', 'hq', 'office', 'offices', 'seat', 'operations'].includes(t.lower),
  );
}

/**
 * Verbs that say too little to be a relation of their own: "Denver says AutoCAD", "Starbucks named
 * Brian Niccol" (what was said or named is elsewhere in the sentence).
 */
const LIGHT_VERBS = new Set([
  'say',
  'tell',
  'name',
  'call',
  'do',
  'make',
  'get',
  'go',
  'come',
  'see',
  'think',
  'believe',
  'know',
  'want',
  'need',
  'ask',
  'give',
  'take',
  'let',
  'keep',
  'seem',
  'become',
  'remain',
  'report',
  'announce',
  'add',
  'note',
  'claim',
  'write',
  'sell',
  'start',
  'begin',
  'work',
]);

/** People nouns that are no job: a student studies, kin and friends are read as such. */
const NOT_OCCUPATIONS = new Set([
  'student',
  'pupil',
  'alumnus',
  'alumna',
  'graduate',
  'fan',
  'member',
  'resident',
]);

/** A word for a person's occupation the rules do not list: "economist", "phytopathologist". */
function occupation(token: Token): boolean {
  // (A plural names others: "mistaken by historians for X".)
  return (
    isPersonNoun(token) &&
    !/s$/.test(token.lower) &&
    !KIN_NOUNS.has(token.lower) &&
    !NOT_OCCUPATIONS.has(token.lower)
  );
}

/** Words that make the name after them a second subject of the verb before: "starred opposite X". */
export const COMPANIONS = new Set(['opposite', 'alongside']);

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
]);

/** Words that deny the relation after them. */
const NEGATIONS = new Set(['not', "n't", 'never', 'no']);
/** Verbs that call a deal off: "abandoned its bid for", "blocked the merger with". */
const CALLED_OFF = new Set(['drop', 'abandon', 'cancel', 'scrap', 'block', 'reject', 'terminate', 'deny']);

/** Words for a part of a place by its side: "southern", "north-eastern", "central". */
const COMPASS = /^(?:(?:north|south)(?:-?(?:east|west))?|east|west)(?:ern)$|^central$/;

/** Where a compass word at `at` starts, with the "south-" of "south-western" before it. */
function compassStart(words: Token[], at: number): number {
  return joinsWords(words[at - 1]) && /^(?:north|south)$/.test(words[at - 2]?.lower ?? '') ? at - 2 : at;
}

/** Names of a legislature: "National Assembly", "Dáil Éireann", "House of Commons". */
const LEGISLATURES =
  /\b(assembly|parliament|senate|congress|dáil|bundestag|knesset|duma|sejm|storting|riksdag|house of (commons|lords|representatives)|national council|legislative council|legislature)\b/i;

/** Nouns for a sports club before its name: one plays for it, not works there. */
const CLUB_NOUNS = new Set(['club', 'side', 'squad']);

/** Bodies one joins as a member, not as an employee. */
const GROUP_WORDS =
  /\b(navy|army|air force|marines|party|band|club|society|team|union|association|council|committee|league|orchestra|orquesta|orchestre|ensemble|trio|quartet|quintet|choir|parliament|senate|congress|board|academy|democrats|republicans|greens|socialists|conservatives|liberals|labour|movement|alliance)\b/i;

/**
 * The canonical predicate for the words between two entities, or undefined when they say nothing
 * a relation can be read from. `between` excludes both entities.
 */
export function matchPredicate(
  between: Token[],
  source: Mention,
  target: Mention,
): PredicateMatch | undefined {
  // ("will become part of": the tagger may read "part" as an adverb; before "of" it is the noun.)
  const words = between.some((t) => t.lower === 'part')
    ? between.map((t, k) =>
        t.lower === 'part' && between[k + 1]?.lower === 'of' && t.pos !== 'NOUN' ? { ...t, pos: 'NOUN' } : t,
      )
    : between;
  const content = words.filter((t) => !['DET', 'PUNCT', 'ADV', 'NUM', 'SYM', 'INTJ'].includes(t.pos));
  // ("the Busan-based company": "based" there only says where the company is.)
  const verbs = content.filter((t) => isVerbLike(t) && !hyphenBased(words, words.indexOf(t)));
  // (A word before "of" heads a noun phrase whatever its tag: "the chief of".)
  const nouns = content.filter(
    (t, i) =>
      (t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'ADJ' && content[i + 1]?.lower === 'of')) &&
      !verbs.includes(t),
  );
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
    !isVerbLike(head)
  ) {
    // ("by former Intel engineers Raj Mehta and …": a plural of people describes them too.)
    const noun =
      isOrganizationNoun(head) ||
      isPersonNoun(head) ||
      (head.lemma !== head.lower && isPersonNoun({ ...head, text: head.lemma, lower: head.lemma }));
    let k = described;
    // ("booking platform": the tagger may read a noun's -ing modifier as a verb; "boat-builder" is
    // one word, hyphen and all.)
    while (
      k > 0 &&
      (['NOUN', 'ADJ', 'DET', 'PROPN'].includes(between[k - 1]!.pos) ||
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
  }
  const lastWord = between
    .slice(0, described)
    .reverse()
    // ("pulls metrics from our Prometheus server": a possessive is a determiner here.)
    .find((t) => t.pos !== 'DET' && t.pos !== 'PUNCT' && !POSSESSIVES.has(t.lower));
  const finalPrep =
    lastWord && (lastWord.pos === 'ADP' || lastWord.lower === 'to' || COMPANIONS.has(lastWord.lower))
      ? lastWord.lower
      : '';
  // "was painted by", and a participle on its own: "the Mona Lisa, painted by Leonardo".
  const participle = (t: Token) => /(ed|en|wn|ght|lt|id|un|ld|de|nd|ng)$/.test(t.lower);
  // (And a reduced relative: "the drone maker founded by …", the participle right before "by".)
  const by = between
    .slice(0, described)
    .map((t) => t.lower)
    .lastIndexOf('by');
  // (Past a date: "founded in 2019 by".)
  const beforeBy = between
    .slice(0, Math.max(by, 0))
    .filter(
      (t, k, words) =>
        t.pos !== 'ADV' && t.pos !== 'NUM' && !(t.pos === 'ADP' && words[k + 1]?.pos === 'NUM'),
    )
    .pop();
  const passive =
    finalPrep === 'by' &&
    verbs.some(participle) &&
    (between.some((t) => root(t) === 'be' || root(t) === 'get') ||
      (verbs.length === 1 &&
        ((content[0] !== undefined && participle(content[0]) && isVerbLike(content[0])) ||
          (beforeBy !== undefined && isVerbLike(beforeBy) && /(ed|en|wn)$/.test(beforeBy.lower)))));
  // "says our building was just bought by X": a passive with a subject of its own after another
  // verb is a reported clause's, and relates nothing to the name before.
  if (passive) {
    const be = between.findIndex((t) => root(t) === 'be' || root(t) === 'get');
    const told = between
      .slice(0, Math.max(be, 0))
      .findIndex((t) => t.pos === 'VERB' && !/ing$/.test(t.lower));
    if (told >= 0 && between.slice(told + 1, be).some((t) => t.pos === 'NOUN')) return undefined;
  }
  // (The words that only say what a person named second is are no predicate's: "granddaughter of
  // founder Harold Whitfield" is no founding. A group's kind is: "played with the quartet X".)
  let ownNounsRead: Token[] | undefined;
  const ownNouns = () => {
    const describing = new Set(target.type === 'person' ? words.slice(described) : []);
    ownNounsRead ??= describing.size > 0 ? nouns.filter((t) => !describing.has(t)) : nouns;
    return ownNounsRead;
  };
  const verbIs = (t: Token, words: string[]) =>
    words.includes(root(t)) || bases(t.lower).some((b) => words.includes(b));
  const nounIs = (t: Token, words: string[]) => words.includes(root(t)) || words.includes(t.lower);
  // A type the lexicon is sure of rules a predicate out; a guessed one does not.
  const targetType = target.evidence === 'strong' ? target.type : undefined;

  // "never worked at", "dropped its planned acquisition of": what did not happen is no relation.
  if (between.some((t) => NEGATIONS.has(t.lower) || CALLED_OFF.has(root(t)))) return undefined;
  // The last noun as an occupation, when no verb follows it (not "a footballer who plays as a
  // forward for"); read once, and only for a rule that takes any occupation.
  let occupationHeads: boolean | undefined;
  const headOccupation = () => {
    const last = nouns[nouns.length - 1];
    occupationHeads ??=
      last !== undefined && !words.slice(words.indexOf(last) + 1).some(isVerbLike) && occupation(last);
    return occupationHeads;
  };
  // "She entered the National Assembly in 1983", "was elected to Dáil Éireann": a seat in it.
  const seat = verbs.length > 0 && verbIs(verbs[verbs.length - 1]!, ['enter', 'elect']);
  if (seat && source.type === 'person' && LEGISLATURES.test(target.name) && ['', 'to'].includes(finalPrep))
    return { canonical: 'member of', inverted: false, known: true, targetType: 'organization' };
  for (const rule of RULES) {
    if (rule.preps && !rule.preps.includes(finalPrep)) continue;
    // An agent after "by" with no passive to take it ("raised money in a round led by X") is
    // another clause's.
    if (finalPrep === 'by' && rule.invertPassive && !passive) continue;
    if (targetType && rule.notTarget?.includes(targetType) && !(rule.invertPassive && passive)) continue;
    if (rule.onlyTargets && !rule.onlyTargets.includes(target.type)) continue;
    if (rule.verbs && !verbs.some((t) => verbIs(t, rule.verbs!))) continue;
    if (rule.lastVerb && !(verbs.length > 0 && verbIs(verbs[verbs.length - 1]!, rule.verbs ?? []))) continue;
    // "Boston University left the conference": a person's predicate needs a person, when the
    // lexicon is sure ("Estonia joined NATO" is membership).
    const from = rule.reversed || (rule.invertPassive && passive) ? target : source;
    if (from.evidence === 'strong' && rule.notSource?.includes(from.type)) continue;
    if (from.evidence !== 'none' && rule.notSourceTyped?.includes(from.type)) continue;
    const notPerson = from.evidence === 'strong' && from.type !== 'person';
    if (notPerson && verbs.some((t) => verbIs(t, ['join']))) {
      return { canonical: 'member of', inverted: false, known: true };
    }
    if (rule.sourceType === 'person' && notPerson) continue;
    // (An occupation "of" something is often its maker's: "producer of The Rock".)
    // ("a civil engineer best known for the Vistula bridge": fame, not an employer; "plays as a
    // goalkeeper for KÍ Klaksvík": a player of the club.)
    if (rule.anyOccupation && verbs.some((t) => verbIs(t, ['know', 'remember', 'note', 'play', 'compete'])))
      continue;
    const occupied = rule.anyOccupation && finalPrep !== 'of';
    if (rule.nouns && !ownNouns().some((t) => nounIs(t, rule.nouns!)) && !(occupied && headOccupation()))
      continue;
    // "the capital of", not "the hailstorm capital of" or "the cultural capital of".
    if (rule.canonical === 'capital of') {
      const at = between.findIndex((t) => nounIs(t, ['capital']));
      if (!['DET', 'PRON'].includes(between[at - 1]?.pos ?? '') && at !== 0) continue;
    }
    // "We run Lumio Desk 5.2": one runs software by using it.
    if (rule.canonical === 'leads' && targetType === 'product' && verbs.some((t) => verbIs(t, ['run']))) {
      return { canonical: 'uses', inverted: false, known: true };
    }
    if (rule.canonical === 'lives in' && source.type !== 'person' && relocates(between)) {
      return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
    }
    if (rule.canonical === 'lives in' && source.type === 'organization' && source.evidence === 'strong')
      continue;
    // "Callum opened a climbing gym in Leith": what a person opens is there, not the person.
    // ("She has been based in Berlin since 2017": a person based somewhere lives there.)
    if (
      rule.canonical === 'located in' &&
      source.type === 'person' &&
      source.evidence !== 'none' &&
      verbs.some((t) => verbIs(t, ['base']))
    )
      return { canonical: 'lives in', inverted: false, known: true };
    if (rule.canonical === 'located in' && rule.verbs && source.type === 'person') continue;
    // "Farid's new house in Mississauga": a home of one's own, said without a verb.
    if (rule.noVerbs && verbs.length > 0) continue;
    if (rule.onlyBe && verbs.some((t) => root(t) !== 'be')) continue;
    const owned = rule.invertPassive && passive ? source : target;
    if (rule.notOwnedPlace && ['location', 'region'].includes(lexicon().classOf(owned.keys[0]!) ?? ''))
      continue;
    if (rule.verbBeforePrep) {
      const prep = words.map((t) => t.lower).lastIndexOf(finalPrep);
      const before = words
        .slice(0, prep)
        .filter((t) => t.pos !== 'ADV')
        .pop();
      if (!before || !verbs.includes(before) || !verbIs(before, rule.verbs ?? [])) continue;
    }
    // ("joined the Liberal Party", "a cellist with the Rotterdam Philharmonic Orchestra": one is a
    // member of a body one joins or plays with.)
    if (
      rule.canonical === 'works at' &&
      (verbs.some((t) => verbIs(t, ['join'])) || finalPrep === 'with') &&
      GROUP_WORDS.test(target.name)
    ) {
      return { canonical: 'member of', inverted: false, known: true };
    }
    // ("spent three seasons with the Danish club Fortuna Hjørring": a club's player is its member.)
    if (rule.canonical === 'works at' && nouns.some((t) => CLUB_NOUNS.has(t.lower)))
      return { canonical: 'member of', inverted: false, known: true };
    const inverted = Boolean(rule.reversed || (rule.invertPassive && passive));
    // ("my dad Hiroshi finally bought the Toyota Yaris Hybrid": a person's purchase is theirs; a
    // company acquires.)
    const [buyer, bought] = inverted ? [target, source] : [source, target];
    if (
      rule.canonical === 'acquired' &&
      buyer.type === 'person' &&
      !['organization', 'person'].includes(bought.type)
    )
      return { canonical: 'owns', inverted, known: true, sourceType: 'person' };
    return {
      canonical: rule.canonical,
      inverted,
      known: true,
      sourceType: rule.sourceType,
      targetType: rule.targetType,
    };
  }
  // "the municipality of Kaprijke, in the province of East Flanders": a place in a place, the
  // kind of the second said or not.
  const bareIn = () =>
    ['in', ', in'].includes(
      words
        .slice(0, described)
        .filter((t) => t.pos !== 'DET')
        .map((t) => t.lower)
        .join(' '),
    );
  if (
    source.type === 'location' &&
    bareIn() &&
    // (A country is in no province: "the mountains of southern Morocco, in the province of Tiznit".)
    lexicon().classOf(source.keys[0]!) !== 'region' &&
    (target.type === 'location' || target.evidence === 'none')
  )
    return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
  // "is a museum in Paris", "is a census-designated place in Pulaski County", and the same said
  // as an apposition: "Hartley & Moss, an architecture firm in Denver".
  const copula =
    between[0] !== undefined &&
    (root(between[0]) === 'be' || (between[0].text === ',' && verbs.length === 0)) &&
    between[1]?.pos === 'DET';
  if (
    copula &&
    source.type !== 'person' &&
    finalPrep === 'in' &&
    nouns.length > 0 &&
    (target.type === 'location' || target.evidence !== 'strong')
  ) {
    return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
  }
  // "he just started at Maple Grove Elementary": a pupil's first day.
  if (
    finalPrep === 'at' &&
    verbs.some((t) => verbIs(t, ['start', 'begin'])) &&
    /\b(school|college|university|elementary|academy|kindergarten)\b/i.test(target.name) &&
    !/\b(hospital|clinic|press|museum|library|bank)\b/i.test(target.name)
  ) {
    return { canonical: 'studied at', inverted: false, known: true, sourceType: 'person' };
  }
  // "Leyla just started at Aselsan", "I started at Brightwave Studios in March": a first day at work.
  if (
    finalPrep === 'at' &&
    verbs.length === 1 &&
    verbIs(verbs[0]!, ['start', 'begin']) &&
    (source.type === 'person' || source.evidence === 'none') &&
    !['person', 'location', 'date', 'product'].includes(target.type) &&
    nouns.length === 0
  ) {
    return {
      canonical: 'works at',
      inverted: false,
      known: true,
      sourceType: 'person',
      targetType: 'organization',
    };
  }
  // "Felix is still at BMW", "she's at Google now": a person at an organisation works there.
  const onlyBe = between.every((t) => root(t) === 'be' || ['ADV', 'ADP', 'DET', 'PART'].includes(t.pos));
  if (
    onlyBe &&
    finalPrep === 'at' &&
    between.some((t) => root(t) === 'be') &&
    source.type === 'person' &&
    target.type === 'organization'
  ) {
    return { canonical: 'works at', inverted: false, known: true };
  }
  // "I'm on a Pixel 7", "she is on Windows 11": a person on a product runs it. (wink reads "I'm" as
  // one word, so the "be" may be inside the subject.)
  if (onlyBe && finalPrep === 'on' && source.type === 'person' && target.type === 'product') {
    return { canonical: 'uses', inverted: false, known: true };
  }
  // Anything else: one verb and its preposition, nothing more, as the predicate. ("starred opposite
  // X" says X shares the verb, not what the subject did to X: companionOf reads it.)
  if (COMPANIONS.has(finalPrep)) return undefined;
  if (verbs.length === 1 && nouns.length === 0 && content.length <= 2 && !passive) {
    if (LIGHT_VERBS.has(root(verbs[0]!))) return undefined;
    const words = content.filter((t) => isVerbLike(t) || t.pos === 'ADP').map(root);
    if (words.length > 0) return { canonical: words.join(' '), inverted: false, known: false };
  }
  return undefined;
}

/**
 * The canonical predicate a role noun names ("CEO" of → leads, "founder" of → founded, "capital"
 * of → capital of), read from the holder to what it is held of; undefined for other nouns.
 */
export function nounPredicate(word: string, prep = 'of', plurals = true): PredicateMatch | undefined {
  // "co-CEOs" is what "CEO" is; "boss" stays "boss".
  const bare = word.toLowerCase().replace(/^co-(?=ceo|chair|president|director|head|leader)/, '');
  const rules = nounRules();
  const singular = plurals ? bare.replace(/(?<=[a-z]{2})ies$/, 'y').replace(/(?<=[a-z]{2})s$/, '') : bare;
  const candidates = [...(rules.get(bare) ?? []), ...(singular !== bare ? (rules.get(singular) ?? []) : [])];
  const rule = candidates
    .filter((r) => (r.preps ?? ['']).includes(prep))
    .sort((a, b) => RULES.indexOf(a) - RULES.indexOf(b))[0];
  if (!rule) return undefined;
  return {
    canonical: rule.canonical,
    inverted: false,
    known: true,
    sourceType: rule.sourceType,
    targetType: rule.targetType,
  };
}

let byNoun: Map<string, PredicateRule[]> | undefined;
/** The noun-only rules (not reversed ones), by each of their nouns. */
function nounRules(): Map<string, PredicateRule[]> {
  if (byNoun) return byNoun;
  byNoun = new Map();
  for (const rule of RULES) {
    if (rule.verbs || rule.reversed) continue;
    for (const noun of rule.nouns ?? []) byNoun.set(noun, [...(byNoun.get(noun) ?? []), rule]);
  }
  return byNoun;
}
