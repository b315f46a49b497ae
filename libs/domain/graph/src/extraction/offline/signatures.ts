import { affiliationList, reportedBy } from './affiliation-lists';
import { isPersonNoun, opensPostLabel } from './cues';
import { deskName } from './legal-names';
import { Mention } from './mentions';
import { rel } from './owners';
import { isVerbLike } from './predicates';
import type { SentenceRelation } from './relations';
import { DASHES, DEPARTMENTS, FUNCTION_WORDS, ROLE_ABBREVIATIONS } from './name-words';
import { phrase, Sentence, Token } from './sentences';
import { personalName } from './short-names';
import { isTeam } from './teams';

/** Titles that lead what they are written after: "Payments team lead". */
const LEAD_TITLES = new Set(['lead', 'head', 'leader']);
/** A word for what a person does, whatever the tagger read it as or however it is written: "lead", "Manager". */
export const isRoleWord = (t: Token | undefined) =>
  t !== undefined && (isPersonNoun({ ...t, pos: 'NOUN', text: t.lower }) || LEAD_TITLES.has(t.lower));
/** The same, written in lower case as inside a sentence: "(Stackline account manager)". */
const roleWord = (t: Token | undefined) => t !== undefined && t.text === t.lower && isRoleWord(t);

/** Whether a mention may be a person's name written alone: typed so, or nothing typed it. */
export const personLike = (m: Mention | undefined): m is Mention =>
  m !== undefined && (m.type === 'person' || (m.evidence === 'none' && m.name.includes(' ')));

/** Whether a mention may be an organisation: typed so, or nothing typed it. */
const organisationLike = (m: Mention | undefined): m is Mention =>
  m !== undefined && (m.type === 'organization' || m.evidence === 'none');

/**
 * "renewed by Marcus Feld (Platform team)", "Leah Carmichael (Payments Reliability team, Dublin)": a
 * team in brackets right after a person's name is one they are a member of, whatever the
 * sentence's verbs. (A department's, "Vikram Iyer (Finance)", the annotated texts write as often
 * as not: measured, not kept.)
 */
export function unitsInBrackets(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  return [
    ...mentions.flatMap((person, k) => {
      const unit = mentions[k + 1];
      if (
        person.type !== 'person' ||
        tokens[person.end]?.text !== '(' ||
        unit?.start !== person.end + 1 ||
        ![')', ','].includes(tokens[unit.end]?.text ?? '') ||
        !isTeam(unit)
      )
        return [];
      if (unit.type !== 'organization') Object.assign(unit, { type: 'organization', evidence: 'weak' });
      return [rel(person, unit, 'member of', `(${unit.name})`, unit.end, 0.6)];
    }),
    ...rolesInBrackets(tokens, mentions),
  ];
}

/**
 * "Reply from Jana Horvath (community moderator at Orbitly)", "mod_dtran (Daniel Tran, support
 * engineer at Lumina Labs)": a person's role at an organisation, in the brackets after their name
 * (or inside them, after a user name), is a job there.
 */
function rolesInBrackets(tokens: Token[], mentions: Mention[]): SentenceRelation[] {
  return mentions.flatMap((person) => {
    if (person.type !== 'person') return [];
    const opens =
      tokens[person.end]?.text === '(' ||
      (tokens[person.end]?.text === ',' && tokens[person.start - 1]?.text === '(');
    if (!opens) return [];
    const prep = tokens.findIndex((t, k) => k > person.end && ['at', 'for', 'with'].includes(t.lower));
    const org = mentions.find((m) => m.start === prep + 1);
    if (prep < 0 || !org || tokens[org.end]?.text !== ')') return [];
    if (org.type === 'person' || org.type === 'location' || org.type === 'date') return [];
    const role = tokens.slice(person.end + 1, prep);
    if (role.length === 0 || role.length > 4 || !role.some(isPersonNoun)) return [];
    if (!role.every((t) => t.text === t.lower && ['NOUN', 'ADJ'].includes(t.pos))) return [];
    // (An employer, whatever typed its name: "support engineer at Routix".)
    if (org.evidence === 'none') Object.assign(org, { type: 'organization', evidence: 'weak' });
    return [rel(person, org, 'works at', phrase(tokens, person.end + 1, prep + 1), org.end, 0.6)];
  });
}

/**
 * "— kiwi_kate, Wellington", "-- kestrel_87 (Utrecht, NL)", "— Kasia, Łódź": a sign-off line, a
 * dash, the writer's name (or user name) and a town (and its country) alone: where the writer lives.
 */
