import { Discourse } from './discourse';
import type { Mention } from './mentions';
import { nounPredicate } from './noun-predicates';
import { isVerbLike } from './predicates';
import { ownerOf, POSSESSIVES, rel } from './owners';
import type { SentenceRelation } from './relations';
import { personalName } from './short-names';
import { phrase, Sentence, Token } from './sentences';

// Members read from a list of names: "whose members included A and B", "The band consists of A and B".

/** Verbs that list what a "whose …" noun holds: "whose members included Visby and Cologne". */
const LISTING = new Set(['include', 'comprise', 'be', 'count']);

/**
 * "the Hanseatic League, a confederation whose members included Visby and Cologne": each name
 * listed holds the vocabulary noun's relation to whose it is (Visby is a member of the League).
 */
export function whoseListed(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    // ("Its members include A, B and C": the same, the owner being what "its" stands for.)
    const possessive = token.lower === 'its' || token.lower === 'their';
    if (token.lower !== 'whose' && !possessive) return;
    const noun = tokens[at + 1];
    const relation = noun && /s$/.test(noun.lower) ? nounPredicate(noun.lower, 'of') : undefined;
    if (!relation || relation.canonical === 'leads') return;
    // Whose: the nearest name before, with no verb between it and "whose".
    const owner = possessive
      ? ownerOf(token.lower, at, mentions, discourse)
      : [...mentions].reverse().find((m) => m.end <= at);
    if (!owner || (!possessive && tokens.slice(owner.end, at).some(isVerbLike))) return;
    if (owner.type === 'person') return;
    let k = at + 2;
    while (tokens[k]?.pos === 'ADV') k++;
    if (!LISTING.has(tokens[k]?.lemma ?? '')) return;
    // The names listed after the verb: "Visby and Cologne", "Visby, Lund and Riga".
    let next = k + 1;
    for (const member of mentions.filter((m) => m.start > k)) {
      if (!tokens.slice(next, member.start).every((t) => [',', 'and', 'the'].includes(t.lower))) break;
      out.push(rel(member, owner, relation.canonical, phrase(tokens, at, k + 1), member.end));
      next = member.end;
    }
  });
  return out;
}

/** Nouns for a group that people make up: "The band … consists of A and B". */
const GROUP_KINDS = new Set([
  'band',
  'group',
  'trio',
  'quartet',
  'quintet',
  'duo',
  'ensemble',
  'team',
  'crew',
]);

/** Nouns for who was in a band at one time: "The original line-up consisted of …". */
const LINE_UPS = new Set(['line-up', 'lineup']);

/** "line-up" as one word, whether or not the tokeniser split its hyphen. */
const lineUpWord = (tokens: Token[], at: number) =>
  tokens[at + 1]?.text === '-' && tokens[at + 1]!.space === ''
    ? `${tokens[at]!.lower}-${tokens[at + 2]?.lower ?? ''}`
    : (tokens[at]?.lower ?? '');

/**
 * "The band, formed in Dundee in 2009, consists of Euan McKay, Fiona Reid and the brothers Callum
 * and Ross Dunbar", "The trio comprises A, B and C": each person listed is a member of the group,
 * the name before the verb or the one "the band" stands for.
 */
