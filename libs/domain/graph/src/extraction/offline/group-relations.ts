import { frontedNounAt, frontedOf } from './chain';
import { Discourse } from './discourse';
import { keyOf } from './keys';
import type { Mention } from './mentions';
import { nounPredicate } from './noun-predicates';
import { isVerbLike } from './predicates';
import { ownerOf, POSSESSIVES, rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';
import { personalName } from './short-names';

// Relations a group of names holds among its members, or to what names them: "we are friends",
// "the brothers A and B", "The son of X, he …" (the members a list names: member-lists.ts).

/** What "we are …" makes the speaker to the person they talk of: "we've been friends since uni". */
const WE_ARE = new Map<string, string>(
  Object.entries({
    friends: 'friend of',
    colleagues: 'works with',
    coworkers: 'works with',
    partners: 'partner of',
    siblings: 'sibling of',
  }),
);

/**
 * "lunch with Marguerite, we've been friends since uni": "we", said by a turn's speaker, are the
 * speaker and the person just named; a plural relation noun after "be" relates them.
 */
export function weAre(sentence: Sentence, discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  const speaker = discourse.speaker;
  if (!speaker || discourse.speakersOrganization()) return out;
  tokens.forEach((token, at) => {
    if (token.lower !== 'we') return;
    let k = at + 1;
    let be = false;
    // One token a step, whatever it is: `be ||= tokens[k++]…` stopped stepping once `be` was true
    // and spun for ever on "we are all very …", holding the process (session 16).
    for (; tokens[k] && ['AUX', 'ADV', 'DET', 'ADJ'].includes(tokens[k]!.pos); k++) {
      if (tokens[k]!.lemma === 'be') be = true;
    }
    const canonical = WE_ARE.get(tokens[k]?.lower ?? '');
    const other = canonical && be ? discourse.person(speaker) : undefined;
    if (other) out.push(rel(speaker, other, canonical!, phrase(tokens, at, k + 1), k + 1));
  });
  return out;
}

/** Plural nouns that say what the names they head are to each other: "the brothers A and B". */
const GROUP_NOUNS = new Map<string, string>([
  ...WE_ARE,
  ...Object.entries({
    brothers: 'sibling of',
    sisters: 'sibling of',
    twins: 'sibling of',
    cofounders: 'works with',
  }),
]);

/** Plural nouns for one's children. */
const KIN_PLURALS = new Set(['sons', 'daughters', 'children', 'boys', 'girls', 'kids']);

/** What two people said to be "married" or "engaged" are to each other. */
const PAIRED_ADJECTIVES = new Map<string, string>([
  ['married', 'married to'],
  ['engaged', 'partner of'],
]);

/**
 * "Rodrigo and I are partners", "Ana and Tom have been close friends since school", "She and Duda
 * are sisters", "Leila and Karim were married in 2015": two names joined by "and", then "be" (or
 * "become") and a plural relation noun, say what the two are to each other. People only, but for
 * partners, which firms may be too.
 */
export function pairedAs(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  mentions.forEach((a, m) => {
    const b = mentions[m + 1];
    if (!b || b.start !== a.end + 1 || tokens[a.end]?.lower !== 'and' || a.keys[0] === b.keys[0]) return;
    // (Not one of a longer list: "Ana, Tom and Eva are friends" holds three.)
    if (tokens[a.start - 1]?.text === ',' || tokens[a.start - 1]?.lower === 'and') return;
    let k = b.end;
    let be = false;
    for (; tokens[k] && ['AUX', 'ADV', 'VERB'].includes(tokens[k]!.pos) && !be; k++)
      be = ['be', 'become', 'remain', 'stay'].includes(tokens[k]!.lemma);
    if (!be) return;
    // ("close friends", "business partners", "old friends", "both engineers and friends".)
    while (
      tokens[k] &&
      ['ADJ', 'ADV', 'NOUN'].includes(tokens[k]!.pos) &&
      !GROUP_NOUNS.has(tokens[k]!.lower) &&
      !PAIRED_ADJECTIVES.has(tokens[k]!.lower) &&
      k < b.end + 6
    )
      k++;
    const word = tokens[k]?.lower ?? '';
    const canonical = GROUP_NOUNS.get(word) ?? PAIRED_ADJECTIVES.get(word);
    if (!canonical) return;
    const people = [a, b].every((x) => x.type === 'person' || (x.evidence === 'none' && personalName(x)));
    if (
      !people &&
      !(canonical === 'partner of' && [a, b].every((x) => x.type !== 'location' && x.type !== 'date'))
    )
      return;
    for (const x of [a, b])
      if (x.evidence === 'none')
        Object.assign(x, { type: people ? 'person' : 'organization', evidence: 'weak' });
    out.push(rel(a, b, canonical, phrase(tokens, b.end, k + 1), k + 1));
  });
  return out;
}

/**
 * "created by brothers Omar Haddad and Sami Haddad", "the twins Ana and Eva Ruiz": a plural
 * relation noun right before a list of people relates each of them to the others.
 */
export function groupedNames(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    // ("his sons, Friedrich Hartmann and Otto Hartmann", "two children, Kari and Erik", "My boys,
    // Kofi and Yaw": one's children, or so many of them, are each other's siblings.)
    const owned = POSSESSIVES.has(tokens[at - 1]?.lower ?? '') || tokens[at - 1]?.pos === 'NUM';
    const canonical =
      GROUP_NOUNS.get(token.lower) ?? (owned && KIN_PLURALS.has(token.lower) ? 'sibling of' : undefined);
    if (!canonical) return;
    // "my friends Tom and Jerry" are friends of mine, not (for all we know) of each other; "his
    // brothers A and B" are still siblings.
    if (canonical !== 'sibling of' && POSSESSIVES.has(tokens[at - 1]?.lower ?? '')) return;
    const listed: Mention[] = [];
    let next = tokens[at + 1]?.text === ',' && KIN_PLURALS.has(token.lower) ? at + 2 : at + 1;
    for (const member of mentions.filter((m) => m.start > at)) {
      const between = tokens.slice(next, member.start);
      if (
        member.start !== next &&
        !(listed.length > 0 && between.every((t) => [',', 'and'].includes(t.lower)))
      )
        break;
      if (member.type !== 'person' && member.evidence === 'strong') break;
      listed.push(member);
      next = member.end;
    }
    if (listed.length < 2) return;
    // "the siblings Freja and Anders Holm": first names before the last share its surname.
    const last = listed[listed.length - 1]!.name.split(' ');
    for (const member of listed) {
      member.type = 'person';
      if (last.length > 1 && !member.name.includes(' ')) {
        member.name = `${member.name} ${last[last.length - 1]}`;
        member.keys = [keyOf(member.name)];
      }
    }
    listed.forEach((a, i) =>
      listed.slice(i + 1).forEach((b) => out.push(rel(a, b, canonical, token.text, next))),
    );
  });
  return out;
}

