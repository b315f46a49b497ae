import type { CanonicalPredicate } from './predicate-rules';
import type { EntityType } from './lexicon';
import type { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

// A fact sheet's fields under the name it is about, as encyclopedias and profiles lay them out:
//   Kenji Watanabe
//   Born: 2 June 1948, Sapporo, Japan
//   Alma mater: Kyoto University

/** What a field says of the sheet's subject: the predicate, which way, and the value's type. */
interface FieldReading {
  canonical: CanonicalPredicate;
  /** The value is the relation's source ("Founders: X" — X founded the subject). */
  fromValue?: boolean;
  /** The value's type; only the first name of it counts when `first`. */
  value: EntityType;
  first?: boolean;
  /** The subject's type the field implies. */
  subject: EntityType;
}

const PERSON_FIELDS = new Map<string, FieldReading>(
  Object.entries({
    born: { canonical: 'born in', value: 'location', first: true, subject: 'person' },
    birthplace: { canonical: 'born in', value: 'location', first: true, subject: 'person' },
    'place of birth': { canonical: 'born in', value: 'location', first: true, subject: 'person' },
    died: { canonical: 'died in', value: 'location', first: true, subject: 'person' },
    'place of death': { canonical: 'died in', value: 'location', first: true, subject: 'person' },
    'alma mater': { canonical: 'studied at', value: 'organization', subject: 'person' },
    education: { canonical: 'studied at', value: 'organization', subject: 'person' },
    spouse: { canonical: 'married to', value: 'person', subject: 'person' },
    spouses: { canonical: 'married to', value: 'person', subject: 'person' },
    partner: { canonical: 'partner of', value: 'person', subject: 'person' },
    children: { canonical: 'child of', fromValue: true, value: 'person', subject: 'person' },
    parents: { canonical: 'child of', value: 'person', subject: 'person' },
    siblings: { canonical: 'sibling of', value: 'person', subject: 'person' },
    residence: { canonical: 'lives in', value: 'location', first: true, subject: 'person' },
    employer: { canonical: 'works at', value: 'organization', subject: 'person' },
    employers: { canonical: 'works at', value: 'organization', subject: 'person' },
    'member of': { canonical: 'member of', value: 'organization', subject: 'person' },
  }),
);

const ORGANIZATION_FIELDS = new Map<string, FieldReading>(
  Object.entries({
    headquarters: { canonical: 'located in', value: 'location', first: true, subject: 'organization' },
    hq: { canonical: 'located in', value: 'location', first: true, subject: 'organization' },
    founder: { canonical: 'founded', fromValue: true, value: 'person', subject: 'organization' },
    founders: { canonical: 'founded', fromValue: true, value: 'person', subject: 'organization' },
    'founded by': { canonical: 'founded', fromValue: true, value: 'person', subject: 'organization' },
    ceo: { canonical: 'leads', fromValue: true, value: 'person', subject: 'organization' },
    chair: { canonical: 'leads', fromValue: true, value: 'person', subject: 'organization' },
    chairman: { canonical: 'leads', fromValue: true, value: 'person', subject: 'organization' },
    chairwoman: { canonical: 'leads', fromValue: true, value: 'person', subject: 'organization' },
    president: { canonical: 'leads', fromValue: true, value: 'person', subject: 'organization' },
    'managing director': { canonical: 'leads', fromValue: true, value: 'person', subject: 'organization' },
    founded: { canonical: 'founded', fromValue: true, value: 'person', subject: 'organization' },
    owner: { canonical: 'owns', fromValue: true, value: 'organization', subject: 'organization' },
    'parent company': { canonical: 'part of', value: 'organization', subject: 'organization' },
    parent: { canonical: 'part of', value: 'organization', subject: 'organization' },
    products: { canonical: 'created', value: 'product', subject: 'organization' },
  }),
);

/** Types a field's value may not have, whatever the field says it is. */
const NEVER_VALUES = new Set<EntityType>(['date', 'email', 'url', 'error_code']);

/** A fact sheet's subject: its name's key and the type its fields give it. */
export interface Sheet {
  key: string;
  type: EntityType;
}

/**
 * The sheet a text opens with: a first line that is one name and nothing else, followed by a line
 * that opens with a field's label. Undefined for anything else.
 */
export function readSheet(sentences: Sentence[], mentionsOf: (s: Sentence) => Mention[]): Sheet | undefined {
  const [first, second] = sentences;
  const field = second && labelOf(second);
  if (!first || !field) return undefined;
  // (Alone on its line, or after a heading's label: "Company profile: Ferreira & Moura Têxteis".)
  const colon = labelColon(first);
  const name = mentionsOf(first).find((m) => m.start === colon + 1);
  if (!name || first.tokens.slice(name.end).some((t) => t.pos !== 'PUNCT')) return undefined;
  const type = PERSON_FIELDS.has(field.label) ? 'person' : 'organization';
  return { key: name.keys[0]!, type };
}

/** The sheet's subject among the first line's mentions, typed as its fields say. */
export function sheetSubject(sheet: Sheet | undefined, mentions: Mention[]): Mention | undefined {
  const subject = sheet && mentions.find((m) => m.keys[0] === sheet.key);
  if (subject && subject.evidence === 'none') Object.assign(subject, { type: sheet!.type, evidence: 'weak' });
  return subject;
}

/** Whether the line is one of a sheet's fields ("Born: …"), whose label names no one. */
export function isSheetField(sentence: Sentence): boolean {
  return labelOf(sentence) !== undefined;
}

/** Where a line's label of one to three words ends with its colon, or -1. */
const labelColon = (sentence: Sentence): number =>
  sentence.tokens.findIndex((t, k) => k > 0 && k <= 3 && t.text === ':');

/** The label of a field line ("Alma mater:"), lower-cased, when the line opens with a known one. */
function labelOf(sentence: Sentence): { label: string; colon: number } | undefined {
  const colon = labelColon(sentence);
  if (colon < 0) return undefined;
  const label = phrase(sentence.tokens, 0, colon).toLowerCase();
  return PERSON_FIELDS.has(label) || ORGANIZATION_FIELDS.has(label) ? { label, colon } : undefined;
}

/**
 * The relations a field line of the sheet gives its subject: "Born: 2 June 1948, Sapporo, Japan"
 * (born in Sapporo), "Alma mater: Kyoto University", "Founders: A, B". A person's fields apply to
 * a subject that is a person (or nothing typed yet), an organisation's to an organisation.
 */
export function sheetFields(
  sentence: Sentence,
  mentions: Mention[],
  subject: Mention | undefined,
): SentenceRelation[] {
  if (!subject) return [];
  const field = labelOf(sentence);
  if (!field) return [];
  const reading = PERSON_FIELDS.get(field.label) ?? ORGANIZATION_FIELDS.get(field.label)!;
  const fits = subject.type === reading.subject || subject.evidence === 'none';
  if (!fits) return [];
  const values = mentions.filter(
    (m) =>
      m.start > field.colon &&
      m.keys[0] !== subject.keys[0] &&
      !NEVER_VALUES.has(m.type) &&
      (m.type === reading.value || m.evidence !== 'strong'),
  );
  const taken = reading.first ? values.slice(0, 1) : values;
  if (taken.length === 0) return [];
  const raw = phrase(sentence.tokens, 0, field.colon);
  return taken.map((value) => {
    if (value.type !== reading.value) Object.assign(value, { type: reading.value, evidence: 'weak' });
    return reading.fromValue
      ? rel(value, subject, reading.canonical, raw, value.end, 0.7)
      : rel(subject, value, reading.canonical, raw, value.end, 0.7);
  });
}