export function signOffPlace(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const [writer, place, country] = mentions;
  if (!DASHES.has(tokens[0]?.text ?? '') || writer?.start !== 1 || !place) return [];
  if (![',', '('].includes(tokens[writer.end]?.text ?? '') || place.start !== writer.end + 1) return [];
  if (place.type !== 'location' || (writer.type !== 'concept' && !personLike(writer))) return [];
  // ("(Utrecht, NL)": a country's code too.)
  const inCountry =
    country !== undefined &&
    (country.type === 'location' || (country.evidence === 'none' && /^[A-Z]{2,3}$/.test(country.name))) &&
    tokens[place.end]?.text === ',' &&
    country.start === place.end + 1;
  const end = inCountry ? country.end : place.end;
  if (!tokens.slice(end).every((t) => [')', '.'].includes(t.text)) || mentions.length > (inCountry ? 3 : 2))
    return [];
  if (writer.type !== 'person') Object.assign(writer, { type: 'person', evidence: 'weak' });
  const out = [rel(writer, place, 'lives in', tokens[writer.end]!.text, place.end, 0.6)];
  if (inCountry) {
    if (country.type !== 'location') Object.assign(country, { type: 'location', evidence: 'weak' });
    out.push(rel(place, country, 'located in', ',', country.end, 0.6));
  }
  return out;
}

/** "Customer: Dalgaard Logistics (Aarhus, Denmark)": an organisation, then its town and country in brackets. */
function townAndCountry(tokens: Token[], mentions: Mention[], org: Mention): SentenceRelation[] {
  const town = mentions.find((m) => m.start === org.end + 1);
  const country = town && mentions.find((m) => m.start === town.end + 1);
  if (
    tokens[org.end]?.text !== '(' ||
    town?.type !== 'location' ||
    town.evidence === 'none' ||
    tokens[town.end]?.text !== ',' ||
    country?.type !== 'location' ||
    tokens[country.end]?.text !== ')'
  )
    return [];
  return [
    rel(org, town, 'located in', `(${town.name}, …)`, town.end, 0.6),
    rel(town, country, 'located in', ',', country.end, 0.6),
  ];
}

/**
 * Ticket headers name who writes for whom without a verb: "Ticket #88213 - Priya Raman (Kestrel
 * Design Studio):", "Re: Ticket 30917 - Sipho Mahlangu, Umhlanga Fresh Markets". The person
 * works at the organisation.
 */