/**
 * "The son of railway engineer Rafael Echeverría, he trained …": the opening's relation noun
 * relates the person the pronoun stands for to the name it describes them by.
 */
export function frontedRelation(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const of = frontedNounAt(tokens);
  const relation = of > 0 ? nounPredicate(tokens[of - 1]!.lower, 'of') : undefined;
  if (!relation) return [];
  // (The subject: a pronoun, or a person's name, right after the opening's comma.)
  const who = mentions.find(
    (m) => (m.end - m.start === 1 || m.type === 'person') && m.start > of && frontedOf(tokens, m.start),
  );
  const named = who && [...mentions].reverse().find((m) => m.end === who.start - 1 && m.start > of);
  if (!who || !named || named.keys[0] === who.keys[0]) return [];
  const raw = phrase(tokens, 0, of + 1);
  const out = [rel(who, named, relation.canonical, raw, named.end)];
  // ("The daughter of the oud player Cemal Yılmaz and the music teacher Ingrid Hartmann, she …":
  // each of the two described.)
  const first = mentions.find(
    (m) =>
      m.start > of &&
      m.end < named.start &&
      m.type === 'person' &&
      // (The first name the opening's noun describes, only a description before it.)
      tokens
        .slice(of + 1, m.start)
        .every((t) => ['DET', 'ADJ', 'NOUN'].includes(t.pos) && t.text === t.lower) &&
      tokens
        .slice(m.end, named.start)
        .every((t, k) =>
          k === 0 ? t.lower === 'and' : ['DET', 'ADJ', 'NOUN'].includes(t.pos) && t.text === t.lower,
        ),
  );
  if (first && first.keys[0] !== who.keys[0]) out.push(rel(who, first, relation.canonical, raw, first.end));
  return out;
}

