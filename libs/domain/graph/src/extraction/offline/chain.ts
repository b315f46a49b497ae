import { asideEnd } from './clauses';
import { isCodeName } from './code-names';
import { isOrganizationNoun, REPORTING_VERBS } from './cues';
import { peoplePlural } from './predicate-descriptions';
import { Discourse } from './discourse';
import { Mention } from './mentions';
import { DISTRICTS, LAND_FEATURES, namesItsKind } from './kinds';
import { DEGREES, SCHOOL_NAME } from './name-words';
import { bare } from './name-tokens';
import { nounGender, pronounGender, rel } from './owners';
import { nounPredicate } from './noun-predicates';
import { personalName } from './short-names';
import { isVerbLike } from './predicates';
import type { SentenceRelation } from './relations';
import { joinsWords, phrase, Sentence, Token } from './sentences';
import { isHeadsTeam, isTeam } from './teams';
import { chatFirstPerson, elidedSubjectAt } from './chat-subjects';

/** A verb's past participle: "headquartered", "founded", "known". */
const pastParticiple = (token: Token | undefined): boolean =>
  token !== undefined && isVerbLike(token) && /(?:ed|en|wn)$/.test(token.lower);
/** Modal verbs: "can you believe it" asks, and says nothing of "you". */
const MODALS = new Set(['can', 'could', 'would', 'will', 'should', 'may', 'might', 'must', 'shall']);
/** Pronouns that stand for a person mentioned before. */
const SUBJECT_PRONOUNS = new Set(['he', 'she']);
/** Words after "we moved" that leave no thing moved: "we moved to Lekki", "we moved back". */
const INTRANSITIVE_MOVES = new Set([
  'to',
  'back',
  'here',
  'there',
  'in',
  'abroad',
  'away',
  'out',
  'home',
  'house',
]);
/** Words that make a "group" one of music: "the vocal group", "the Mexican rock group". */
const MUSIC_WORDS = new Set([
  'vocal',
  'rock',
  'pop',
  'folk',
  'jazz',
  'punk',
  'indie',
  'music',
  'musical',
  'girl',
  'boy',
  'hip-hop',
  'rap',
  'soul',
  'funk',
  'metal',
  'reggae',
  'electronic',
]);
const OBJECT_PRONOUNS = new Set(['him', 'her']);
/** "I", "I'm": the speaker of a conversation turn. */
const FIRST_PERSON = /^(?:i(?:['’](?:m|ve|d|ll))?|me)$/;
/** Nouns a place is referred back to by: "The city is home to …". */
const PLACE_NOUNS = new Set(['city', 'town', 'village', 'country', 'capital', 'region', 'island', 'state']);
/** Entities a definite noun stands for only when it names what they are: "the error", "the address". */
const IDENTIFIER_TYPES = new Set(['error_code', 'email', 'url']);
const TROUBLE_NOUNS = new Set(['error', 'issue', 'bug', 'problem', 'code', 'fault', 'failure', 'crash']);
/**
 * "Verdant Polymers makes packaging. The company is based in Austin.": with no organisation named,
 * "the company" is what the text is about when nothing typed its name, which it then types.
 */
function untypedSubject(discourse: Discourse): Mention | undefined {
  const about = discourse.thing();
  if (about?.type !== 'concept' || about.evidence !== 'none') return undefined;
  Object.assign(about, { type: 'organization', evidence: 'weak' });
  return about;
}

/** Nouns for the place an article is about: "lived in the town until his death". */
const TOWN_NOUNS = new Set(['town', 'city', 'village']);
/** Prepositions of where, before "the town": not "After the city fell". */
const LOCATIVE = new Set(['in', 'to', 'from', 'near', 'around', 'outside', 'across']);

/** Verbs of what one does at an institution, which "there" after them may stand for. */
const INSTITUTION_VERBS = new Set([
  'study',
  'work',
  'teach',
  'train',
  'lecture',
  'research',
  'enrol',
  'enroll',
  'intern',
]);

/** Nouns for a group of people, never a thing "the" refers back to. */
const PEOPLE_GROUPS = new Set(['family', 'couple', 'pair', 'children', 'siblings', 'brothers', 'sisters']);

/** Nouns of a time phrase that may open a clause: "last year", "this month". */
const TIME_NOUNS = new Set([
  'year',
  'month',
  'week',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'quarter',
]);

/**
 * Where a relative clause opened by the comma at `comma` (", which …", ", who …") closes (clauses.ts
 * asideEnd), or -1.
 */
function relativeClauseEnd(tokens: Token[], comma: number): number {
  if (tokens[comma]?.text !== ',' || !['which', 'who', 'that'].includes(tokens[comma + 1]?.lower ?? ''))
    return -1;
  return asideEnd(tokens, comma + 2);
}

/**
 * The kind noun a copula gives a name ending at `end`: "band" in "… were a Scottish indie-rock band
 * formed in Dundee", "club" in "… is a professional ice hockey club based in Poprad".
 */
function kindSaid(tokens: Token[], end: number): string | undefined {
  if (tokens[end]?.lemma !== 'be' || !['a', 'an'].includes(tokens[end + 1]?.lower ?? '')) return undefined;
  let noun: Token | undefined;
  for (let k = end + 2; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.pos === 'NOUN' && t.text === t.lower) noun = t;
    else if (!['ADJ', 'PROPN'].includes(t.pos) && t.text !== '-') break;
  }
  return noun?.lower;
}

/** Mentions plus the pronouns that stand for one of them, in sentence order. */
export function withPronouns(sentence: Sentence, mentions: Mention[], discourse: Discourse): Mention[] {
  const out: Mention[] = [];
  let next = 0;
  const take = () => {
    const mention = mentions[next]!;
    out.push(mention);
    discourse.remember(mention);
    // "my wife Kemi", "her son, Emeka", "his sister, the actress Michiko Harada": the noun before a
    // name (or before its apposition) says whom "she" or "he" can be.
    const { tokens } = sentence;
    let gender = nounGender(tokens[mention.start - 1]?.lower.replace(/\.$/, '') ?? '');
    for (let k = mention.start - 1; !gender && k >= mention.start - 5 && k > 0; k--) {
      if (tokens[k]!.text !== ',') continue;
      if (tokens.slice(k + 1, mention.start).some((t) => !['DET', 'NOUN', 'ADJ'].includes(t.pos))) break;
      gender = nounGender(tokens[k - 1]!.lower);
    }
    // (Also a name nothing typed yet: "Her half-brother, Ibrahima Bâ, …" is typed by its relation.)
    if (gender && (mention.type === 'person' || mention.evidence === 'none'))
      discourse.learnGender(mention, gender);
    // ("the indie band The Glass Harbour": what "the band" will stand for.)
    const kindAt = mention.start - (tokens[mention.start - 1]?.text === 'The' ? 2 : 1);
    const kind = tokens[kindAt];
    if (kind?.pos === 'NOUN' && kind.text === kind.lower && mention.type !== 'person') {
      // ("the vocal group The Velvettes": a group of music is a band, "the luxury group" a firm.)
      const music = kind.lower === 'group' && MUSIC_WORDS.has(tokens[kindAt - 1]?.lower ?? '');
      discourse.rememberKind(kind.lower, mention);
      if (music) discourse.rememberKind('band', mention);
    }
    // ("The Granite Saints were a Welsh rock band": so is a sentence's subject said to be one.)
    const said = mention.type !== 'person' && mention.start <= 1 ? kindSaid(tokens, mention.end) : undefined;
    if (said) discourse.rememberKind(said, mention);
    next++;
  };
  // A chat's speaker, and where a turn leaves them out as its subject (chat-subjects.ts).
  const chatter = discourse.speakers.size > 0 ? discourse.speaker : undefined;
  const elided = chatter ? elidedSubjectAt(sentence.tokens) : -1;
  sentence.tokens.forEach((token, i) => {
    while (next < mentions.length && mentions[next]!.start <= i) take();
    // "It is part of …", "The film concerns …": the thing the text is about.
    // ("At the time the band consisted of …", "In 2019 the company moved …": past an opening
    // phrase of a preposition, with no verb nor comma, a clause opens too.)
    // ("Last month the group acquired …": so past a date that opens the sentence.)
    const fronted =
      i > 1 &&
      ((sentence.tokens[0]!.pos === 'ADP' &&
        sentence.tokens.slice(1, i).every((t) => !isVerbLike(t) && t.kind === 'word' && t.pos !== 'PROPN')) ||
        sentence.dates.some(([from, to]) => from === 0 && to === i - 1));
    const opensClause = i === 0 || sentence.tokens[i - 1]!.text === ',' || fronted;
    // ("The union, headquartered in Kumasi, is chaired by …": a participle's aside after the noun.)
    // ("The cooperative, still based in Chinchero, …": past an adverb too.)
    const adverb = sentence.tokens[i + 3]?.pos === 'ADV' ? 1 : 0;
    // ("The company, which still operates 62 stores in Ireland, was founded by …": or a relative
    // clause, whose closing comma the verb follows.)
    const closing = token.lower === 'the' ? relativeClauseEnd(sentence.tokens, i + 2) : -1;
    const aside =
      closing > 0 ||
      (sentence.tokens[i + 2]?.text === ',' && pastParticiple(sentence.tokens[i + 3 + adverb]));
    // ("The startup has signed …", "The company will open …": past an auxiliary that is not "be".)
    let v = closing > 0 ? closing + 1 : aside ? i + 3 + adverb : i + 2;
    while (
      sentence.tokens[v + 1] &&
      (sentence.tokens[v]!.pos === 'ADV' ||
        (sentence.tokens[v]!.pos === 'AUX' && sentence.tokens[v]!.lemma !== 'be')) &&
      ['VERB', 'AUX', 'ADV'].includes(sentence.tokens[v + 1]!.pos)
    )
      v++;
    const verb = sentence.tokens[v] ?? token;
    const definiteThing =
      token.lower === 'the' &&
      // ("The family still lives in Gothenburg": people, which "he" and "they" stand for, not a thing.)
      !PEOPLE_GROUPS.has(sentence.tokens[i + 1]?.lower ?? '') &&
      // (The tagger may read a noun before an aside's comma as an adjective: "The cooperative, …".)
      (sentence.tokens[i + 1]?.pos === 'NOUN' || (sentence.tokens[i + 1]?.pos === 'ADJ' && aside)) &&
      (isVerbLike(verb) || (verb.pos === 'AUX' && verb.lemma === 'be'));
    // ("IT coordinator": "it" in capitals is the trade, no pronoun.)
    const it = token.lower === 'it' && token.pos === 'PRON' && token.text !== 'IT';
    // ("Nordvind Energi AB today announced that it has acquired …": a reported clause's "it" is the
    // organisation reporting it.)
    if (it && !opensClause) {
      let verb = sentence.tokens[i - 1]?.lower === 'that' ? i - 2 : i - 1;
      // (Past when or where it was said: "announced on Tuesday that it …", "said in a statement".)
      const told = sentence.tokens
        .slice(Math.max(0, verb - 4), verb + 1)
        .findLastIndex((t) => REPORTING_VERBS.has(t.lemma));
      const said = told >= 0 ? Math.max(0, verb - 4) + told : -1;
      if (
        said >= 0 &&
        sentence.tokens[i - 1]?.lower === 'that' &&
        sentence.tokens
          .slice(said + 1, verb + 1)
          .every((t) => ['ADP', 'DET', 'PROPN', 'NOUN', 'NUM', 'ADV'].includes(t.pos))
      )
        verb = said;
      // (The sentence's subject first, past an aside that named people: "Pesaflow, led by
      // co-founders Wanjiru Kamau and Brian Otieno, also announced that it had hired …".)
      const reports = (m: Mention) =>
        m.end <= verb && (m.type === 'organization' || (m.type === 'concept' && !personalName(m)));
      const reporter = REPORTING_VERBS.has(sentence.tokens[verb]?.lemma ?? '')
        ? out[0]?.start === 0 && reports(out[0])
          ? out[0]
          : [...out].reverse().find(reports)
        : undefined;
      if (reporter) {
        out.push({ ...reporter, start: i, end: i + 1 });
        return;
      }
    }
    // ("…, and since 2010 it has been part of …": "it" as the subject of a clause that opens inside
    // the sentence, after a conjunction or an adverbial.)
    // ("…, and last year it acquired …": past a time phrase too.)
    const lastYear =
      TIME_NOUNS.has(sentence.tokens[i - 1]?.lower ?? '') &&
      ['last', 'this', 'next', 'that'].includes(sentence.tokens[i - 2]?.lower ?? '');
    const itOpens =
      it &&
      ['AUX', 'VERB'].includes(sentence.tokens[i + 1]?.pos ?? '') &&
      (['CCONJ', 'SCONJ', 'NUM'].includes(sentence.tokens[i - 1]?.pos ?? '') || lastYear);
    if ((opensClause || itOpens) && (it || definiteThing)) {
      // "The company is headquartered in …": the latest organisation, if the text is not about one.
      const noun = sentence.tokens[i + 1]!;
      const kind = !definiteThing
        ? undefined
        : isOrganizationNoun(noun)
          ? 'organization'
          : PLACE_NOUNS.has(noun.lower)
            ? 'location'
            : undefined;
      // ("The city is the birthplace of …" in an article on a city: the city, not its castle.)
      // ("the Scottish indie band The Glass Harbour … The band, formed in Dundee, consists of …":
      // the name the text introduced as one.)
      // (Or whose name holds the noun: "the union" after "Asante Cocoa Cooperative Union".)
      const introduced = definiteThing
        ? (discourse.ofKind(noun.lower) ?? discourse.latestNaming(noun.lower))
        : undefined;
      // (Past an aside, only a noun of a known kind: not "The complaint, filed at …".)
      if (aside && definiteThing && !kind && !introduced) return;
      // ("Founded in 2020 by A and B, who met at X, the company …": after an opening participle,
      // the organisation the text is about, not one the participle's phrase named.)
      const afterParticiple = kind === 'organization' && i > 0 && pastParticiple(sentence.tokens[0]);
      const thing =
        introduced ||
        (afterParticiple && discourse.firstOrganization) ||
        (kind === 'location' && discourse.openingOf(kind)) ||
        discourse.thing(kind) ||
        (kind === 'organization' ? untypedSubject(discourse) : undefined);
      // "The city is …", "The company is …": only a thing of a known kind is described so (or one
      // whose name says the noun: "The tower is owned by …" after "The Halvorsen Tower").
      const named = Boolean(thing?.keys[0]!.split(' ').includes(noun.lower));
      if (definiteThing && !isVerbLike(verb) && !named && (!thing || thing.evidence === 'none')) return;
      // ("The migration was run by …" after an error code: an identifier is only "the error".)
      if (definiteThing && thing && IDENTIFIER_TYPES.has(thing.type) && !TROUBLE_NOUNS.has(noun.lower))
        return;
      const end = definiteThing ? i + 2 : i + 1;
      if (!thing) return;
      // ("Larkspur is a database. It was created by Maarten de Vries while he …": what "it" stands
      // for is a thing, never whom "he" means.)
      if (it && thing.evidence === 'none') thing.evidence = 'weak';
      out.push({ ...thing, start: i, end });
      return;
    }
    // ("The São Paulo-headquartered company … bought …": the company the text is about, where its
    // town stands between "the" and the noun; not one named after it: "the Santiago-based company
    // Andes Sur Films".)
    const town = out[out.length - 1];
    if (
      i >= 3 &&
      isOrganizationNoun(token) &&
      ['based', 'headquartered'].includes(sentence.tokens[i - 1]!.lower) &&
      joinsWords(sentence.tokens[i - 2]) &&
      town?.end === i - 2 &&
      town.type === 'location' &&
      sentence.tokens[town.start - 1]?.lower === 'the' &&
      !['PROPN', 'NOUN'].includes(sentence.tokens[i + 1]?.pos ?? '')
    ) {
      // (A company, not the school a founder went to: "a master's from Carnegie Mellon University, …
      // co-founded Lumen Health. The Bengaluru-based startup …". The latest such, where places.ts's
      // "-based" reading takes the first: here the phrase is a clause's subject, the news's latest
      // party as often as its first.)
      const company = [discourse.thing('organization'), discourse.latest('organization')].find(
        (c) => c && !SCHOOL_NAME.test(c.name),
      );
      if (company && company.keys[0] !== town.keys[0]) out.push({ ...company, start: i, end: i + 1 });
      return;
    }
    // "Deere & Company bought the startup": an organisation named before, not this clause's own.
    const noun = sentence.tokens[i + 1];
    const after = sentence.tokens[i + 2];
    if (
      !opensClause &&
      token.lower === 'the' &&
      isOrganizationNoun(noun) &&
      !['NOUN', 'PROPN'].includes(after?.pos ?? '') &&
      !["'s", '’s'].includes(after?.lower ?? '')
    ) {
      // (What the text is about before the latest one named: "former NASA engineer" is an aside.)
      const about = discourse.thing('organization');
      // (But "Kaldi's chief executive, who co-founded the company": its possessor is the company.)
      const possessor = (m: Mention) => /^['’]s$/.test(sentence.tokens[m.end]?.lower ?? '');
      const referred =
        about && !out.some((m) => m.keys[0] === about.keys[0] && !possessor(m))
          ? about
          : discourse.latest('organization', out);
      if (referred) out.push({ ...referred, start: i, end: i + 2 });
      return;
    }
    // "lives there": the latest place ("there is …", "there's …" are no place).
    if (
      token.lower === 'there' &&
      noun !== undefined &&
      noun.lemma !== 'be' &&
      noun.lemma !== 'have' &&
      !/^['’]s$/.test(noun.lower)
    ) {
      // ("home to the University of Tartu; … studied medicine there": where one studies or works
      // may be the organisation named last.)
      const clause = sentence.tokens.slice(0, i).reverse();
      const verb = clause.find((t) => t.pos === 'VERB' || t.pos === 'AUX');
      const place =
        verb && INSTITUTION_VERBS.has(verb.lemma)
          ? discourse.latestOf(['location', 'organization'])
          : discourse.latest('location');
      if (place) out.push({ ...place, start: i, end: i + 1 });
      return;
    }
    // ("The painter Carmen Lozano was born here", "lived in the town until his death": in an
    // article on a place, the place.)
    const townNoun =
      token.lower === 'the' &&
      TOWN_NOUNS.has(noun?.lower ?? '') &&
      LOCATIVE.has(sentence.tokens[i - 1]?.lower ?? '');
    const here = token.lower === 'here' && i > 0 && isVerbLike(sentence.tokens[i - 1]!);
    const townAlone =
      townNoun &&
      !['NOUN', 'PROPN'].includes(sentence.tokens[i + 2]?.pos ?? '') &&
      !['of', "'s", '’s'].includes(sentence.tokens[i + 2]?.lower ?? '');
    if ((here || townAlone) && !discourse.speaker) {
      const place = discourse.openingOf('location');
      if (place) out.push({ ...place, start: i, end: here ? i + 1 : i + 2 });
      return;
    }
    // ("Olek: … we moved to Duluth when I was twelve": a speaker with no firm moves with "we".)
    // ("Ana: we live in Porto now", a forum post's "we live in Frankfurt near the airport": so with
    // "live", and in a message whose writer names no firm.)
    const moves = (t: Token | undefined) => ['move', 'relocate', 'emigrate', 'live'].includes(t?.lemma ?? '');
    const [verb1, verb2] = [sentence.tokens[i + 1], sentence.tokens[i + 2]];
    // (In a chat, before the firm the speaker works at: "we moved to Lekki" is the family's move.)
    if (
      token.lower === 'we' &&
      discourse.speaker?.type === 'person' &&
      (discourse.speakers.size > 0 || !discourse.speakersOrganization()) &&
      (moves(verb1) || (['ADV', 'AUX'].includes(verb1?.pos ?? '') && moves(verb2))) &&
      // (Ourselves, not a thing moved: "We moved the team to Santiago" is the firm's.)
      INTRANSITIVE_MOVES.has(sentence.tokens[moves(verb1) ? i + 2 : i + 3]?.lower ?? '')
    ) {
      out.push({ ...discourse.speaker, start: i, end: i + 1 });
      return;
    }
    // "We run Lumio Desk": a writer who said where they work speaks for it.
    // (Not "we both", "we all": people, not their employer.)
    const people = ['both', 'all', 'two'].includes(sentence.tokens[i + 1]?.lower ?? '');
    const organization = token.lower === 'we' && !people ? discourse.speakersOrganization() : undefined;
    if (organization) {
      // (As the organisation it is: "we're still in the same house in Hackney" is no firm's home.)
      out.push({ ...organization, start: i, end: i + 1, type: 'organization', evidence: 'strong' });
      return;
    }
    if (FIRST_PERSON.test(token.lower) && (token.text.startsWith('I') || token.lower === 'me')) {
      if (discourse.speaker) out.push({ ...discourse.speaker, start: i, end: i + 1 });
      return;
    }
    // A chat's turn says "i" and "im" as often as "I" and "I'm", and leaves its subject out:
    // "cant, working late at Naver", "moved to Galway last year".
    const lowerCase = chatter !== undefined && chatFirstPerson(sentence.tokens, i);
    // (A subject left out takes no word: the mention stands before the verb, ending where it starts.)
    if (chatter && (lowerCase || i === elided)) {
      out.push({ ...chatter, start: i, end: lowerCase ? i + 1 : i });
      return;
    }
    // "You have been with …", said to someone a turn or a greeting named: "you" as a verb's
    // subject ("Are you still working with Bogdan?" too), not its object ("thank you for …", "the
    // same insurance as you") nor a modal's question ("can you believe it").
    const before = sentence.tokens[i - 1];
    if (
      token.lower === 'you' &&
      discourse.addressee &&
      ['VERB', 'AUX', 'ADV', 'PART'].includes(noun?.pos ?? '') &&
      !(before?.pos === 'VERB' || (before?.pos === 'AUX' && MODALS.has(before.lower)))
    ) {
      out.push({ ...discourse.addressee, start: i, end: i + 1 });
      return;
    }
    if (token.pos !== 'PRON') return;
    // ("built her a little annex": whom something is done for is no object of the verb.)
    // (Nor is "her" before a degree: "earned her PhD at IIT Madras".)
    // ("produced her first solo record": "her" before adjectives and their noun owns it.)
    let head = i + 1;
    while (['ADJ', 'NUM'].includes(sentence.tokens[head]?.pos ?? '') && head < i + 4) head++;
    const owns = head > i + 1 && sentence.tokens[head]?.pos === 'NOUN';
    const isObject =
      OBJECT_PRONOUNS.has(token.lower) &&
      !(token.lower === 'her' && owns) &&
      noun?.pos !== 'NOUN' &&
      !['a', 'an'].includes(noun?.lower ?? '') &&
      !(noun !== undefined && DEGREES.has(bare(noun)));
    if (!SUBJECT_PRONOUNS.has(token.lower) && !isObject) return;
    // "The daughter of the mathematician S. Raghunathan, she …": not the name the opening describes.
    const described = frontedOf(sentence.tokens, i) ? out[out.length - 1] : undefined;
    // (After a clause of its own, "he" may be someone that clause named: "… with her husband Rui,
    // he got a job"; after an opening phrase with no verb it is the sentence's subject.)
    const afterClause = sentence.tokens.slice(0, i).some((t) => t.pos === 'VERB' || t.pos === 'AUX');
    const antecedent = discourse.person(
      isObject ? out[out.length - 1] : described,
      pronounGender(token.lower),
      !isObject,
      {
        afterClause,
      },
    );
    // ("joined him as assistant": "he" and "she" stand for a person, whatever typed the name.)
    const gender = pronounGender(token.lower);
    const gendered = gender !== undefined && antecedent?.type === 'person';
    // (Whom "she" stood for is a woman from then on, where her first name did not say: "Priya …,
    // she …; In 2011 the two founded Parcelwise, …. She is married to …" is Priya again.)
    // (Not when the sentence named someone else before the pronoun whom it may mean: "Chidi is
    // leaving. His replacement is Ngozi Eze, she …" does not make Chidi a woman.)
    const rival = out.some(
      (m) => m.keys[0] !== antecedent?.keys[0] && (m.type === 'person' || m.evidence === 'none'),
    );
    if (gendered && !rival && !discourse.genderOf(antecedent)) discourse.learnGender(antecedent, gender);
    if (antecedent)
      out.push({ ...antecedent, start: i, end: i + 1, ...(gendered ? { evidence: 'strong' as const } : {}) });
  });
  while (next < mentions.length) take();
  return out;
}

/**
 * Whether the pronoun at `at` follows a sentence's opening "The <noun> of …," with no verb in it:
 * the opening describes the pronoun's person by someone else ("The son of X, he …").
 */
export function frontedOf(tokens: Token[], at: number): boolean {
  const of = frontedNounAt(tokens);
  return (
    of > 0 &&
    tokens[at - 1]?.text === ',' &&
    // (An apposition may name the one described: "The son of a schoolteacher, Yaw Mensah, he".)
    !tokens.slice(of + 1, at - 1).some(isVerbLike)
  );
}

/**
 * Where the "of" of an opening "The son of", "The younger sister of" is (after an article, lower-case
 * adjectives and a noun), or -1.
 */
export function frontedNounAt(tokens: Token[]): number {
  if (tokens[0]?.pos !== 'DET') return -1;
  let k = 1;
  while (tokens[k]?.pos === 'ADJ' && tokens[k]!.text === tokens[k]!.lower) k++;
  // ("The youngest of five children of …", "The eldest of three daughters of …": one of several.)
  if (tokens[1]?.text === tokens[1]?.lower && tokens[2]?.lower === 'of' && tokens[3]?.pos === 'NUM') k = 4;
  return tokens[k]?.pos === 'NOUN' && tokens[k + 1]?.lower === 'of' ? k + 1 : -1;
}

/**
 * Mentions that only qualify the next one drop out of the chain: "the Seattle startup DataWorks"
 * (a place, which also says where DataWorks is) and "Figma's rival Frame.io" (a possessor).
 */
export function chainOf(tokens: Token[], all: Mention[], found: SentenceRelation[]): Mention[] {
  const chain: Mention[] = [];
  for (let i = 0; i < all.length; i++) {
    const mention = all[i]!;
    const next = all[i + 1];
    const gap = next ? tokens.slice(mention.end, next.start) : [];
    // ("pipeline-inspection firm": a hyphen joins two words of one modifier.)
    const nouns = (from: number) =>
      gap
        .slice(from)
        .every((t) => ((t.pos === 'NOUN' || t.pos === 'ADJ') && t.lower === t.text) || joinsWords(t));
    const words = gap.filter((t) => !joinsWords(t)).length - gap.filter(joinsWords).length;
    // ("the Aberdeen pipeline-inspection firm Glenmorie …": a name nothing typed, before the kind of
    // organisation that follows, is where it is.)
    // ("acquired Pune start-up Ledgerbyte": after a verb too, and before a name nothing typed.)
    const placeBefore =
      mention.type === 'location' ||
      (mention.evidence === 'none' &&
        (next?.type === 'organization' || next?.evidence === 'none') &&
        isOrganizationNoun(gap[gap.length - 1]) &&
        mention.end - mention.start === 1 &&
        tokens[mention.start]!.pos === 'PROPN' &&
        ['DET', 'VERB', 'ADP'].includes(tokens[mention.start - 1]?.pos ?? ''));
    // ("Pinecrest chief executive Fiona Walsh": a name before a company's officer is the company.)
    const officer = next?.type === 'person' && nounPredicate(gap[gap.length - 1]?.lower ?? '') !== undefined;
    if (next && placeBefore && !officer && gap.length > 0 && words <= 2 && !joinsWords(gap[0]!) && nouns(0)) {
      if (mention.type !== 'location') Object.assign(mention, { type: 'location', evidence: 'weak' });
      if (next.evidence === 'none') Object.assign(next, { type: 'organization', evidence: 'weak' });
      found.push({
        source: next,
        target: mention,
        canonical: 'located in',
        raw: phrase(tokens, mention.end, next.start),
        confidence: 0.7,
        end: mention.end,
      });
      continue;
    }
    // ("who succeeded Finland's Mikko Virtanen": a country's person is only qualified by it.)
    if (
      next &&
      mention.type === 'location' &&
      mention.evidence === 'strong' &&
      gap.length === 1 &&
      ["'s", '’s'].includes(gap[0]!.lower) &&
      next.type === 'person'
    )
      continue;
    // "Peru's Unión Andina de Cementos", "Dubai's Al Noor Hospitality Group": a place's company is
    // there, and the place only qualifies it. (One word nothing typed may be a work: "Iceland's Bell".)
    if (
      next &&
      mention.type === 'location' &&
      gap.length === 1 &&
      ["'s", '’s'].includes(gap[0]!.lower) &&
      (next.type === 'organization' ||
        (next.evidence === 'none' && next.end - next.start > 1) ||
        // ("Chile's Los Ríos Region", "Lisbon's Alfama district": a place's place is in it.)
        (next.type === 'location' && mention.evidence === 'strong'))
    ) {
      if (next.evidence === 'none') Object.assign(next, { type: 'organization', evidence: 'weak' });
      found.push(rel(next, mention, 'located in', "'s", next.start));
      continue;
    }
    if (next && gap.length >= 2 && gap.length <= 3 && ["'s", '’s'].includes(gap[0]!.lower) && nouns(1))
      continue;
    // "Parcelo's infrastructure team": the team is part of the organisation, which only qualifies it.
    if (next && gap.length === 1 && ["'s", '’s'].includes(gap[0]!.lower) && isTeam(next)) {
      // (Not a person's team, "Anjali Mehta's platform team", nor the firm's heads: "its executive
      // team", which annotators leave alone.)
      const personal = mention.evidence === 'none' && personalName(mention);
      if (mention.type === 'concept' && mention.evidence === 'none' && !personal)
        Object.assign(mention, { type: 'organization', evidence: 'weak' });
      // ("Anjali Mehta's platform team": whose team it is leads it.)
      if (personal) Object.assign(mention, { type: 'person', evidence: 'weak' });
      if (mention.type === 'person')
        found.push({
          source: mention,
          target: next,
          canonical: 'leads',
          raw: "'s",
          confidence: 0.6,
          end: next.start,
        });
      if (mention.type === 'organization' && !isHeadsTeam(next))
        found.push({
          source: next,
          target: mention,
          canonical: 'part of',
          raw: "'s",
          confidence: 0.7,
          end: next.start,
        });
      continue;
    }
    // "the Austin-based Electric Reliability Council": where the organisation is.
    // ("Mumbai-headquartered Tanvi Foods": so is one headquartered there.)
    const based = next && gap[0]?.text === '-' && ['based', 'headquartered'].includes(gap[1]?.lower ?? '');
    // (Not "Hoshino's Seattle-based US subsidiary": a name that itself qualifies a noun is no company.)
    const qualifier =
      next && tokens[next.end]?.pos === 'NOUN' && tokens[next.end]!.text === tokens[next.end]!.lower;
    if (based && gap.length > 1 && nouns(2) && qualifier) continue;
    if (based && gap.length > 1 && nouns(2)) {
      // ("Munich-based Celonis": what is based somewhere with no noun to say what is a company.)
      if (gap.length === 2 && next.evidence === 'none')
        Object.assign(next, { type: 'organization', evidence: 'weak' });
      found.push({
        source: next,
        target: mention,
        canonical: 'located in',
        raw: 'based in',
        confidence: 0.75,
        end: next.start,
      });
      continue;
    }
    // "the Kirk Kristiansen family", "the Berlin team": the name qualifies a noun that is the party.
    const after = tokens[mention.end];
    // But "our Zebra TC52 handhelds", "Cisco Meraki access points": a device is its make's.
    // (Nor is "the Nairobi Harriers club": the name is the club's, teams.ts typed it so.)
    // (Nor is "the Bjørvika district of Oslo": the district is a place of its own, in the city.)
    // (Nor "the Anti-Atlas mountains of southern Morocco": a land feature is a place too.)
    const feature =
      (mention.type === 'location' || mention.evidence === 'none') && LAND_FEATURES.has(after?.lower ?? '');
    const district =
      (mention.type === 'location' || mention.evidence === 'none') &&
      (DISTRICTS.has(after?.lower ?? '') || feature) &&
      (tokens[mention.end + 1]?.lower === 'of' || feature);
    if (district && mention.type !== 'location')
      Object.assign(mention, { type: 'location', evidence: 'weak' });
    // (A compass word may stand before the place: "of southern Morocco".)
    const of = tokens[mention.end + 1]?.lower === 'of' ? mention.end + 2 : -1;
    const compass = of > 0 && /^(?:north|south|east|west|central)/.test(tokens[of]?.lower ?? '') ? 1 : 0;
    if (district && of > 0 && next && next.start === of + compass && next.type === 'location')
      found.push(rel(mention, next, 'located in', phrase(tokens, mention.end, next.start), next.start));
    // ("by Tsinghua University graduates Zhou Wei and …": a plural of people between two names is
    // a noun, whatever the tagger read it as.)
    const people = after !== undefined && next?.start === mention.end + 1 && peoplePlural(after);
    if (people) after.pos = 'NOUN';
    const qualifies =
      !district &&
      after?.pos === 'NOUN' &&
      after.lower === after.text &&
      (people || !isVerbLike(after)) &&
      !namesItsKind(tokens, mention.end, mention) &&
      !isCodeName(mention) &&
      !(after.lower === 'club' && mention.type === 'organization') &&
      // (Nor a participle the tagger read as a noun, before a name: "a Pixel 7 running Android 14",
      // or after a place that "in" names: "six years at Allegro in Poznań building search".)
      !(
        /ing$/.test(after.lower) &&
        (next?.start === mention.end + 1 ||
          (mention.type === 'location' && tokens[mention.start - 1]?.lower === 'in'))
      );
    if (qualifies && mention.type !== 'error_code' && next?.type !== 'error_code') continue;
    chain.push(mention);
  }
  return chain;
}
