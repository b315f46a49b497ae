import type { Mention } from './mentions';
import { mention } from './name-mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence, Token } from './sentences';
import { GROUP_NOUNS, isTeam } from './teams';

// Meeting notes and transcripts: "Weekly sync — Northwind Bikes, product team" over an attendee
// list and the turns. Whoever attends or speaks belongs to the group the heading names.

/** A heading's word for a meeting: "Weekly sync", "Daily stand-up", "Board meeting", "Minutes of". */
const MEETING =
  /\b(?:sync(?:-up)?|stand-?ups?|meeting|retro(?:spective)?|minutes|huddle|all-hands|check-in|catch-up)\b/i;

/** Longest heading read, in tokens ("Transcript — Weekly ops sync, Harbourline Logistics, 4 Nov" is 10). */
const HEADING_TOKENS = 16;

/** Fields that list who was there: "Attendees: Olamide (chair), Greta Lindqvist". */
const ATTENDEE_FIELDS = new Set(['attendees', 'present', 'participants', 'attendance', 'attending']);

/** Heading words that name no group, in a name nothing typed: "Weekly", "Transcript". */
const HEADING_WORDS = new Set([
  'weekly',
  'daily',
  'monthly',
  'quarterly',
  'annual',
  'sprint',
  'transcript',
  'minutes',
  'meeting',
  'notes',
  'sync',
  'retro',
  'agenda',
]);

/** Last words of bodies whose people are members, not staff: "Riverside Tenants Association". */
const MEMBER_BODIES = new Set([
  'association',
  'club',
  'society',
  'council',
  'board',
  'committee',
  'union',
  'league',
  'cooperative',
  'co-operative',
  'federation',
  'party',
  'band',
  'choir',
  'orchestra',
  'guild',
  'alliance',
  'collective',
  'circle',
  'assembly',
]);

/** Bracketed roles of an attendee that head the group: "Ingrid Dahl (team lead)", "(chair)". */
const HEAD_ROLES = /^(?:chair|chairperson|chairman|chairwoman|lead|team lead|head|manager|captain)$/;

/** The group a meeting's heading names: an organisation, a team of it, or both. */
interface MeetingGroup {
  organization?: Mention;
  team?: Mention;
  /** Its people are members ("Board meeting", "… Association"), not staff. */
  members: boolean;
}

/** Whether a name nothing typed may be the heading's organisation: two capitalised words or more. */
function unnamedOrganization(m: Mention): boolean {
  if (m.evidence !== 'none' || m.type !== 'concept') return false;
  const words = m.name.split(' ');
  return words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w) && !HEADING_WORDS.has(w.toLowerCase()));
}

/** "…, product team": a team named in lower case after a heading's comma or dash, as its mention. */
function lowerCaseTeam(tokens: Token[]): Mention | undefined {
  const k = tokens.findIndex((t) => GROUP_NOUNS.has(t.lower) && t.text === t.lower);
  if (k < 1) return undefined;
  let start = k;
  while (start > k - 3 && /^[a-z][a-z-]*$/.test(tokens[start - 1]?.text ?? '')) start--;
  if (start === k || !['PUNCT', undefined].includes(tokens[start - 1]?.pos)) return undefined;
  return mention(start, k + 1, phrase(tokens, start, k + 1), 'organization', null);
}

/**
 * The group a meeting's heading (the text's first line) names, when it is one: a meeting word with
 * no field label before it ("Subject: sync fails" is a ticket's), one organisation at most and one
 * team at most. A name nothing typed there is the organisation ("Weekly sync — Northwind Bikes").
 */
function meetingGroup(sentence: Sentence, mentions: Mention[]): MeetingGroup | undefined {
  const found = MEETING.exec(sentence.text);
  if (!found || sentence.text.slice(0, found.index).includes(':')) return undefined;
  // (A heading is short and ends on no stop: "Within minutes, Acme's servers failed." is prose.)
  const ending = sentence.tokens[sentence.tokens.length - 1]?.text ?? '';
  if (sentence.tokens.length > HEADING_TOKENS || ['.', '!', '?'].includes(ending)) return undefined;
  const teams = mentions.filter((m) => m.type === 'organization' && isTeam(m));
  const organizations = mentions.filter(
    (m) => !teams.includes(m) && (m.type === 'organization' || unnamedOrganization(m)),
  );
  if (teams.length === 0) {
    const team = lowerCaseTeam(sentence.tokens);
    if (team) teams.push(team);
  }
  if (teams.length > 1 || organizations.length > 1) return undefined;
  const [team] = teams;
  const [organization] = organizations;
  if (!team && !organization) return undefined;
  if (organization?.evidence === 'none')
    Object.assign(organization, { type: 'organization', evidence: 'weak' });
  const last = organization?.keys[0]!.split(' ').pop() ?? '';
  return { organization, team, members: MEMBER_BODIES.has(last) || /\bboard\b/i.test(sentence.text) };
}