export function headerAffiliations(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const person of mentions) {
    if (person.type === 'organization') {
      out.push(...townAndCountry(tokens, mentions, person));
      continue;
    }
    if (!personLike(person)) continue;
    // ("Reported by: Sofía Marín (QA lead, Quintana Logística, Valencia)": a list, read on its own.)
    const listed = affiliationList(tokens, mentions, person);
    if (listed.length > 0) {
      out.push(...listed);
      continue;
    }
    const next = tokens[person.end];
    // ("Karim Haddad, IT Service Desk": a function's capitals may open the organisation's name.)
    const org =
      mentions.find((m) => m.start === person.end + 1) ??
      (FUNCTION_WORDS.has(tokens[person.end + 1]?.lower ?? '')
        ? mentions.find((m) => m.start === person.end + 2)
        : undefined);
    // ("Customer: Farida Haddad (Amman)": a place in brackets after a person's name is their home.)
    if (
      next?.text === '(' &&
      org?.type === 'location' &&
      person.type === 'person' &&
      person.evidence === 'strong' &&
      tokens[org.end]?.text === ')' &&
      !tokens.slice(0, person.start).some(isVerbLike)
    ) {
      out.push(rel(person, org, 'lives in', `(${org.name})`, org.end, 0.6));
      continue;
    }
    if (!next || !organisationLike(org) || org.type === 'location') continue;
    // ("HOST (Lerato Khumalo):": a role in capitals, then the name of whoever holds it.)
    if (/^\p{Lu}+$/u.test(person.name) && org.evidence !== 'strong' && personalName(org)) continue;
    let after = tokens[org.end];
    // ("Lars Eriksen (Stackline account manager) has confirmed …": the role after the company says
    // it, wherever the line is.)
    let role = org.end;
    while (roleWord(tokens[role]) || (tokens[role]?.pos === 'NOUN' && roleWord(tokens[role + 1]))) role++;
    const titled = next.text === '(' && role > org.end && tokens[role]?.text === ')';
    if (titled) after = tokens[role];
    const parenthesised = next.text === '(' && after?.text === ')';
    // ("- Sipho Mahlangu, Umhlanga Fresh Markets": after a dash, the line's end or a label's.)
    const afterDash = ['-', '—', '–'].includes(tokens[person.start - 1]?.text ?? '');
    // ("Reply from Tomás Herrera, CloudNest Support:": a post's label, up to its colon; "…, Strumień
    // Telecom field operations:" past the unit's words in lower case.)
    let colon = org.end;
    const unitWord = (t: Token | undefined) =>
      t !== undefined && t.text === t.lower && ['NOUN', 'ADJ'].includes(t.pos);
    while (colon < org.end + 3 && unitWord(tokens[colon])) colon++;
    const labelled = opensPostLabel(tokens) && tokens[colon]?.text === ':';
    if (labelled) after = tokens[colon];
    // ("From: Samir Haddad, ParcelWise Support", "Reported by Piotr Zieliński, Kowalczyk Software":
    // a header field's value, the line's end after it.)
    const field = (tokens[person.start - 1]?.text === ':' && person.start <= 3) || reportedBy(tokens, person);
    const dashed =
      next.text === ',' &&
      (afterDash || labelled || (field && !after)) &&
      (!after || [':', '|'].includes(after.text));
    // ("Update (Karim Haddad, IT Service Desk): …": a name and its organisation in brackets.)
    const bracketed =
      next.text === ',' &&
      person.type === 'person' &&
      tokens[person.start - 1]?.text === '(' &&
      after?.text === ')';
    // (The header is what comes before any verb: "… (Kestrel Design Studio): Since we updated …".)
    if (!parenthesised && !dashed && !bracketed) continue;
    // ("Please enable NTP sync. – Ravi, CloudVault Support": a sign-off after a sentence's end on
    // its line starts at its dash.)
    const lineStart =
      afterDash && ['.', '!', '?'].includes(tokens[person.start - 2]?.text ?? '') ? person.start - 1 : 0;
    // (Nor is a field's label a verb: "Reported by: Felix Brandner (IT Operations)".)
    const label = (k: number) => tokens[k + 1]?.lower === 'by' && tokens[k + 2]?.text === ':';
    if (
      !titled &&
      !bracketed &&
      tokens.slice(lineStart, org.end).some((t, k) => isVerbLike(t) && !label(lineStart + k))
    )
      continue;
    // ("The Mekong River Research Alliance (MRRA)": only a person's name gives a parenthesis an employer.)
    if (parenthesised && person.type !== 'person' && !afterDash && !titled) continue;
    // ("Author: Sofia Reyes (SRE)", "PrinterPaula (Community Expert)": a role in brackets is no
    // employer.)
    if (ROLE_ABBREVIATIONS.has(org.keys[0]!)) continue;
    // ("Reported by: Felix Brandner (IT Operations)", "Vikram Iyer (Finance)": a department of the
    // writer's firm in brackets, of which the person is a member.)
    const department = parenthesised && !titled && org.keys[0]!.split(' ').every((w) => DEPARTMENTS.has(w));
    if (!department && parenthesised && org.evidence !== 'strong' && isRoleWord(tokens[org.end - 1]))
      continue;
    // ("Reply from Sven Johansson, IT Service Desk Analyst:": nor a title in capitals after a comma.)
    if (labelled && org.evidence !== 'strong' && isRoleWord(tokens[org.end - 1])) continue;
    Object.assign(person, {
      type: 'person',
      evidence: person.evidence === 'none' ? 'weak' : person.evidence,
    });
    if (org.type !== 'organization') Object.assign(org, { type: 'organization', evidence: 'weak' });
    // ("Yuki Tanabe (Payments team lead)": who leads it.)
    const leads = titled && LEAD_TITLES.has(tokens[role - 1]!.lower);
    const raw = parenthesised ? `(${org.name})` : ',';
    out.push(rel(person, org, leads ? 'leads' : department ? 'member of' : 'works at', raw, org.end, 0.6));
  }
  return out;
}

/**
 * A signature block: a line with a name alone, then a line of a role and an organisation
 * ("Leila Haddad" / "Customer Care, Zenlo", "Nomvula Dlamini" / "Support Engineer, TillPoint
 * Systems"), one for each post: at the text's end and before each rule line. Each holds the index of
 * the role line, the person and the organisation.
 */
