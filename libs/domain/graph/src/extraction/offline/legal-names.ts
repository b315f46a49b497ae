import type { ChunkFacts } from '../../ports/graph-store';
import { CORPORATE_SUFFIXES } from './name-words';

/** Words that say a company is a group of them: "Halberd Insurance Group", "Brennan Foods Company". */
const KIND_WORDS = new Set([
  'group',
  'company',
  'co',
  'co.',
  'companies',
  'international',
  'worldwide',
  'global',
]);

/**
 * "Farah joins Kestrel Analytics on Monday" … signed "Kestrel Analytics Ltd": a company written
 * once without its legal suffix is the one company of the chunk written with it, whichever came
 * first. Returns each short name's entity index and the full name's.
 */
export function legalShortNames(entities: ChunkFacts['entities']): Map<number, number> {
  const into = new Map<number, number>();
  const byShort = new Map<string, number[]>();
  // (An organisation's name without its legal suffix is its second key: name-mentions.ts.)
  entities.forEach((e, i) => {
    if (e.type !== 'organization') return;
    for (const short of e.keys.slice(1)) byShort.set(short, [...(byShort.get(short) ?? []), i]);
  });
  entities.forEach((e, i) => {
    if (e.type !== 'organization' && e.type !== 'concept') return;
    const full = byShort.get(e.keys[0]!);
    if (full?.length === 1 && full[0] !== i) into.set(i, full[0]!);
  });
  // ("Halberd Insurance names … as chief executive" above "Halberd Insurance Group said …": so is
  // one written without the word that says it is a group, or without any last words after two.)
  entities.forEach((e, i) => {
    if ((e.type !== 'organization' && e.type !== 'concept') || into.has(i)) return;
    const key = e.keys[0]!;
    const longer = entities.flatMap((f, j) => {
      if (j === i || f.type !== 'organization' || !f.keys[0]!.startsWith(`${key} `)) return [];
      const rest = f.keys[0]!.slice(key.length + 1).split(' ');
      // (Not a trade's word after one word: "Siemens Energy" is another company than Siemens. After
      // two words or more the short name is the company's: "Baltic Reefer's chief executive" in a
      // story on Baltic Reefer Lines, "Haldane & Roy" signing for Haldane & Roy Solicitors.)
      return key.includes(' ') || rest.every((w) => KIND_WORDS.has(w) || CORPORATE_SUFFIXES.has(w))
        ? [j]
        : [];
    });
    if (longer.length === 1) into.set(i, longer[0]!);
  });
  return into;
}

/** What a company's help desk is called after its name: "OrbitNet Support", "Streamora Customer Care". */
const DESK_WORDS = [
  'technical support',
  'support',
  'support team',
  'customer care',
  'customer support',
  'customer service',
  'help desk',
  'helpdesk',
  'service desk',
  'staff',
];

/** Words before a desk's that name a kind of it, not a company: "Customer Support", "Senior Support". */
const DESK_OWNER_WORDS = new Set([
  'customer',
  'customers',
  'merchant',
  'technical',
  'product',
  'senior',
  'junior',
  'desktop',
  'mobile',
  'it',
  'partner',
  'partners',
  'client',
  'premium',
  'enterprise',
  'business',
  'tier',
  'level',
  'first',
  'second',
  'hi',
  'dear',
]);

/**
 * "Mei (OrbitNet Support): Hi, thanks for contacting OrbitNet": a company's help desk, where the
 * chunk names the company alone too, is the company (annotators write "Mei works at OrbitNet").
 * Returns each desk's entity index and the company's.
 */
export function helpDeskNames(entities: ChunkFacts['entities']): Map<number, number> {
  const into = new Map<number, number>();
  const byKey = new Map<string, number>();
  entities.forEach((e, i) => {
    // (Or a place, which a desk named after it shows a company: "the export job in TallyForge" …
    // "Priscila Duarte (TallyForge Support)".)
    if (['organization', 'concept', 'product', 'location'].includes(e.type)) byKey.set(e.keys[0]!, i);
  });
  entities.forEach((e, i) => {
    const desk = deskOf(e);
    const company = desk && byKey.get(desk.company);
    if (company !== undefined && company !== i) into.set(i, company);
  });
  return into;
}

/** A help desk's words and the key of the company it is named after ("orbitnet" for "OrbitNet Support"). */
function deskOf(entity: ChunkFacts['entities'][number]): { words: string; company: string } | undefined {
  if (entity.type !== 'organization' && entity.type !== 'concept') return undefined;
  return deskName(entity.keys[0]!);
}

/** The desk's words a name's key ends with, and the key before them, if it names a help desk. */
export function deskName(key: string): { words: string; company: string } | undefined {
  const words = DESK_WORDS.find((w) => key.endsWith(` ${w}`));
  return words === undefined ? undefined : { words, company: key.slice(0, -words.length - 1) };
}

/**
 * "Reply from Jana Horvath (Orbitly Staff)" in a thread on "Orbitly Desktop 3.8": a help desk named
 * after a company the chunk names only in its products' names is the company, named alone.
 * Returns the desk's entity index and the company's name as written.
 */
export function deskCompanies(entities: ChunkFacts['entities']): Map<number, string> {
  const out = new Map<number, string>();
  const keys = new Set(entities.map((e) => e.keys[0]!));
  entities.forEach((e, i) => {
    const desk = deskOf(e);
    if (!desk || keys.has(desk.company)) return;
    const named = entities.some(
      (f, j) =>
        j !== i &&
        ['organization', 'product', 'concept'].includes(f.type) &&
        f.keys[0]!.startsWith(`${desk.company} `),
    );
    // ("Tomasz Kowal (Quantix Software Support)", "Mei Lin Tan / PrintVista Technical Support": or
    // a desk whose name before its words is a name's, capitalised, not a kind of customer or desk:
    // annotators wrote the company 34 times, the desk 5.)
    const owner = e.name.split(' ').slice(0, -desk.words.split(' ').length);
    const ownName =
      owner.length > 0 && owner.every((w) => /^\p{Lu}/u.test(w) && !DESK_OWNER_WORDS.has(w.toLowerCase()));
    if (!named && !ownName) return;
    const words = e.name.split(' ');
    out.set(i, words.slice(0, words.length - desk.words.split(' ').length).join(' '));
  });
  return out;
}