/**
 * What a meeting's notes say of the people in them: its heading's team is part of its organisation,
 * and each attendee or speaker, the first time they appear, belongs to the team and the
 * organisation, and heads the team when the list says so ("Ingrid Dahl (team lead)"). Someone
 * bracketed with an organisation ("Tom Reilly (AWS)") is a guest, not one of the group.
 */
export class Meeting {
  private readonly met = new Set<string>();

  private constructor(private readonly group: MeetingGroup) {}

  /** The meeting a text's first line heads, with that line's relations. */
  static open(
    sentence: Sentence,
    mentions: Mention[],
  ): { meeting: Meeting; found: SentenceRelation[] } | undefined {
    const group = meetingGroup(sentence, mentions);
    if (!group) return undefined;
    const { team, organization } = group;
    const found = team && organization ? [rel(team, organization, 'part of', 'team', team.end)] : [];
    return { meeting: new Meeting(group), found };
  }

  /** The relations of a line: the people its attendee field lists, or its turn's speaker. */
  read(sentence: Sentence, mentions: Mention[], speaker: Mention | undefined): SentenceRelation[] {
    const { tokens } = sentence;
    if (ATTENDEE_FIELDS.has(tokens[0]?.lower ?? '') && tokens[1]?.text === ':')
      return mentions
        .filter(
          (m) =>
            m.start > 1 &&
            (m.type === 'person' || (m.type === 'concept' && m.evidence === 'none')) &&
            this.listed(tokens, m),
        )
        .flatMap((m) => this.joins(m, sentence, mentions, true));
    return speaker && speaker.type === 'person' && mentions.includes(speaker)
      ? this.joins(speaker, sentence, mentions, false)
      : [];
  }

  /** Whether a name stands as a list's item: after the colon or a comma, before a comma, bracket or the end. */
  private listed(tokens: Token[], m: Mention): boolean {
    const before = tokens[m.start - 1]?.text;
    const after = tokens[m.end]?.text;
    return [':', ',', 'and'].includes(before ?? '') && [',', '(', undefined, 'and'].includes(after);
  }

  private joins(
    person: Mention,
    sentence: Sentence,
    mentions: Mention[],
    listed: boolean,
  ): SentenceRelation[] {
    // ("Mei Lin:" after "Mei Lin Zhou" in the list: the same person, by her first names.)
    const key = person.keys[0]!;
    if ([...this.met].some((k) => k === key || k.startsWith(`${key} `) || key.startsWith(`${k} `))) return [];
    this.met.add(key);
    const { team, organization, members } = this.group;
    const bracket = bracketAfter(sentence.tokens, person.end);
    // ("Tom Reilly (AWS)", "Priya (BrightNet Support):": a guest from elsewhere.)
    const elsewhere =
      bracket !== undefined &&
      mentions.some(
        (m) =>
          m.start > person.end &&
          m.end <= bracket.shut &&
          m.type === 'organization' &&
          m.keys[0] !== organization?.keys[0],
      );
    if (elsewhere) return [];
    if (listed && person.evidence === 'none') Object.assign(person, { type: 'person', evidence: 'weak' });
    const out: SentenceRelation[] = [];
    const end = person.end;
    // (Who heads the team is of it: "leads" says so.)
    const heads = bracket && HEAD_ROLES.test(bracket.words.toLowerCase()) && (team || members);
    if (heads) out.push(rel(person, (team ?? organization)!, 'leads', bracket.words, end, 0.6));
    if (team && !heads) out.push(rel(person, team, 'member of', 'attended', end, 0.6));
    if (organization && !(heads && !team))
      out.push(rel(person, organization, members ? 'member of' : 'works at', 'attended', end, 0.6));
    return out;
  }
}

/** The words in brackets right after token `at` ("(team lead)"), and where the bracket shuts. */
function bracketAfter(tokens: Token[], at: number): { words: string; shut: number } | undefined {
  if (tokens[at]?.text !== '(') return undefined;
  const shut = tokens.findIndex((t, k) => k > at && t.text === ')');
  return shut > at + 1 && shut - at <= 6 ? { words: phrase(tokens, at + 1, shut), shut } : undefined;
}