/** What two parties form together: "have formed a joint venture", "announced a partnership". */
const JOINT = /^(venture|partnership|alliance|consortium)$/;

/**
 * "Calder Energy and Ørsted have formed a 50-50 joint venture", "X has formed a joint venture with
 * Y": two organisations that form a venture together are partners.
 */
export function jointVentures(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  const joint = tokens.findIndex((t) => JOINT.test(t.lower) && t.pos === 'NOUN');
  if (joint < 0) return out;
  const before = mentions.filter((m) => m.end <= joint && m.type !== 'person' && m.type !== 'location');
  for (let i = 0; i + 1 < before.length; i++) {
    const [a, b] = [before[i]!, before[i + 1]!];
    const between = tokens.slice(a.end, b.start);
    // "A and (the Chilean copper miner) B", then a verb before the venture.
    if (
      between[0]?.lower !== 'and' ||
      between.slice(1).some((t) => !['DET', 'ADJ', 'NOUN', 'PROPN'].includes(t.pos))
    )
      continue;
    // (Past an apposition on the second: "and Ørsted, the Danish utility headquartered in …, have".)
    let from = b.end;
    if (tokens[from]?.text === ',') {
      const close = tokens.findIndex((t, k) => k > from && t.text === ',');
      if (close > 0 && close < joint) from = close + 1;
    }
    const after = tokens.slice(from, joint);
    if (after.length > 6 || !after.some(isVerbLike)) continue;
    out.push(rel(a, b, 'partner of', phrase(tokens, b.end, joint + 1), joint + 1, 0.65));
  }
  // "Al Noor Hospitality Group has formed a joint venture with Japan's Hoshida Resorts Co., Ltd.":
  // the subject and the party after "with".
  if (tokens[joint + 1]?.lower === 'with') {
    const party = mentions.find(
      (m) => m.start > joint + 1 && m.start <= joint + 5 && m.type !== 'person' && m.type !== 'location',
    );
    const subject = before[before.length - 1];
    const verbs = subject ? tokens.slice(subject.end, joint) : [];
    // (Not past "and": "bought Jenga Credit last year and recently signed a partnership with …" is
    // the buyer's, which the pairs read.)
    if (
      party &&
      subject &&
      verbs.length <= 6 &&
      verbs.some(isVerbLike) &&
      !verbs.some((t) => t.text === ',' || t.lower === 'and')
    )
      out.push(rel(subject, party, 'partner of', phrase(tokens, subject.end, joint + 2), party.end, 0.65));
  }
  return out;
}

/** What one has at one's workplace: "my boss at Qatar Airways", "his team at Lagos State Water Corporation". */
const WORKPLACE_NOUNS = new Set([
  'boss',
  'manager',
  'supervisor',
  'colleague',
  'colleagues',
  'coworker',
  'coworkers',
  'co-workers',
  'team',
  'job',
  'shift',
  'desk',
  'office',
  'department',
  'lab',
  'role',
  'position',
  'post',
  'internship',
]);

/** Workplace nouns for a person: "my manager at Zalando, Felix Braun". */
const PEOPLE_AT_WORK = new Set([
  'boss',
  'manager',
  'supervisor',
  'colleague',
  'coworker',
  'co-worker',
  'mentor',
]);

/**
 * "My boss at Qatar Airways wasn't thrilled", "for his team at Lagos State Water Corporation",
 * "her new job with Aramex": whose workplace it is works there (whatever names stand between).
 */
