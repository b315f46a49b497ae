import { titleEnd } from './affiliation-lists';
import { DASHES } from './name-words';
import { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { Sentence, Token } from './sentences';
import { personLike } from './signatures';

// A ticket's header fields: "Customer: Brightwater Dental (Cork)", "Contact: Niamh Keane",
// "Product: DentaSuite Cloud 3.2", "Environment: macOS Sonoma 14.4 / Safari 17.4". The customer
// (or, with none, the organisation the contact's field names, else the contact) uses each product
// the header names (a product field with no value lists them on the lines below it, one a line),
// the contact works at the customer, and an error code the ticket reports affects the first
// product named, unless its sentence says what it affects. The fields may come in any order, so
// the whole header is read first.

/** Labels of the field that names the customer's organisation. */
const CUSTOMER_LABELS = new Set(['customer', 'client', 'account', 'company', 'organisation', 'organization']);
/** Labels of the field that names who raised the ticket (one or two words). */
const CONTACT_LABELS = new Set([
  'contact',
  'requester',
  'requestor',
  'reporter',
  'caller',
  'reported by',
  'opened by',
  'raised by',
  'submitted by',
]);
/** Labels of the fields that name what the customer runs. */
const PRODUCT_LABELS = new Set([
  'product',
  'products',
  'environment',
  'platform',
  'device',
  'devices',
  'software',
  'application',
  'app',
  'affected product',
  'affected products',
  'component',
  'affected ci',
  'affected component',
  'hardware',
  'os',
  'browser',
]);
/** What opens a listed item's line. */
const BULLETS = new Set(['-', '*', '•', '–']);
/** Types a product field's names may not have. */
const NOT_PRODUCTS = new Set(['person', 'location', 'date', 'error_code', 'event']);

type Field = 'customer' | 'contact' | 'product';

/** One field of a header line: its kind and the tokens of its value, [from, to). */
interface FieldSpan {
  field: Field;
  label: string;
  from: number;
  to: number;
}

/** What the header says, read before the sentences' own relations. */
export interface TicketHeader {
  customer?: Mention;
  contact?: Mention;
  /** The lines listed under a product field with no value of its own ("Environment:" then "- darktable 4.6.0"). */
  listed?: Set<Sentence>;
  /** The first product field's first product: what the ticket's errors affect, unless a sentence says. */
  product?: Mention;
  /** Keys of the error codes already given the product. */
  affected?: Set<string>;
}

/** The fields of one line: a label opens the line or follows a bar or a dash ("Case 77120 — Customer: …"). */
export function fieldsOf(tokens: Token[]): FieldSpan[] {
  const spans: FieldSpan[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const opens = k === 0 || tokens[k - 1]!.text === '|' || DASHES.has(tokens[k - 1]!.text);
    // ("customer: Greenleaf Dental Clinic", "product: DentiFlow 8": terse tickets write labels in
    // lower case; only the labels below count.)
    if (!opens) continue;
    const width = tokens[k + 1]?.text === ':' ? 1 : tokens[k + 2]?.text === ':' ? 2 : 0;
    // ("Opened by Lucía Fernández": a line of its own, the label with no colon.)
    const byLine =
      width === 0 &&
      k === 0 &&
      tokens[1]?.lower === 'by' &&
      CONTACT_LABELS.has(`${tokens[0]!.lower} by`) &&
      // ("Opened by @lucia-fdez (Lucía Fernández, Instituto Geográfico Nacional)": or the name's brackets.)
      (tokens.length <= 6 || tokens.slice(3, 6).some((t) => t.text === '(')) &&
      !tokens.slice(2).some((t) => t.pos === 'VERB' || t.pos === 'AUX');
    if (byLine) {
      spans.push({ field: 'contact', label: `${tokens[0]!.lower} by`, from: 2, to: tokens.length });
      break;
    }
    if (width === 0) continue;
    const label = tokens
      .slice(k, k + width)
      .map((t) => t.lower)
      .join(' ');
    const field: Field | undefined = CUSTOMER_LABELS.has(label)
      ? 'customer'
      : CONTACT_LABELS.has(label)
        ? 'contact'
        : PRODUCT_LABELS.has(label)
          ? 'product'
          : undefined;
    const from = k + width + 1;
    // (The value runs to the line's end or to the next field's bar.)
    let to = from;
    while (to < tokens.length && tokens[to]!.text !== '|') to++;
    if (field) spans.push({ field, label, from, to });
    k = to - 1;
  }
  return spans;
}

/** A copy of a mention with the type its field gives it (a sure type stays sure). */
const retyped = (m: Mention, type: Mention['type']): Mention => ({
  ...m,
  type,
  evidence: m.evidence === 'strong' ? 'strong' : 'weak',
});

const inside = (m: Mention, span: FieldSpan) => m.start >= span.from && m.end <= span.to;

/**
 * The organisation after a customer field's person and their title: "Hoang Minh Chau, IT Manager,
 * Saigon Textile Group" (a name nothing typed, or a person's, then a title of capitalised words
 * ending in a word for a job).
 */
function titledAfter(
  tokens: Token[],
  first: Mention,
  mentions: Mention[],
  span: FieldSpan,
): Mention | undefined {
  if (tokens[first.end]?.text !== ',' || !(first.type === 'person' || first.evidence !== 'strong'))
    return undefined;
  const comma = titleEnd(tokens, first.end + 1);
  const org = comma > 0 ? mentions.find((m) => m.start === comma + 1 && inside(m, span)) : undefined;
  return org && org.type !== 'person' && org.type !== 'location' ? org : undefined;
}

/** The header's customer and contact, read from every sentence before any relation is. */
export function ticketHeader(sentences: Sentence[], mentionsOf: (s: Sentence) => Mention[]): TicketHeader {
  const header: TicketHeader = {};
  // ("Reported by: Oluwaseun Adebayo, IT Manager, Greenfield Logistics": with no customer field,
  // the organisation the contact's field names is the customer.)
  let contactsOrganisation: Mention | undefined;
  let listing = false;
  for (const sentence of sentences) {
    // ("Environment:" and its items, one a line, each opening with a dash or a bullet.)
    const item = BULLETS.has(sentence.tokens[0]?.text ?? '');
    if (listing && item) (header.listed ??= new Set()).add(sentence);
    else listing = false;
    const spans = fieldsOf(sentence.tokens);
    if (spans.length === 0) continue;
    const last = spans[spans.length - 1]!;
    listing = last.field === 'product' && last.from >= sentence.tokens.length;
    const mentions = mentionsOf(sentence);
    for (const span of spans) {
      let first = mentions.find((m) => inside(m, span));
      if (!first) continue;
      // ("Customer: Marta Kowalska, Brightline Logistics": the person is the contact, and the
      // organisation after the comma the customer.)
      // ("Customer: Hoang Minh Chau, IT Manager, Saigon Textile Group": so past the contact's title.)
      const titled =
        span.field === 'customer' ? titledAfter(sentence.tokens, first, mentions, span) : undefined;
      if (titled) {
        header.contact ??= retyped(first, 'person');
        first = titled;
      }
      if (span.field === 'customer' && first.type === 'person' && sentence.tokens[first.end]?.text === ',') {
        const organisation = mentions.find((m) => m.start === first!.end + 1 && inside(m, span));
        if (organisation && organisation.type !== 'person' && organisation.type !== 'location') {
          header.contact ??= first;
          first = organisation;
        }
      }
      if (
        span.field === 'customer' &&
        !header.customer &&
        first.type !== 'person' &&
        first.type !== 'location'
      )
        header.customer = retyped(first, 'organization');
      if (span.field === 'product' && !header.product && !NOT_PRODUCTS.has(first.type))
        header.product = first;
      // (The person's name in brackets after a user name: "@lucia-fdez (Lucía Fernández, …)".)
      const named = mentions.find(
        (m) => m.start === first!.end + 1 && sentence.tokens[first!.end]?.text === '(' && m.type === 'person',
      );
      if (span.field === 'contact' && named) first = named;
      if (span.field === 'contact' && !header.contact && personLike(first)) {
        header.contact = retyped(first, 'person');
        contactsOrganisation = mentions.find(
          (m) => inside(m, span) && m.start > first.start && m.type === 'organization',
        );
      }
    }
  }
  header.customer ??= contactsOrganisation;
  return header;
}

/** The customer's name is the organisation's wherever the text writes it untyped ("Brightwater says …"). */
export function typeCustomer(mentions: Mention[], header: TicketHeader): void {
  const customer = header.customer;
  if (!customer) return;
  for (const m of mentions)
    if (m.keys[0] === customer.keys[0] && m.evidence !== 'strong')
      Object.assign(m, { type: customer.type, evidence: customer.evidence });
}

/**
 * The relations a header line's fields give: the contact works at the customer; the customer
 * (else the contact) uses each product named. `found` holds what the sentence's other rules read,
 * so a contact whose own affiliation was written out keeps it.
 */
export function ticketFields(
  sentence: Sentence,
  mentions: Mention[],
  header: TicketHeader,
  found: SentenceRelation[],
): SentenceRelation[] {
  const out: SentenceRelation[] = [];
  for (const span of fieldsOf(sentence.tokens)) {
    const named = mentions.filter((m) => inside(m, span));
    // (The contact a customer field names before its organisation: "Customer: Marta Kowalska, …".)
    const contactFirst = span.field === 'customer' && named[0]?.type === 'person' && named[1] !== undefined;
    if ((span.field === 'contact' || contactFirst) && header.customer) {
      const person = named[0];
      if (contactFirst && named[1]!.keys[0] !== header.customer.keys[0]) continue;
      const employed = found.some((r) => r.source === person && r.canonical === 'works at');
      if (personLike(person) && !employed) {
        if (person.type !== 'person') Object.assign(person, { type: 'person', evidence: 'weak' });
        out.push(rel(person, header.customer, 'works at', span.label, person.end, 0.6));
      }
    }
    if (span.field === 'product') out.push(...used(named, header, span.label));
  }
  if (header.listed?.has(sentence)) out.push(...used(mentions.slice(0, 1), header, 'environment'));
  // ("Product: AutoCAD LT 2024 … shows error 0015.111": a code the ticket reports is the product's
  // trouble, unless the sentence says what it affects.)
  const product = header.product;
  if (product)
    for (const code of mentions)
      if (
        code.type === 'error_code' &&
        !isFix(sentence.tokens, code) &&
        !(header.affected ??= new Set()).has(code.keys[0]!) &&
        !found.some((r) => r.source === code && r.canonical === 'affects')
      ) {
        header.affected.add(code.keys[0]!);
        out.push(rel(code, product, 'affects', 'reported in', code.end, 0.5));
      }
  return out;
}

/** Words before an identifier that make it a change rather than a trouble: "Windows update KB5041187". */
const CHANGE_WORDS = new Set(['update', 'patch', 'hotfix', 'fix', 'release', 'build', 'version']);

/** An update's number ("KB5041187"), or an identifier a change word or a verb stands before ("Raising KELPIE_RENDER_MEM"). */
function isFix(tokens: Sentence['tokens'], code: Mention): boolean {
  const before = tokens[code.start - 1];
  return (
    /^KB\d+$/.test(code.name) ||
    CHANGE_WORDS.has(before?.lower ?? '') ||
    (before?.pos === 'VERB' && /ing$/.test(before.lower) && code.start === 1)
  );
}

/** The customer (else the contact) uses each product a product field names. */
function used(named: Mention[], header: TicketHeader, label: string): SentenceRelation[] {
  const user = header.customer ?? header.contact;
  if (!user) return [];
  return named
    .filter((product) => !NOT_PRODUCTS.has(product.type) && product.keys[0] !== user.keys[0])
    .map((product) => rel(user, product, 'uses', label, product.end, 0.6));
}