export function consistsOf(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const v = tokens.findIndex(
    (t, k) => (t.lemma === 'consist' && tokens[k + 1]?.lower === 'of') || t.lemma === 'comprise',
  );
  if (v < 0) return [];
  const start = tokens[v]!.lemma === 'consist' ? v + 2 : v + 1;
  const named = [...mentions]
    .reverse()
    .find((m) => m.end <= v && m.type !== 'person' && m.type !== 'location');
  // ("The original line-up consisted of …": the band's members at some time.)
  let head = 1;
  while (tokens[head]?.pos === 'ADJ' && tokens[head]!.text === tokens[head]!.lower) head++;
  const lineUp = tokens[0]?.lower === 'the' && LINE_UPS.has(lineUpWord(tokens, head));
  const kind = lineUp || (tokens[0]?.lower === 'the' && GROUP_KINDS.has(tokens[1]?.lower ?? ''));
  // (The name the text introduced as one, "the indie band The Glass Harbour", whatever a later
  // reading of its sentence typed it.)
  const introduced = lineUp
    ? (discourse.ofKind('band') ?? discourse.ofKind('group'))
    : kind
      ? discourse.ofKind(tokens[1]!.lower)
      : undefined;
  const group =
    introduced ??
    (kind
      ? (discourse.thing('organization', mentions) ?? discourse.thing())
      : named && !tokens.slice(named.end, v).some(isVerbLike)
        ? named
        : undefined);
  if (!group || (!introduced && (group.type === 'person' || group.type === 'location'))) return [];
  const out: SentenceRelation[] = [];
  let next = start;
  for (const member of mentions.filter((m) => m.start >= start)) {
    // Past the list's commas, "and", articles and what the members are ("the brothers").
    // (And what each plays: "singer and guitarist A, her cousin B on drums, and bassist C".)
    const gap = tokens.slice(next, member.start);
    const listWord = (t: Token) =>
      [',', 'and', 'the'].includes(t.lower) ||
      (t.text === t.lower &&
        (t.pos === 'NOUN' || (lineUp && (POSSESSIVES.has(t.lower) || t.lower === 'on'))));
    if (!gap.every(listWord)) break;
    // (A name nothing typed, of two or three capitalised words: "Euan McKay".)
    const words = member.name.split(' ');
    const capitalised = words.length >= 2 && words.length <= 3 && words.every((w) => /^\p{Lu}/u.test(w));
    if (member.type !== 'person' && !(member.evidence === 'none' && (personalName(member) || capitalised)))
      break;
    if (member.type !== 'person') Object.assign(member, { type: 'person', evidence: 'weak' });
    out.push(rel(member, group, 'member of', phrase(tokens, v, start), member.end, 0.6));
    next = member.end;
  }
  return out;
}

/** Nouns for those who studied at a school: "Notable alumni include …". */
const ALUMNI = new Set(['alumni', 'alumnae', 'alumnus', 'graduates']);

/**
 * "Notable alumni include the climatologist Sione Latu and the novelist Freya Lindgren", "Its
 * alumni include …": each person listed studied at the school the text is about (the first
 * organisation it named, the "its" one, or the one named with "'s").
 */
export function alumniInclude(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const at = tokens.findIndex((t) => ALUMNI.has(t.lower));
  if (at < 0) return [];
  let k = at + 1;
  while (tokens[k]?.pos === 'ADV') k++;
  if (tokens[k]?.lemma !== 'include') return [];
  const before = tokens[at - 1];
  const named = mentions.find((m) => m.end === at - 1 && POSSESSIVES.has(tokens[m.end]?.lower ?? ''));
  const school =
    named ??
    (before && ['its', 'their'].includes(before.lower)
      ? ownerOf(before.lower, at - 1, mentions, discourse)
      : // (The school the text is about, the first it named: not its faculty named since.)
        (discourse.firstNamedOrganization() ??
        discourse.thing(
          'organization',
          mentions.filter((m) => m.start > k),
        )));
  if (!school || !['organization', 'concept'].includes(school.type)) return [];
  const out: SentenceRelation[] = [];
  // The people listed after the verb, past what each is: "the climatologist Sione Latu".
  let next = k + 1;
  for (const alumnus of mentions.filter((m) => m.start > k)) {
    const gap = tokens.slice(next, alumnus.start);
    if (
      !gap.every(
        (t) =>
          [',', 'and', 'the', 'a', 'an'].includes(t.lower) ||
          (t.text === t.lower && ['NOUN', 'ADJ'].includes(t.pos)),
      )
    )
      break;
    if (alumnus.type !== 'person' && !(alumnus.evidence === 'none' && personalName(alumnus))) break;
    if (alumnus.type !== 'person') Object.assign(alumnus, { type: 'person', evidence: 'weak' });
    out.push(rel(alumnus, school, 'studied at', phrase(tokens, at, k + 1), alumnus.end, 0.6));
    next = alumnus.end;
  }
  return out;
}