export function ownWorkplace(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    if (!['my', 'his', 'her'].includes(token.lower)) return;
    // ("my new job at", "her old team at": one adjective may come between.)
    const noun =
      tokens[at + 1]?.pos === 'ADJ' && tokens[at + 1]!.text === tokens[at + 1]!.lower ? at + 2 : at + 1;
    if (
      !WORKPLACE_NOUNS.has(tokens[noun]?.lower ?? '') ||
      !['at', 'with'].includes(tokens[noun + 1]?.lower ?? '')
    )
      return;
    const k = tokens[noun + 2]?.pos === 'DET' ? noun + 3 : noun + 2;
    const place = mentions.find((m) => m.start === k);
    // ("my shift at the Carrefour": a name "at the" read as a place, which a gazetteer did not, is the
    // workplace.)
    const guessed = place?.type === 'location' && place.evidence !== 'strong';
    if (!place || !(place.type === 'organization' || place.evidence === 'none' || guessed)) return;
    // ("my former manager at Safaricom, Brian Kipchoge": the person the role names works there too.)
    const named = PEOPLE_AT_WORK.has(tokens[noun]!.lower)
      ? mentions.find(
          (m) =>
            m.start === place.end + 1 &&
            tokens[place.end]?.text === ',' &&
            (m.type === 'person' || (m.evidence === 'none' && personalName(m))),
        )
      : undefined;
    if (named) {
      if (named.type !== 'person') Object.assign(named, { type: 'person', evidence: 'weak' });
      if (place.type !== 'organization') Object.assign(place, { type: 'organization', evidence: 'weak' });
      out.push(rel(named, place, 'works at', phrase(tokens, at, named.start), named.end, 0.6));
    }
    const owner = ownerOf(token.lower, at, mentions, discourse);
    if (owner?.type !== 'person') return;
    if (place.type !== 'organization') Object.assign(place, { type: 'organization', evidence: 'weak' });
    out.push(rel(owner, place, 'works at', phrase(tokens, at, k), place.end, 0.6));
  });
  return [...out, ...turnWorkplace(sentence, mentions, discourse)];
}

/** Words of starting a job that open a chat turn: "Starting at Azahar Robotics in May". */
const STARTS = new Set(['starting', 'started', 'start']);

/** Nouns for time spent at work that open a chat turn: "First week at Ubisoft was …". */
const WORK_TIMES = new Set(['work', 'job', 'week', 'day', 'shift', 'internship', 'month']);

/**
 * "Leo: First week at Ubisoft was mostly onboarding", "Marco: Work at Zalando is crazy this
 * month": a turn that opens on one's time at an organisation says the speaker works there.
 */
function turnWorkplace(sentence: Sentence, mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const speaker = discourse.speaker;
  if (speaker?.type !== 'person') return [];
  // (Where the turn's words open: after its label, or the sentence's first word.)
  const colon = tokens.findIndex((t) => t.text === ':');
  let at = colon >= 0 && colon < 8 && mentions[0]?.end === colon ? colon + 1 : 0;
  // ("Starting at Azahar Robotics in May", "Just started at Kloud", "I'm still at Cargoline as a
  // data engineer": a turn that opens on starting or being at an organisation, as one's job.)
  if (tokens[at]?.lower === 'just') at++;
  const starts = STARTS.has(tokens[at]?.lower ?? '');
  let still = -1;
  // (The tagger may keep "I'm" one word.)
  if (["i'm", 'i’m'].includes(tokens[at]?.lower ?? '')) still = at + 1;
  else if (tokens[at]?.lower === 'i' && tokens[at + 1]?.lemma === 'be') still = at + 2;
  // ("I'm still stuck at Infosys": past a word of being kept there.)
  while (still > at && ['still', 'now', 'currently', 'stuck'].includes(tokens[still]?.lower ?? '')) still++;
  if (starts || still > at) {
    const k = starts ? at + 1 : still;
    const place = tokens[k]?.lower === 'at' ? mentions.find((m) => m.start === k + 1) : undefined;
    // (Being at a place is no job unless the turn says as what: "as a data engineer".)
    // ("I'm still stuck at Infosys": or "still", which says one has been there a while; not "now":
    // "I'm at Heathrow now".)
    const lasting = tokens.slice(at, k).some((t) => t.lower === 'still');
    const asWhat =
      starts ||
      lasting ||
      (tokens[place?.end ?? -1]?.lower === 'as' && ['a', 'an'].includes(tokens[place!.end + 1]?.lower ?? ''));
    if (!place || !asWhat || !(place.type === 'organization' || place.evidence === 'none')) return [];
    if (place.type !== 'organization') Object.assign(place, { type: 'organization', evidence: 'weak' });
    return [rel(speaker, place, 'works at', phrase(tokens, at, place.start), place.end, 0.6)];
  }
  if (['ADJ', 'NUM'].includes(tokens[at]?.pos ?? '') || /^(first|new|last)$/i.test(tokens[at]?.text ?? ''))
    at++;
  if (!WORK_TIMES.has(tokens[at]?.lower ?? '') || tokens[at + 1]?.lower !== 'at') return [];
  const place = mentions.find((m) => m.start === at + 2);
  if (!place || !(place.type === 'organization' || place.evidence === 'none')) return [];
  if (place.type !== 'organization') Object.assign(place, { type: 'organization', evidence: 'weak' });
  return [rel(speaker, place, 'works at', phrase(tokens, at, at + 2), place.end, 0.6)];
}