export function signatureBlocks(sentences: Sentence[], mentionsOf: (s: Sentence) => Mention[]): Signature[] {
  // (A post ends at the text's end or at a rule line that opens the reply below it: "---".)
  // (Or at the quoted message a reply ends with: "> On 13 May, Reza Haddadi wrote:".)
  const quoted = (k: number) => sentences[k]!.text.trimStart().startsWith('>');
  const ends = sentences.flatMap((s, k) =>
    k > 0 && (POST_RULE.test(s.text.trim()) || (quoted(k) && !quoted(k - 1))) ? [k] : [],
  );
  ends.push(sentences.length);
  return ends.flatMap((end) => signatureBlock(sentences, end, mentionsOf) ?? []);
}

/** A line that parts one post from the next: "---", "______", "-----Original Message-----". */
const POST_RULE = /^(?:[-_=*~]{3,}|-+\s*original message\s*-+)$/i;

/** The person, organisation, place and unit a signature block names, and the line it ends on. */
export interface Signature {
  line: number;
  person: Mention;
  /** The organisation as its line names it (also what "we" stands for before that line is read). */
  org: Mention;
  place?: string;
  unit?: Mention;
}

/** The signature block in the last three lines before `end`, if they hold one. */
function signatureBlock(
  sentences: Sentence[],
  end: number,
  mentionsOf: (s: Sentence) => Mention[],
): Signature | undefined {
  for (let i = end - 1; i > 0 && i >= end - 3; i--) {
    const role = sentences[i]!;
    const named = sentences[i - 1]!;
    // (A role line's words are capitalised: "Finance Systems Lead" is no verb.)
    if (role.tokens.some((t) => isVerbLike(t) && t.text === t.lower) || named.tokens.some(isVerbLike))
      continue;
    // (The organisation's own line below, read only when the role line asks for it.)
    const below = () => (i + 1 < end ? lineOrganisation(sentences[i + 1]!, mentionsOf) : undefined);
    // "Customer Care, Zenlo"; "Office Manager, Lindqvist Law, Stockholm" and "Studio Manager |
    // Arkitekt Lindgren & Menon, Oslo": a place may follow the organisation, a bar stand for the comma.
    const roleMentions = mentionsOf(role);
    const separators = role.tokens.flatMap((t, k) => ([',', '|'].includes(t.text) && k > 0 ? [k] : []));
    const last = roleMentions[roleMentions.length - 1];
    // ("Technical Support, Pannon CAD Kft., Debrecen": after a name its legal suffix or trade says
    // is a company, a last name nothing typed is its town.)
    const companyBefore = roleMentions.some(
      (m) =>
        m !== last &&
        m.type === 'organization' &&
        m.evidence === 'strong' &&
        separators.includes(m.start - 1),
    );
    const placed =
      last !== undefined &&
      (last.type === 'location' ||
        (companyBefore && last.evidence !== 'strong' && last.end - last.start <= 2)) &&
      last.end >= role.tokens.length - 1 &&
      role.tokens[last.start - 1]?.text === ','
        ? last
        : undefined;
    const at = separators.filter((k) => !placed || k < placed.start - 1).pop();
    const [person, ...others] = mentionsOf(named);
    if (!personLike(person) || others.length > 0 || person.start !== 0) continue;
    if (person.end < named.tokens.length) continue;
    const signer = {
      ...person,
      type: 'person' as const,
      evidence: person.evidence === 'none' ? ('weak' as const) : person.evidence,
    };
    // The signature when the organisation (and its place) is the line below the role's.
    const onLineBelow = (next: { org: Mention; place?: Mention }, unit?: Mention) => ({
      line: i + 1,
      person: signer,
      org: next.org,
      place: next.place?.keys[0],
      unit,
    });
    // "Mei Lin Tan" / "PrintVista Technical Support": a company's help desk alone, its line the
    // whole (legal-names.ts reads the company out of the desk's name).
    // ("Streamora Customer Care, Dublin": its town after it.)
    const desk = roleMentions.length === (placed ? 2 : 1) ? roleMentions[0]! : undefined;
    const deskEnds = placed
      ? placed.start - 1
      : role.tokens.length - (role.tokens[role.tokens.length - 1]?.pos === 'PUNCT' ? 1 : 0);
    if (
      at === undefined &&
      desk?.start === 0 &&
      desk.end >= deskEnds &&
      desk.name.includes(' ') &&
      deskName(desk.keys[0]!) !== undefined
    ) {
      Object.assign(desk, { type: 'organization', evidence: 'weak' });
      return { line: i, person: signer, org: desk, place: placed?.keys[0] };
    }
    // "Grace Whitfield" / "IT Coordinator" / "Harrowvale College": a role alone, the organisation
    // on the line below.
    if (at === undefined) {
      const employer =
        roleMentions.every((m) => m.type !== 'person') &&
        (isRoleWord(role.tokens[role.tokens.length - 1]) ||
          // ("Head of Logistics": a role of a unit.)
          (isRoleWord(role.tokens[0]) && role.tokens[1]?.lower === 'of'))
          ? below()
          : undefined;
      if (employer) return onLineBelow(employer);
      continue;
    }
    const org = roleMentions.find((m) => m.start === at + 1);
    const ends = placed ? placed.start - 1 : role.tokens.length - 1;
    // (A legal suffix's full stop may stand before the place's comma: "Pannon CAD Kft., Debrecen".)
    const rest = role.tokens.slice(org?.end ?? 0, ends);
    if (!organisationLike(org) || org.type === 'location' || rest.some((t) => t.text !== '.')) continue;
    // "Senior Lecturer, Department of Chemistry" / "Harrowvale College": a unit, then the
    // organisation it is part of on the line below.
    const parent = !placed && UNIT_HEADS.has(org.name.split(' ')[0]!.toLowerCase()) ? below() : undefined;
    if (parent) return onLineBelow(parent, org);
    return {
      line: i,
      person: signer,
      org,
      place: placed?.keys[0],
    };
  }
  return undefined;
}

