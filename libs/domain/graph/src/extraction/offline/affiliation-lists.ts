import { isPersonNoun, opensPostLine } from './cues';
import { deskName } from './legal-names';
import { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { DASHES, DEPARTMENTS, ROLE_ABBREVIATIONS, UNIT_NOUNS } from './name-words';
import { Token } from './sentences';

/** Roles the tagger may read as verbs: "QA lead". */
const ROLE_VERBS = new Set(['lead', 'head']);

/** Units named by a rank and its number: "Level 2 Support", "Tier 1". */
const RANKED_UNITS = new Set(['Level', 'Tier', 'Line']);

/** Verbs of a ticket's label before "by" and the person: "Reported by", "Opened by". */
const REPORTING = new Set([
  'reported',
  'opened',
  'raised',
  'submitted',
  'filed',
  'posted',
  'logged',
  'assigned',
]);

/** Whether a label's verb and "by" stand right before the person: "Reported by Piotr Zieliński". */
export const reportedBy = (tokens: Token[], person: Mention): boolean =>
  person.start === 2 && tokens[1]?.lower === 'by' && REPORTING.has(tokens[0]!.lower);

/** Whether a word names what a person does, capitalised in a title or not: "Manager", "lead". */
const titleWord = (t: Token | undefined) =>
  t !== undefined && (isPersonNoun({ ...t, pos: 'NOUN', text: t.lower }) || ROLE_VERBS.has(t.lower));

/**
 * Where a title that starts at `from` ends, at a comma ("IT Manager,", "Senior Data Analyst,"), or -1:
 * at most four words, each capitalised (or an abbreviation), the last one a word for what a person
 * does.
 */
export function titleEnd(tokens: Token[], from: number): number {
  const comma = tokens.findIndex((t, k) => k > from && t.text === ',');
  if (comma < 0 || comma - from > 4 || !titleWord(tokens[comma - 1])) return -1;
  return tokens.slice(from, comma).every((t) => /^\p{Lu}/u.test(t.text)) ? comma : -1;
}

/**
 * The organisation named after a title that starts at `from` and ends at a comma: "IT Manager,
 * Saigon Textile Group", "Senior Data Analyst, Kaveri Textiles" (titleEnd).
 */
function titledOrganization(tokens: Token[], mentions: Mention[], from: number): Mention | undefined {
  const comma = titleEnd(tokens, from);
  if (comma < 0) return undefined;
  if (mentions.some((m) => m.start < comma && m.end > from && m.type === 'person')) return undefined;
  const org = mentions.find((m) => m.start === comma + 1);
  return org && (org.type === 'organization' || org.evidence === 'none') ? org : undefined;
}

/** How many tokens decorate a line's start: dashes ("--- Response from"), a tag ("[Agent]"). */
function decoration(tokens: Token[]): number {
  if (tokens[0]?.text === '[' && tokens[2]?.text === ']') return 3;
  let k = 0;
  while (DASHES.has(tokens[k]?.text ?? '')) k++;
  return k;
}

/** Longest list read after a name, in words. */
const MAX_LIST = 24;

/**
 * A person's affiliation written as a list after their name, in a ticket's header or a byline:
 * "Reported by: Sofía Marín (QA lead, Quintana Logística, Valencia)", "Raised by: Ananya Iyer —
 * Data Analytics, Kaveri Textiles, Coimbatore". The list's items are roles, departments, the
 * organisation and its place: a last item that is a place (or a name nothing typed, after an
 * organisation) is where the organisation is; the item before it is the organisation the person
 * works at. Only a list of two items or more (three with a place), closed by its bracket or the
 * line's end, with no verb, number or bracket inside.
 */
export function affiliationList(tokens: Token[], mentions: Mention[], person: Mention): SentenceRelation[] {
  const open = tokens[person.end];
  // (What decorates a label: "--- Response from …", "[Agent] …".)
  const lead = decoration(tokens);
  // ("From: Oksana Hrytsenko, IT coordinator, Karpaty Dairy Cooperative (Lviv)": after a header's
  // label a comma opens the list too.)
  // ("Response — Aoife Brennan, Tier 2 Engineer, NorthPoint IT Services:": so does a post's label.)
  const labelled =
    open?.text === ',' &&
    ((tokens[person.start - 1]?.text === ':' && person.start <= 3) ||
      // ("Reported by Piotr Zieliński, Kowalczyk Software, Wrocław": a label's verb and "by".)
      reportedBy(tokens, person) ||
      (opensPostLine(tokens.slice(lead)) &&
        person.start <= lead + 4 &&
        (tokens[tokens.length - 1]?.text === ':' || DASHES.has(tokens[tokens.length - 1]?.text ?? ''))) ||
      // ("[Agent] Kevin O'Brien, Storely Support, Dublin office:": a tag's label.)
      (lead > 1 && person.start === lead && tokens[tokens.length - 1]?.text === ':') ||
      // ("— Rafael Costa, DevOps, Itaú Unibanco": a sign-off's.)
      (person.start === 1 && DASHES.has(tokens[0]!.text)));
  // ("Ana Silva, IT Manager, Saigon Textile Group, wrote in": a title right after the name makes
  // the list an affiliation in prose too, up to the organisation after it.)
  const titled =
    open?.text === ',' && !labelled ? titledOrganization(tokens, mentions, person.end + 1) : undefined;
  // ("mod_anjali (Anjali Rao, PixelNest Support):", "Internal note (Nikhil Varma, Tier 2, Orbis
  // Workforce Solutions):": a name opening a bracket, its affiliation after it in the bracket.)
  const bracketed =
    open?.text === ',' && tokens[person.start - 1]?.text === '('
      ? tokens.findIndex((t, k) => k > person.end && t.text === ')')
      : -1;
  if (!open || (open.text !== '(' && !DASHES.has(open.text) && !labelled && !titled && bracketed < 0))
    return [];
  let close: number;
  if (titled) close = titled.end;
  else if (bracketed > 0) close = bracketed;
  else if (open.text === '(') {
    close = tokens.findIndex((t, k) => k > person.end && t.text === ')');
    if (close < 0) return [];
  } else {
    // (After a dash the list runs to the line's end, a full stop at most after it.)
    close = tokens.length;
    while (close > person.end + 1 && tokens[close - 1]!.pos === 'PUNCT' && tokens[close - 1]!.text !== ')')
      close--;
    // (In prose a dash after a name opens an aside: "as Ana told me — twice, in March": only a
    // header, with no verb before the name, lists an affiliation.)
    if (
      tokens
        .slice(0, person.start)
        .some((t) => t.pos === 'VERB' && t.text === t.lower && t.lower !== 'reported')
    )
      return [];
  }
  // (The organisation's town in brackets at the line's end is read by places.ts.)
  if (labelled && tokens[close - 1]?.text === ')') {
    const bracket = tokens.map((t) => t.text).lastIndexOf('(', close);
    if (bracket > person.end && mentions.some((m) => m.start === bracket + 1 && m.end === close - 1))
      close = bracket;
  }
  if (close - person.end > MAX_LIST) return [];
  const items: [number, number][] = [];
  let from = person.end + 1;
  for (let k = from; k <= close; k++) {
    if (k === close || tokens[k]!.text === ',') {
      if (k > from) items.push([from, k]);
      from = k + 1;
    }
  }
  if (items.length < 2) return [];
  // (A clause or a date is no list: "(born 1947, Kanazawa)", "(she joined Acme, then Brill)".)
  // ("Level 2 Support": a rank's number is a department's name.)
  const inside = tokens.slice(person.end + 1, close);
  const ranked = (k: number) => RANKED_UNITS.has(inside[k - 1]?.text ?? '');
  if (
    inside.some(
      (t, k) =>
        t.text === '(' ||
        (t.pos === 'NUM' && !ranked(k)) ||
        (t.pos === 'VERB' && t.text === t.lower && !ROLE_VERBS.has(t.lower)),
    )
  )
    return [];
  const whole = ([a, b]: [number, number]) => mentions.find((m) => m.start === a && m.end === b);
  // ("Reported by: Farah Siddiqui (Finance, Dubai office)": the office's town is where one lives;
  // the items before it are read as a list of their own.)
  const [officeFrom, officeTo] = items[items.length - 1]!;
  const office = mentions.find((m) => m.start === officeFrom && m.end === officeTo - 1);
  const lives: SentenceRelation[] = [];
  if (office?.type === 'location' && tokens[officeTo - 1]!.lower === 'office') {
    if (person.type !== 'person') Object.assign(person, { type: 'person', evidence: 'weak' });
    lives.push(rel(person, office, 'lives in', `${office.name} office`, office.end, 0.55));
    items.pop();
    // ("Kevin O'Brien, Storely Support, Dublin office": a help desk's office, the desk's firm.)
    const desk = items.length === 1 ? whole(items[0]!) : undefined;
    if (items.length < 2 && !(desk && (desk.type === 'organization' || deskName(desk.keys[0]!))))
      return lives;
  }
  // ("(Vireo Systems, Level 2 Support)": a ranked unit last is the employer's desk, not the employer.)
  if (items.length >= 2 && RANKED_UNITS.has(tokens[items[items.length - 1]![0]]!.text)) items.pop();
  if (items.length < 2 && !whole(items[0]!)) return lives;
  const last = whole(items[items.length - 1]!);
  const beforeLast = items.length >= 2 ? whole(items[items.length - 2]!) : undefined;
  // ("Customer: Nikos Papadopoulos (Thessaloniki, Greece)": a town and its country, the person's home.)
  if (
    items.length === 2 &&
    open.text === '(' &&
    last?.type === 'location' &&
    beforeLast?.type === 'location' &&
    beforeLast.evidence !== 'none' &&
    person.type === 'person' &&
    !tokens.slice(0, person.start).some((t) => t.pos === 'VERB' || t.pos === 'AUX')
  )
    return [
      rel(person, beforeLast, 'lives in', `(${beforeLast.name}, …)`, beforeLast.end, 0.6),
      rel(beforeLast, last, 'located in', ',', last.end, 0.6),
    ];
  const organisation = (m: Mention | undefined): m is Mention =>
    m !== undefined &&
    (m.type === 'organization' || m.evidence === 'none') &&
    !ROLE_ABBREVIATIONS.has(m.keys[0]!);
  // (A place follows the organisation and a role before it: "(Accounts Payable, Oslo)" names a
  // department's town, not an employer's.)
  // ("Customer: Marta Kowalczyk (Brightline Dental, Kraków)": or of two, when the first is known
  // for an organisation and the second for a place.)
  const placeLast =
    (items.length >= 3 &&
      last !== undefined &&
      (last.type === 'location' ||
        (last.evidence === 'none' && organisation(beforeLast) && !last.name.includes(' ')))) ||
    (items.length === 2 &&
      last?.type === 'location' &&
      last.evidence === 'strong' &&
      beforeLast?.type === 'organization' &&
      beforeLast.evidence !== 'none' &&
      !DEPARTMENTS.has(beforeLast.keys[0]!));
  const employer = placeLast ? beforeLast : last;
  if (!organisation(employer) || employer.type === 'location') return lives;
  // (A unit's people are its members, which other rules read; but a company the tagger knows for
  // one may be called a group: "(IT admin, Brightwater Dental Group)".)
  const unit = employer.name.split(' ').pop()!.toLowerCase();
  if (UNIT_NOUNS.has(unit) && !(unit === 'group' && employer.evidence === 'strong')) return lives;
  if (person.type !== 'person') Object.assign(person, { type: 'person', evidence: 'weak' });
  if (employer.type !== 'organization') Object.assign(employer, { type: 'organization', evidence: 'weak' });
  const out = [
    ...lives,
    rel(person, employer, 'works at', open.text === '(' ? '(…)' : open.text, employer.end, 0.6),
  ];
  if (placeLast && last) {
    if (last.type !== 'location') Object.assign(last, { type: 'location', evidence: 'weak' });
    out.push(rel(employer, last, 'located in', ',', last.end, 0.6));
  }
  return out;
}
