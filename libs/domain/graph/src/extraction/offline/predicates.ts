import { lexicon } from './lexicon';
import type { Mention } from './mentions';
import { POSSESSIVES } from './owners';
import { descriptionStart } from './predicate-descriptions';
import { DROPPED_HONORIFICS, NAME_TITLES, RANKS, SCHOOL_NAME, underLeader } from './name-words';
import { PREDICATE_RULES as RULES, PredicateMatch } from './predicate-rules';
import { bases, isVerbLike, root } from './predicate-verbs';
import {
  CALLED_OFF,
  CLUB_NOUNS,
  COMPANIONS,
  GROUP_WORDS,
  LEGISLATURES,
  LIGHT_VERBS,
  NEGATIONS,
  occupation,
  PLAYERS,
  relocates,
  TRAVEL_PARTICLES,
} from './predicate-words';
import { bare } from './name-tokens';
import { hyphenBased, joinsWords, Token } from './sentences';

export { CANONICAL_PREDICATES } from './predicate-rules';
export { isVerbLike } from './predicate-verbs';

/** Prefixes hyphened to a verb that leave it one: "co-founded", "re-elected". */
const VERB_PREFIXES = new Set([
  'co',
  're',
  'pre',
  'un',
  'de',
  'mis',
  'out',
  'over',
  'under',
  'cross',
  'counter',
  'self',
]);

/** Verbs of the language a program is made in: "written in Rust", "implemented in C++". */
const WRITTEN_IN = ['write', 'code', 'implement', 'program'];

/** Words of a body one directs by leading it: "the Sahel Water Institute", "the Arctic Plankton Programme". */
const DIRECTED_BODIES = new Set([
  'institute',
  'centre',
  'center',
  'programme',
  'program',
  'alliance',
  'laboratory',
  'lab',
  'observatory',
  'museum',
  'foundation',
  'society',
  'agency',
  'council',
  'department',
  'school',
  'academy',
  'hospital',
  'clinic',
  'unit',
  'consortium',
  'project',
  'festival',
  'orchestra',
  'choir',
]);

/** A person's job at an organisation, as the constructions below read it. */
const A_JOB: PredicateMatch = {
  canonical: 'works at',
  inverted: false,
  known: true,
  sourceType: 'person',
  targetType: 'organization',
};

/** Titles of who heads a function ("head of engineering"), not the firm it is at. */
const FUNCTION_HEADS = new Set(['head', 'director', 'vp', 'vice-president', 'manager', 'lead', 'chief']);

/**
 * "the hailstorm capital of", "the cultural capital of": a capital said with a word of its own
 * before it is a figure of speech; "the capital of", "its capital", "capital of" are a seat of
 * government.
 */
export function figurativeCapital(between: Token[]): boolean {
  const at = between.findIndex((t) => t.lower === 'capital' || t.lower === 'capitals');
  return at > 0 && !['DET', 'PRON'].includes(between[at - 1]!.pos);
}

/** Nouns for money raised, which an investor "leads": "a seed round led by …". */
const FUNDING_NOUNS = new Set(['round', 'raise', 'financing', 'funding', 'investment']);