/**
 * The relations a signature block's role line (or the organisation's line below it) says: the
 * person works at the organisation, which is in the place, and the unit named is part of it.
 */
export function signedRole(
  sentence: Sentence,
  mentions: Mention[],
  signature: Signature,
): SentenceRelation[] {
  const { person, place, unit } = signature;
  const organisation = signature.org.keys[0]!;
  // (By its short name too: "Paralegal, Haldane & Roy" after "Haldane & Roy Solicitors".)
  const org =
    mentions.find((m) => m.keys[0] === organisation) ??
    mentions.find((m) => m.type === 'organization' && m.aliases.includes(organisation));
  if (!org) return [];
  if (org.type !== 'organization') Object.assign(org, { type: 'organization', evidence: 'weak' });
  const role = phrase(sentence.tokens, 0, org.start).replace(/[,|\s]+$/, '');
  const out = [rel(person, org, 'works at', role || ',', org.end, 0.6)];
  const town = place ? mentions.find((m) => m.keys[0] === place) : undefined;
  if (town && town.evidence !== 'strong') Object.assign(town, { type: 'location', evidence: 'weak' });
  if (town) out.push(rel(org, town, 'located in', ',', town.end, 0.6));
  if (unit) {
    if (unit.type !== 'organization') Object.assign(unit, { type: 'organization', evidence: 'weak' });
    out.push(rel(unit, org, 'part of', ',', org.end, 0.6));
  }
  return out;
}

/** Words that open the name of a unit of an organisation: "Department of Chemistry". */
const UNIT_HEADS = new Set([
  'department',
  'dept',
  'faculty',
  'school',
  'division',
  'office',
  'institute',
  'centre',
  'center',
  'laboratory',
  'lab',
]);

/**
 * The one organisation a line names ("Harrowvale College"), perhaps with its place after a comma
 * or a bar ("Halvorsen Logistics B.V. | Rotterdam, the Netherlands"), if it does.
 */
function lineOrganisation(
  line: Sentence,
  mentionsOf: (s: Sentence) => Mention[],
): { org: Mention; place?: Mention } | undefined {
  const [org, ...places] = mentionsOf(line);
  const { tokens } = line;
  if (!organisationLike(org) || org.type === 'location' || org.start !== 0) return undefined;
  if (tokens.some(isVerbLike)) return undefined;
  const ends = tokens.length - (tokens[tokens.length - 1]?.pos === 'PUNCT' ? 1 : 0);
  if (places.length === 0) return org.end < ends ? undefined : { org };
  // (Only places after it, each after a comma or the bar, "the" at most between.)
  const place = places[0]!;
  const placed =
    [',', '|'].includes(tokens[org.end]?.text ?? '') &&
    place.start === org.end + 1 &&
    places.every(
      (m, k) =>
        m.type === 'location' &&
        (k === 0 ||
          tokens.slice(places[k - 1]!.end, m.start).every((t) => t.text === ',' || t.lower === 'the')),
    ) &&
    places[places.length - 1]!.end >= ends;
  return placed ? { org, place } : undefined;
}