/** Verbs of giving up a home: "sold her house in Oaxaca". */
const GIVING_UP = new Set(['sell', 'leave', 'rent', 'let', 'lose', 'vacate']);

/** Nouns for one's own home: "my flat in Bologna". */
const HOME_NOUNS = new Set(['house', 'flat', 'apartment', 'home', 'place', 'studio']);

/**
 * "internet has been down since this morning in my flat in Bologna", "her new apartment in
 * Lyon": whose home it is lives in the place (a place by type, or a name nothing typed).
 */
export function ownHome(sentence: Sentence, mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    if (!['my', 'his', 'her'].includes(token.lower)) return;
    // ("my flat", which the tagger may read as an adjective; "my new flat".)
    const noun =
      !HOME_NOUNS.has(tokens[at + 1]?.lower ?? '') &&
      tokens[at + 1]?.pos === 'ADJ' &&
      tokens[at + 1]!.text === tokens[at + 1]!.lower
        ? at + 2
        : at + 1;
    if (!HOME_NOUNS.has(tokens[noun]?.lower ?? '') || tokens[noun + 1]?.lower !== 'in') return;
    // (Not a home given up: "Abuela finally sold her house in Oaxaca".)
    if (GIVING_UP.has(tokens[at - 1]?.lemma ?? '')) return;
    const place = mentions.find((m) => m.start === noun + 2);
    if (!place || !(place.type === 'location' || place.evidence === 'none')) return;
    const owner = ownerOf(token.lower, at, mentions, discourse);
    if (owner?.type !== 'person') return;
    if (place.type !== 'location') Object.assign(place, { type: 'location', evidence: 'weak' });
    out.push(rel(owner, place, 'lives in', phrase(tokens, at, noun + 2), place.end, 0.6));
  });
  // ("The vet here in Pune says he'll be fine", "it's raining here in Leeds": a chat's speaker is
  // where "here" is.)
  const speaker = discourse.speaker;
  if (speaker?.type === 'person' && discourse.speakers.size > 0)
    tokens.forEach((token, at) => {
      if (token.lower !== 'here' || tokens[at + 1]?.lower !== 'in') return;
      const place = mentions.find((m) => m.start === at + 2 && m.type === 'location');
      if (place && !out.some((r) => r.target === place))
        out.push(rel(speaker, place, 'lives in', 'here in', place.end, 0.6));
    });
  return out;
}

/**
 * A bracket's label for who heads the unit before it: "(lead: Victor Chen)". (Not "owner:", which
 * in a list of actions says whose task it is: "add alerting to Grafana (owner: Ahmed Farouk)".)
 */
const HEAD_LABELS = new Set(['lead', 'leader', 'head', 'manager', 'captain']);

/**
 * "the Desktop Engineering team (lead: Victor Chen)", "Owner: Platform Reliability (lead: Hannah
 * Okafor)": a bracket naming who heads the unit named right before it.
 */
export function bracketedLead(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, k) => {
    if (token.text !== '(' || !HEAD_LABELS.has(tokens[k + 1]?.lower ?? '') || tokens[k + 2]?.text !== ':')
      return;
    // (The name may stop before its "team": "the Desktop Engineering team (lead: …)" names the team.)
    const team = tokens[k - 1]?.lower === 'team';
    const unit = mentions.find((m) => m.end === k || (team && m.end === k - 1));
    const person = mentions.find((m) => m.start === k + 3 && tokens[m.end]?.text === ')');
    if (!unit || !person || !['organization', 'concept'].includes(unit.type)) return;
    if (person.type !== 'person' && !(person.evidence === 'none' && personalName(person))) return;
    if (person.type !== 'person') Object.assign(person, { type: 'person', evidence: 'weak' });
    if (unit.type !== 'organization') Object.assign(unit, { type: 'organization', evidence: 'weak' });
    if (unit.end === k - 1) {
      const name = phrase(tokens, unit.start, k);
      Object.assign(unit, { end: k, name, keys: [keyOf(name)] });
    }
    out.push(rel(person, unit, 'leads', phrase(tokens, k, person.start), person.end, 0.6));
  });
  return out;
}