/** Whether the words say "<a funding round> led by": its investor, not a head. */
const fundingRoundLed = (between: Token[]): boolean =>
  between.some(
    (t, k) =>
      t.lemma === 'lead' && between[k + 1]?.lower === 'by' && FUNDING_NOUNS.has(between[k - 1]?.lower ?? ''),
  );

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
  // ("Guess who I ran into at Heathrow", "bumped into her at the Lidl": a chance meeting relates
  // no one to the place.)
  if (words.some((t, k) => (t.lemma === 'run' || t.lemma === 'bump') && words[k + 1]?.lower === 'into'))
    return undefined;
  const content = words.filter((t) => !['DET', 'PUNCT', 'ADV', 'NUM', 'SYM', 'INTJ'].includes(t.pos));
  // ("the Busan-based company": "based" there only says where the company is.)
  // (Nor "open" in "an open-source database", "owned" in "the family-owned winery": a word hyphened
  // to another is an adjective's half.)
  // (The words that only describe the target hold no verb: "by Tsinghua University graduates".)
  const described = descriptionStart(between);
  const verbs = content.filter((t) => {
    const at = words.indexOf(t);
    if (at >= described) return false;
    // (But "majority-owned by Jambo Telecom" is a passive still.)
    // ("co-founded", "re-elected": a verb's prefix leaves it a verb.)
    const half =
      joinsWords(words[at + 1]) ||
      (joinsWords(words[at - 1]) &&
        t.space === '' &&
        words[at + 1]?.lower !== 'by' &&
        !VERB_PREFIXES.has(words[at - 2]?.lower ?? ''));
    // ("our acquiring partner Adyen": an -ing word between a determiner and a noun modifies the noun.)
    const modifier =
      /ing$/.test(t.lower) &&
      (words[at - 1]?.pos === 'DET' || POSSESSIVES.has(words[at - 1]?.lower ?? '')) &&
      words[at + 1]?.pos === 'NOUN';
    return isVerbLike(t) && !hyphenBased(words, at) && !half && !modifier;
  });
  // (A word before "of" heads a noun phrase whatever its tag: "the chief of".)
  const nouns = content.filter(
    (t, i) =>
      (t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'ADJ' && content[i + 1]?.lower === 'of')) &&
      !verbs.includes(t),
  );
  const lastWord = between
    .slice(0, described)
    .reverse()
    // ("pulls metrics from our Prometheus server": a possessive is a determiner here; and "by Dr.
    // Ana Ruiz": a title dropped from the name is no word of the predicate.)
    .find(
      (t) =>
        t.pos !== 'DET' &&
        t.pos !== 'PUNCT' &&
        !POSSESSIVES.has(t.lower) &&
        !DROPPED_HONORIFICS.has(bare(t)) &&
        // ("chaired by Lord Justice Edwin Harcourt": nor a rank written before it.)
        !(t.text !== t.lower && (RANKS.has(bare(t)) || NAME_TITLES.has(bare(t)))),
    );
  // ("is used in production by companies including Adyen": the agents a list after "by" names.)
  const byAt = between.map((t) => t.lower).lastIndexOf('by');
  const listedAgents =
    lastWord !== undefined &&
    ['including', 'like'].includes(lastWord.lower) &&
    byAt >= 0 &&
    between.slice(byAt + 1, between.indexOf(lastWord)).every((t) => ['NOUN', 'ADJ', 'DET'].includes(t.pos));
  const finalPrep = listedAgents
    ? 'by'
    : lastWord && (lastWord.pos === 'ADP' || lastWord.lower === 'to' || COMPANIONS.has(lastWord.lower))
      ? lastWord.lower
      : '';
  // "was painted by", and a participle on its own: "the Mona Lisa, painted by Leonardo".
  // ("was set up by", "was put together by": participles that look like no other.)
  const participle = (t: Token) =>
    /(ed|en|wn|ght|lt|id|un|ld|de|nd|ng)$/.test(t.lower) || ['set', 'put', 'cut', 'shut'].includes(t.lower);
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
          // ("a fortress built by the Knights Templar", "a firm bought by …": irregular ones too.)
          (beforeBy !== undefined && isVerbLike(beforeBy) && /(ed|en|wn|lt|ght)$/.test(beforeBy.lower)))));
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
  // ("a B.Tech from", "her M.Sc.": a degree written with stops.)
  const nounIs = (t: Token, words: string[]) =>
    words.includes(root(t)) || words.includes(t.lower) || words.includes(t.lower.replace(/\./g, ''));
  // A type the lexicon is sure of rules a predicate out; a guessed one does not.
  const targetType = target.evidence === 'strong' ? target.type : undefined;

  // ("a database written in Rust": a language a program is written in is no place.)
  if (finalPrep === 'in' && verbs.length > 0 && verbIs(verbs[verbs.length - 1]!, WRITTEN_IN))
    return undefined;
  // "never worked at", "dropped its planned acquisition of": what did not happen is no relation.
  if (between.some((t) => NEGATIONS.has(t.lower) || CALLED_OFF.has(root(t)))) return undefined;
  // The last noun as an occupation, when no verb follows it (not "a footballer who plays as a
  // forward for"); read once, and only for a rule that takes any occupation.
  let occupationHeads: boolean | undefined;
  const headOccupation = () => {
    // (Not a noun that only says what the name is: "a player for the club VK Jadran".)
    const last = nouns.filter((t) => words.indexOf(t) < described).pop();
    occupationHeads ??=
      last !== undefined && !words.slice(words.indexOf(last) + 1).some(isVerbLike) && occupation(last);
    return occupationHeads;
  };
  // ("Ana Silva, head of engineering at Payvault", "the director of research at Kestrel": the head
  // of a function at a firm works there.)
  const ofAt = between.findIndex((t) => t.lower === 'of');
  if (
    finalPrep === 'at' &&
    ofAt > 0 &&
    verbs.length === 0 &&
    FUNCTION_HEADS.has(between[ofAt - 1]!.lower) &&
    between
      .slice(ofAt + 1, -1)
      .every((t) => t.text === t.lower && ['NOUN', 'ADJ', 'CCONJ'].includes(t.pos)) &&
    source.type !== 'location'
  )
    return { ...A_JOB };
  // ("bought a 60% stake in Kheti Kitchen", "owns a majority stake in Volta Trust": a share of more
  // than half is ownership; "a minority stake", "its 20% stake" is none.)
  const stake = between.findIndex((t) => t.lower === 'stake' || t.lower === 'stakes');
  if (stake >= 0 && finalPrep === 'in' && between[between.length - 1]?.lower === 'in') {
    const said = between.slice(0, stake).map((t) => t.lower);
    const share = Number(said.find((w) => /^\d+(?:\.\d+)?$/.test(w)) ?? NaN);
    const most = said.some((w) => ['majority', 'controlling'].includes(w)) || share > 50;
    if (!most || !verbs.some((t) => verbIs(t, ['buy', 'acquire', 'take', 'hold', 'own']))) return undefined;
    return { canonical: 'owns', inverted: false, known: true };
  }
  // ("The company employs 160 people at its Berlin headquarters", "employs 4,200 people at
  // factories in Shiga": where a firm employs people, it is.)
  if (
    verbs.length > 0 &&
    verbIs(verbs[0]!, ['employ']) &&
    ['at', 'in'].includes(finalPrep) &&
    source.type !== 'person' &&
    (target.type === 'location' || target.evidence === 'none')
  )
    return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
  // "She entered the National Assembly in 1983", "was elected to Dáil Éireann", "he also sat in the
  // Chamber of Deputies", "served in the Bundestag": a seat in it.
  const lastVerb = verbs[verbs.length - 1];
  const seat =
    lastVerb !== undefined &&
    ((verbIs(lastVerb, ['enter', 'elect']) && ['', 'to'].includes(finalPrep)) ||
      (verbIs(lastVerb, ['sit', 'serve']) && ['in', 'on'].includes(finalPrep)));
  if (seat && source.type === 'person' && LEGISLATURES.test(target.name))
    return { canonical: 'member of', inverted: false, known: true, targetType: 'organization' };
  for (const rule of RULES) {
    if (rule.preps && !rule.preps.includes(finalPrep)) continue;
    // An agent after "by" with no passive to take it ("raised money in a round led by X") is
    // another clause's.
    if (finalPrep === 'by' && rule.invertPassive && !passive) continue;
    // ("a partnership with X and a seed round led by Kepple Africa Ventures": an investor leads a
    // funding round, never the company raising it.)
    if (rule.canonical === 'leads' && fundingRoundLed(between)) continue;
    // ("has deployed 300 units of the Dalbit X2": a count of things, no part of them.)
    if (
      rule.canonical === 'part of' &&
      between.some((t, k) => t.lemma === 'unit' && between[k - 1]?.pos === 'NUM')
    )
      continue;
    if (targetType && rule.notTarget?.includes(targetType) && !(rule.invertPassive && passive)) continue;
    if (rule.onlyTargets && !rule.onlyTargets.includes(target.type)) continue;
    if (rule.schoolsOnly && !SCHOOL_NAME.test((rule.reversed ? source : target).name)) continue;
    if (rule.notSchools && SCHOOL_NAME.test(target.name)) continue;
    if (rule.onlySources && !rule.onlySources.includes((rule.reversed ? target : source).type)) continue;
    if (rule.verbs && !verbs.some((t) => verbIs(t, rule.verbs!))) continue;
    if (rule.words && !between.some((t) => rule.words!.includes(t.lower))) continue;
    if (rule.notDescribed && between[0]?.text === ',' && ['a', 'an', 'the'].includes(between[1]?.lower ?? ''))
      continue;
    if (rule.lastVerb && !(verbs.length > 0 && verbIs(verbs[verbs.length - 1]!, rule.verbs ?? []))) continue;
    // "Boston University left the conference": a person's predicate needs a person, when the
    // lexicon is sure ("Estonia joined NATO" is membership).
    const from = rule.reversed || (rule.invertPassive && passive) ? target : source;
    if (from.evidence === 'strong' && rule.notSource?.includes(from.type)) continue;
    // (A town's name guessed so may be a firm's, within another: "Bethesda now sits within Xbox
    // Game Studios".)
    const firmsTown =
      rule.canonical === 'part of' &&
      from.type === 'location' &&
      from.evidence === 'weak' &&
      target.type === 'organization' &&
      target.evidence === 'strong';
    if (from.evidence !== 'none' && !firmsTown && rule.notSourceTyped?.includes(from.type)) continue;
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
    // ("stars Imran Qadri as a Mumbai accountant who uncovers a fraud, with Tanvi Deshpande": past a
    // relative clause on the occupation, the name is no employer.)
    if (rule.anyOccupation && between.some((t) => t.lower === 'who' || t.lower === 'whom')) continue;
    // ("chief economist of the World Bank": an occupation "of" an organisation is a job there.)
    const occupied =
      rule.anyOccupation &&
      (finalPrep !== 'of' || (target.type === 'organization' && target.evidence !== 'none'));
    if (rule.nouns && !ownNouns().some((t) => nounIs(t, rule.nouns!)) && !(occupied && headOccupation()))
      continue;
    if (rule.canonical === 'capital of' && rule.nouns?.includes('capital') && figurativeCapital(between))
      continue;
    // ("a former deputy mayor of Almaty", "the deputy director of Museu Nacional": a deputy works
    // under the one who leads, and holds no place.)
    if (rule.canonical === 'leads' && rule.nouns) {
      const title = between.findIndex((t) => nounIs(t, rule.nouns!));
      if (title > 0 && underLeader(between[title - 1]!.lower)) {
        if (target.type === 'location') return undefined;
        return { canonical: 'works at', inverted: Boolean(rule.reversed), known: true };
      }
    }
    // "We run Lumio Desk 5.2": one runs software by using it.
    // ("The Tessera T7 … runs TesseraOS": so does a device run its system.)
    // ("We run Ledgerly on-prem": a company runs no firm it does not own; what it runs, it uses.)
    const companyRuns =
      source.type === 'organization' && (targetType === 'concept' || targetType === undefined);
    if (
      rule.canonical === 'leads' &&
      (targetType === 'product' || source.type === 'product' || companyRuns) &&
      verbs.some((t) => verbIs(t, ['run']))
    ) {
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
    if (rule.bare && between.some((t) => !['AUX', 'ADV', 'ADP', 'PART'].includes(t.pos) && root(t) !== 'be'))
      continue;
    const owned = rule.invertPassive && passive ? source : target;
    if (rule.notOwnedPlace && ['location', 'region'].includes(lexicon().classOf(owned.keys[0]!) ?? ''))
      continue;
    if (rule.verbBeforePrep) {
      const prep = words.map((t) => t.lower).lastIndexOf(finalPrep);
      // (Past a verb's particles: "flew in from", "drove all the way from".)
      const before = words
        .slice(0, prep)
        .filter((t) => t.pos !== 'ADV' && !TRAVEL_PARTICLES.has(t.lower))
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
    // (So is one who plays for it: "a water polo player for VK Jadran".)
    if (
      rule.canonical === 'works at' &&
      (nouns.some((t) => CLUB_NOUNS.has(t.lower)) ||
        (finalPrep === 'for' && nouns.some((t) => PLAYERS.has(t.lower))))
    )
      return { canonical: 'member of', inverted: false, known: true };
    // ("Celonis will work with ETH Zurich": an organisation's work with another is a partnership.)
    if (
      rule.canonical === 'works with' &&
      [source, target].some((m) => m.type === 'organization' && m.evidence !== 'none')
    )
      return { canonical: 'partner of', inverted: false, known: true };
    const inverted = Boolean(rule.reversed || (rule.invertPassive && passive));
    // ("directs the Kimmelman Center", "has been directed by Sunita Bakker": one directs a body by
    // leading it, a film by making it.)
    // (Said by its name: "Rain at the Lisbon Hotel" is a film a hotel's name made an organisation.)
    const body = owned.keys[0]!.split(' ').some((w) => DIRECTED_BODIES.has(w));
    if (rule.canonical === 'created' && body && verbs.some((t) => verbIs(t, ['direct'])))
      return { canonical: 'leads', inverted, known: true, sourceType: 'person' };
    // ("my dad Hiroshi finally bought the Toyota Yaris Hybrid": a person's purchase is theirs; a
    // company acquires.)
    const [buyer, bought] = inverted ? [target, source] : [source, target];
    if (
      rule.canonical === 'acquired' &&
      buyer.type === 'person' &&
      !['organization', 'person'].includes(bought.type)
    )
      return { canonical: 'owns', inverted, known: true, sourceType: 'person' };
    // ("at its Berlin headquarters and an engineering hub in Kraków": a second site listed after a
    // town is the firm's, not in the town.)
    if (
      rule.canonical === 'located in' &&
      source.type === 'location' &&
      between.some((t, k) => t.lower === 'and' && between[k + 1]?.pos === 'DET')
    )
      return undefined;
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
  // ("The Petronas Towers are twin skyscrapers in Kuala Lumpur": a plural's noun without "a".)
  const plural =
    ['are', 'were'].includes(between[0]?.lower ?? '') &&
    ['ADJ', 'NOUN', 'NUM'].includes(between[1]?.pos ?? '');
  const copula =
    between[0] !== undefined &&
    (root(between[0]) === 'be' || (between[0].text === ',' && verbs.length === 0)) &&
    (between[1]?.pos === 'DET' || plural);
  if (
    copula &&
    source.type !== 'person' &&
    finalPrep === 'in' &&
    nouns.length > 0 &&
    (target.type === 'location' || target.evidence !== 'strong')
  ) {
    return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
  }
  // "he just started at Maple Grove Elementary": a pupil's first day ("Danny just started at
  // Bellaire High" too).
  if (
    finalPrep === 'at' &&
    verbs.some((t) => verbIs(t, ['start', 'begin'])) &&
    /\b(school|college|university|elementary|academy|kindergarten)\b|\bHigh$/i.test(target.name) &&
    !/\b(hospital|clinic|press|museum|library|bank)\b/i.test(target.name)
  ) {
    return { canonical: 'studied at', inverted: false, known: true, sourceType: 'person' };
  }
  // "The company was started in 2019 by Wanjiru Kamau": who founded it ("started at" is a person's
  // first day, above and below).
  if (
    passive &&
    verbs.some((t) => verbIs(t, ['start'])) &&
    source.type === 'organization' &&
    !['organization', 'location', 'date', 'product'].includes(target.type)
  ) {
    return { canonical: 'founded', inverted: true, known: true, sourceType: 'person' };
  }
  // "Leyla just started at Aselsan", "I started at Brightwave Studios in March": a first day at work.
  if (
    finalPrep === 'at' &&
    verbs.length === 1 &&
    verbIs(verbs[0]!, ['start', 'begin']) &&
    (source.type === 'person' || source.evidence === 'none') &&
    !['person', 'location', 'date', 'product'].includes(target.type) &&
    nouns.length === 0
  )
    return { ...A_JOB };
  // "Felix is still at BMW", "she's at Google now": a person at an organisation works there.
  const onlyBe = between.every((t) => root(t) === 'be' || ['ADV', 'ADP', 'DET', 'PART'].includes(t.pos));
  // ("Is Lena still at Stripe?", "Marcus still at the BBC?": "still" or "now" says it without the
  // verb, and of a name nothing typed: "he is now at Ericsson".)
  const still = between.some((t) => t.lower === 'still' || t.lower === 'now');
  if (
    onlyBe &&
    finalPrep === 'at' &&
    (between.some((t) => root(t) === 'be') || still) &&
    source.type === 'person' &&
    (target.type === 'organization' || (still && target.evidence === 'none'))
  ) {
    return { ...A_JOB };
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
