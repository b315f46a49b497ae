import { Mention } from './mentions';
import { rel } from './owners';
import { isVerbLike } from './predicates';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

/** Whether a mention may be a person's name written alone: typed so, or nothing typed it. */
const personLike = (m: Mention | undefined): m is Mention =>
  m !== undefined && (m.type === 'person' || (m.evidence === 'none' && m.name.includes(' ')));

/** Whether a mention may be an organisation: typed so, or nothing typed it. */
const organisationLike = (m: Mention | undefined): m is Mention =>
  m !== undefined && (m.type === 'organization' || m.evidence === 'none');

/**
 * Ticket headers name who writes for whom without a verb: "Ticket #88213 - Priya Raman (Kestrel
 * Design Studio):", "Re: Ticket 30917 - Sipho Mahlangu, Umhlanga Fresh Markets". The person
 * works at the organisation.
 */
export function headerAffiliations(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const person of mentions) {
    if (!personLike(person)) continue;
    const next = tokens[person.end];
    const org = mentions.find((m) => m.start === person.end + 1);
    if (!next || !organisationLike(org) || org.type === 'location') continue;
    const after = tokens[org.end];
    const parenthesised = next.text === '(' && after?.text === ')';
    // ("- Sipho Mahlangu, Umhlanga Fresh Markets": after a dash, the line's end or a label's.)
    const afterDash = ['-', '—', '–'].includes(tokens[person.start - 1]?.text ?? '');
    const dashed = next.text === ',' && afterDash && (!after || [':', '|'].includes(after.text));
    // (The header is what comes before any verb: "… (Kestrel Design Studio): Since we updated …".)
    if ((!parenthesised && !dashed) || tokens.slice(0, org.end).some(isVerbLike)) continue;
    // ("The Mekong River Research Alliance (MRRA)": only a person's name gives a parenthesis an employer.)
    if (parenthesised && person.type !== 'person' && !afterDash) continue;
    Object.assign(person, {
      type: 'person',
      evidence: person.evidence === 'none' ? 'weak' : person.evidence,
    });
    if (org.type !== 'organization') Object.assign(org, { type: 'organization', evidence: 'weak' });
    out.push(rel(person, org, 'works at', parenthesised ? `(${org.name})` : ',', org.end, 0.6));
  }
  return out;
}

/**
 * A signature block: a line with a name alone, then a line of a role and an organisation
 * ("Leila Haddad" / "Customer Care, Zenlo", "Nomvula Dlamini" / "Support Engineer, TillPoint
 * Systems"). Returns the index of the role line, the person and the organisation's name.
 */
export function signatureBlock(
  sentences: Sentence[],
  mentionsOf: (s: Sentence) => Mention[],
): { line: number; person: Mention; organisation: string } | undefined {
  for (let i = sentences.length - 1; i > 0 && i >= sentences.length - 3; i--) {
    const role = sentences[i]!;
    const named = sentences[i - 1]!;
    if (role.tokens.some(isVerbLike) || named.tokens.some(isVerbLike)) continue;
    const comma = role.tokens.map((t) => t.text).lastIndexOf(',');
    if (comma <= 0) continue;
    const roleMentions = mentionsOf(role);
    const org = roleMentions.find((m) => m.start === comma + 1);
    if (!organisationLike(org) || org.type === 'location' || org.end < role.tokens.length - 1) continue;
    const [person, ...others] = mentionsOf(named);
    if (!personLike(person) || others.length > 0 || person.start !== 0) continue;
    if (person.end < named.tokens.length) continue;
    return {
      line: i,
      person: { ...person, type: 'person', evidence: person.evidence === 'none' ? 'weak' : person.evidence },
      organisation: org.keys[0]!,
    };
  }
  return undefined;
}

/** The relation a signature block's role line says: the person works at the organisation. */
export function signedRole(
  sentence: Sentence,
  mentions: Mention[],
  person: Mention,
  organisation: string,
): SentenceRelation | undefined {
  const org = mentions.find((m) => m.keys[0] === organisation);
  if (!org) return undefined;
  if (org.type !== 'organization') Object.assign(org, { type: 'organization', evidence: 'weak' });
  const role = phrase(sentence.tokens, 0, org.start).replace(/[,\s]+$/, '');
  return rel(person, org, 'works at', role || ',', org.end, 0.6);
}
