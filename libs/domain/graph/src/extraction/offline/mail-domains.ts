import type { ChunkFacts, RelationMention } from '../../ports/graph-store';
import { lexicon } from './lexicon';
import { Mention } from './mentions';
import { CORPORATE_SUFFIXES } from './name-words';
import { Token } from './sentences';

// "From: Priya Raghunathan <priya.r@ketterlaw.co.uk>" … "Ketter Law has ~40 seats": whose address
// is at a company's domain works there.

/** Second-level labels under a country's domain: "co.uk", "com.br", "ac.jp". */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc', 'or', 'ne', 'go']);

/** Mail services anyone may have an address at: no employer. */
const WEBMAIL = new Set([
  'gmail',
  'googlemail',
  'yahoo',
  'ymail',
  'hotmail',
  'outlook',
  'live',
  'msn',
  'icloud',
  'me',
  'mac',
  'aol',
  'proton',
  'protonmail',
  'gmx',
  'web',
  'mail',
  'yandex',
  'zoho',
  'fastmail',
  'qq',
  '163',
]);

/** The name a mail address's domain spells, letters and digits only: "ketterlaw" for "…@ketterlaw.co.uk". */
export function domainName(address: string): string | undefined {
  const host = address.split('@')[1]?.toLowerCase();
  if (!host) return undefined;
  const labels = host.split('.');
  labels.pop();
  if (labels.length > 1 && SECOND_LEVEL.has(labels[labels.length - 1]!)) labels.pop();
  const name = labels.pop()?.replace(/[^\p{L}\p{N}]/gu, '');
  return name && name.length >= 3 && !WEBMAIL.has(name) ? name : undefined;
}

/**
 * An address of a sentence and whose it is: the person named right before it ("Priya Raghunathan
 * <priya.r@…>", "Jun Park (jun@…)"), or none, when the address stands alone ("From:
 * marta.lindgren@fjordbank.no"): then its local part may name someone (addressee).
 */
export interface Sender {
  person?: Mention;
  address: string;
  domain: string;
}

/** The addresses of a sentence at a domain that may be an employer's, with whom they follow. */
export function sendersOf(tokens: Token[], mentions: Mention[]): Sender[] {
  const out: Sender[] = [];
  mentions.forEach((address, m) => {
    if (address.type !== 'email') return;
    const domain = domainName(address.name);
    if (!domain) return;
    const person = mentions[m - 1];
    const gap = person ? tokens.slice(person.end, address.start).map((t) => t.text) : [];
    const named =
      person?.type === 'person' &&
      (gap.length === 0 || (gap.length === 1 && ['<', '(', '[', ','].includes(gap[0]!)));
    out.push({ ...(named ? { person } : {}), address: address.name, domain });
  });
  return out;
}

/**
 * The one person of the chunk an address's local part names: "marta.lindgren" is Marta Lindgren,
 * "h.dahl" or "hdahl" Henrik Dahl (an initial and the family name), "marta" no one.
 */
function addressee(address: string, entities: ChunkFacts['entities']): number | undefined {
  const local = address.split('@')[0]!.toLowerCase().replace(/\d+$/, '');
  const parts = local.split(/[._-]+/).filter(Boolean);
  const found = entities.flatMap((e, i) => {
    if (e.type !== 'person') return [];
    const words = e.keys[0]!.split(' ').map((w) => w.replace(/[^\p{L}]/gu, ''));
    if (words.length < 2) return [];
    const [first, last] = [words[0]!, words[words.length - 1]!];
    const full = parts.length === 2 && parts[0] === first && parts[1] === last;
    const initial =
      (parts.length === 2 && parts[0] === first[0] && parts[1] === last) ||
      (parts.length === 1 && parts[0] === `${first[0]}${last}` && last.length >= 3);
    return full || initial ? [i] : [];
  });
  return found.length === 1 ? found[0] : undefined;
}

/** Words a help desk's name ends in: "BookWise Support", "Voxelta Customer Care". */
const DESK_WORDS = new Set(['support', 'team', 'helpdesk', 'help', 'desk', 'customer', 'care', 'technical']);

/**
 * A name's words, lower-cased, letters and digits only, without what may end it past the name the
 * domain spells: a legal suffix ("AB"), a help desk's words ("Support"), a word of what kind of
 * organisation it is ("Harborlight Foundation").
 */
function compact(key: string): string[] {
  const words = key.split(' ');
  const trailing = (w: string) =>
    CORPORATE_SUFFIXES.has(w) || DESK_WORDS.has(w) || lexicon().isOrganizationWord(w);
  while (words.length > 1 && trailing(words[words.length - 1]!)) words.pop();
  return words.map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''));
}

/**
 * Whether an organisation's name is the one a domain spells: its words run together, with or
 * without the words that may end it ("ketterlaw" for Ketter Law, "lindqvistdental" for Lindqvist
 * Dental AB, "harborlight" for Harborlight Foundation), or its last two words or more
 * ("maisonroux" for Boulangeries Maison Roux).
 */
function spells(key: string, domain: string): boolean {
  const all = key.split(' ').map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''));
  if (all.join('') === domain) return true;
  const words = compact(key);
  for (let from = 0; from < words.length; from++) {
    if (from > 0 && words.length - from < 2) break;
    if (words.slice(from).join('') === domain) return true;
  }
  return false;
}

/**
 * "works at" for each sender (the person named with the address, or the one its local part names)
 * whose domain spells the name of one organisation of the chunk (or of one name nothing typed),
 * unless they were read to work at it already. `entityOf` gives a mention's entity index;
 * `context` the sentence the address was written in.
 */
export function domainEmployers(
  senders: { sender: Sender; context: string }[],
  entities: ChunkFacts['entities'],
  relations: RelationMention[],
  entityOf: (mention: Mention, context: string) => number,
): RelationMention[] {
  const out: RelationMention[] = [];
  for (const { sender, context } of senders) {
    const employers = entities.flatMap((e, i) =>
      (e.type === 'organization' || e.type === 'concept') && spells(e.keys[0]!, sender.domain) ? [i] : [],
    );
    if (employers.length !== 1) continue;
    const source = sender.person ? entityOf(sender.person, context) : addressee(sender.address, entities);
    const target = employers[0]!;
    if (source === undefined) continue;
    if (
      [...relations, ...out].some(
        (r) => r.source === source && r.target === target && r.canonical_predicate === 'works at',
      )
    )
      continue;
    out.push({
      source,
      target,
      canonical_predicate: 'works at',
      raw_predicate: 'e-mail address at',
      context,
      confidence: 0.6,
      temporal_details: null,
      timestamp: null,
    });
  }
  return out;
}
