import { lexicon } from './lexicon';
import {
  CLOSINGS,
  isDegree,
  DOCUMENT_LABELS,
  FUNCTION_WORDS,
  ROLE_ABBREVIATIONS,
  ROLE_PARTS,
} from './name-words';
import type { Token } from './sentences';

// Capitalised words that read as a name but are none: a degree, a role or its department, a
// ticket's label or field value, a letter's closing (name-mentions.ts asks before it keeps a name).

/** Units of measure written in capitals, as they are after a number. */
const UNITS = new Set(
  'Hz kHz MHz GHz KB kB MB GB TB PB Kb Mb Gb Kbps kbps Mbps Gbps MW GW kW kWh MWh GWh TWh mAh Wh fps dpi ppi'.split(
    ' ',
  ),
);

/** Labels whose value is a word, not a name: "Priority: High", "Status: Open". */
const VALUE_LABELS = new Set(['priority', 'severity', 'status']);

/** Role nouns a signature's title ends on besides compromise's: "Support Engineer". */
const TITLE_ROLES = new Set([
  'engineer',
  'technician',
  'specialist',
  'administrator',
  'agent',
  'representative',
  'lead',
  'analyst',
  'consultant',
  'coordinator',
]);

/** Nouns a title ends on: "Chief Scientist", "Head Chef", "Lead Engineer". */
const ROLE_HEADS = new Set([
  'scientist',
  'engineer',
  'chef',
  'architect',
  'economist',
  'editor',
  'designer',
  'analyst',
  'counsel',
]);

/** Words that open a turn as an exclamation or a way of addressing someone, capitalised but no name. */
const INTERJECTIONS = new Set([
  'great',
  'good',
  'same',
  'sorry',
  'okay',
  'ok',
  'cool',
  'nice',
  'wow',
  'yes',
  'yeah',
  'yep',
  'nope',
  'sure',
  'awesome',
  'perfect',
  'congrats',
  'congratulations',
  'amazing',
  'lovely',
  'ugh',
  'haha',
  'lol',
  'omg',
  'welcome',
  'morning',
  'evening',
  'bro',
  'dude',
  'mate',
  'guys',
  'babe',
  'sis',
  'anyway',
  'honestly',
  'seriously',
  'btw',
]);

/**
 * The exclamations of those that are no word of a name either, so none opens one: "Omg Rahul!!",
 * "Thanks Kenji," ("Great Britain", "Good Morning America" keep their first word).
 */
export const EXCLAMATIONS = new Set([
  'sorry',
  'okay',
  'ok',
  'wow',
  'yes',
  'yeah',
  'yep',
  'nope',
  'congrats',
  'congratulations',
  'ugh',
  'haha',
  'lol',
  'omg',
  'bro',
  'dude',
  'btw',
  'anyway',
  'thanks',
  'yay',
  'oh',
  'ah',
]);

/** Marks after which a message, a turn or a line opens: "Ana: Great…", "— Hola Carmen". */
const LINE_OPENERS = new Set([':', ']', ')', '—', '–', '-', '!', '?', '.']);

/** Whether the token at `at` opens a message, a turn or a line. */
export const opensLine = (tokens: Token[], at: number): boolean =>
  at === 0 || LINE_OPENERS.has(tokens[at - 1]?.text ?? '');

/** Adjectives that open a sentence before a noun, which the tagger may read as names: "Early customers". */
const OPENING_ADJECTIVES = new Set([
  'early',
  'key',
  'major',
  'big',
  'new',
  'other',
  'many',
  'most',
  'several',
  'former',
  'few',
  'various',
  'numerous',
]);

/**
 * Whether the words from `from` to `to` (`lower`, lower-cased without a final stop) are a label,
 * a role or a closing rather than a name.
 */
export function isNoName(tokens: Token[], from: number, to: number, lower: string[]): boolean {
  const lex = lexicon();
  // "my PhD at ETH Zurich": a degree is what one studied for, not a name.
  // ("a B.Tech from IIT Madras", "her M.Sc.": written with stops, in one piece or two.)
  if (lower.length <= 2 && isDegree(lower.join(''))) return true;
  // ("Roux, who serves as CEO": a role's abbreviation alone names nobody.)
  if (lower.length === 1 && ROLE_ABBREVIATIONS.has(lower[0]!)) return true;
  // "a Series B round led by …": a funding round's letter, not a name.
  // ("a Series A round": the letter A, read as an article, stays outside the name.)
  if (lower.length === 2 && lower[0] === 'series' && /^[a-h]$/.test(lower[1]!)) return true;
  if (lower.length === 1 && lower[0] === 'series' && /^[A-H]$/.test(tokens[to]?.text ?? '')) return true;
  // ("a 2.4 GHz band", "16 GB of RAM", "5000 mAh": a unit after its number is no name.)
  if (UNITS.has(tokens[from]!.text) && tokens[from - 1]?.pos === 'NUM') return true;
  // "their debut EP, Driftwood": a record's kind, not its title.
  if (lower.length === 1 && (lower[0] === 'ep' || lower[0] === 'lp')) return true;
  // "Great... I work from home", "Same here.", "Congrats, Ana!": an exclamation opening a turn.
  if (lower.length === 1 && INTERJECTIONS.has(lower[0]!) && opensLine(tokens, from)) return true;
  // ("Kia ora Aroha,": a two-word greeting opening a line.)
  if (lower.length === 1 && lower[0] === 'kia' && tokens[to]?.lower === 'ora' && opensLine(tokens, from))
    return true;
  // "Chief executive Tom Harrow", "Chief financial officer Mei Lin": a title's first word opening a
  // sentence is no name.
  const following = tokens[to];
  if (
    lower.length === 1 &&
    (ROLE_PARTS.has(lower[0]!) || lex.classOf(lower[0]!) === 'role') &&
    following &&
    following.text === following.lower &&
    ['NOUN', 'ADJ'].includes(following.pos)
  )
    return true;
  // "QA lead at Jotter Labs", "Farah Qureshi, SRE at Larkspur": a function or an officer's title
  // before a role noun or "at" is part of the role, not a name.
  if (
    lower.length === 1 &&
    (FUNCTION_WORDS.has(lower[0]!) || ROLE_ABBREVIATIONS.has(lower[0]!)) &&
    following &&
    (['at', 'of', 'for'].includes(following.lower) ||
      (['NOUN', 'VERB'].includes(following.pos) && following.text === following.lower))
  )
    return true;
  // "Ticket #4471:", "Product: Medora EHR": a field's label is no name.
  if (
    lower.length === 1 &&
    DOCUMENT_LABELS.has(lower[0]!) &&
    (following === undefined || ['#', ':', '-', '|', ')'].includes(following.text) || following.pos === 'NUM')
  )
    return true;
  // One word opening the sentence before a lower-case noun:
  const beforeNoun =
    lower.length === 1 && from === 0 && tokens[to]?.pos === 'NOUN' && tokens[to]!.text === tokens[to]!.lower;
  // ("Speaker bio", "Release notes": a heading line of a capitalised word and a noun.)
  const lineEnd = tokens[tokens.length - 1]?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  // (Or before a dash that goes on with the heading's subject: "Speaker bio — Dr. Priya Raghunathan".)
  const headingEnd = to === lineEnd - 1 || ['—', '–', '|'].includes(tokens[to + 1]?.text ?? '');
  if (beforeNoun && headingEnd && lex.classOf(lower[0]!) !== 'first-name') return true;
  // ("Early customers include …", "Notable users include …": a sentence's first adjective.)
  if (
    beforeNoun &&
    ['ADJ', 'PROPN'].includes(tokens[from]?.pos ?? '') &&
    !lex.classOf(lower[0]!) &&
    (OPENING_ADJECTIVES.has(lower[0]!) || /(?:able|ible|al|ous|ive|ent|ant|ary|ful|ly)$/.test(lower[0]!))
  )
    return true;
  // ("Short description: VPN drops": a line's label of a capitalised word and nouns.)
  if (lower.length === 1 && opensLine(tokens, from) && lex.classOf(lower[0]!) !== 'first-name') {
    let k = to;
    while (k < to + 2 && tokens[k]?.text === tokens[k]?.lower && tokens[k]?.pos === 'NOUN') k++;
    if (k > to && tokens[k]?.text === ':') return true;
  }
  // "Priority: High", "(priority High)": a field's value after its label is no name either.
  const labelled = (k: number) =>
    VALUE_LABELS.has(tokens[k]?.lower ?? '') ||
    (tokens[k]?.text === ':' && VALUE_LABELS.has(tokens[k - 1]?.lower ?? ''));
  if (lower.length === 1 && from > 0 && labelled(from - 1) && lex.classOf(lower[0]!) === undefined)
    return true;
  // "Support Engineer, TillPoint Systems": a department and a role are a signature's title.
  if (
    lower.length > 1 &&
    lower.length <= 3 &&
    lower.slice(0, -1).every((w) => FUNCTION_WORDS.has(w)) &&
    (lex.classOf(lower[lower.length - 1]!) === 'role' ||
      ROLE_ABBREVIATIONS.has(lower[lower.length - 1]!) ||
      TITLE_ROLES.has(lower[lower.length - 1]!))
  )
    return true;
  // "is Chief Scientist at Tessellate Robotics", "Head Chef at …": a capitalised title of role words
  // before "at", "of" or "for" is the role, no name.
  // (Before "of" only a name of two words or more: "Secretary of State" stays a title.)
  const ofName = /^\p{Lu}/u.test(tokens[to + 1]?.text ?? '') && /^\p{Lu}/u.test(tokens[to + 2]?.text ?? '');
  if (
    lower.length >= 2 &&
    lower.length <= 3 &&
    (['at', 'for'].includes(following?.lower ?? '') || (following?.lower === 'of' && ofName)) &&
    lower.every(
      (w) => ROLE_PARTS.has(w) || FUNCTION_WORDS.has(w) || lex.classOf(w) === 'role' || ROLE_HEADS.has(w),
    ) &&
    (lex.classOf(lower[lower.length - 1]!) === 'role' || ROLE_HEADS.has(lower[lower.length - 1]!))
  )
    return true;
  // ("Assigning to the backend team.", "Closing this as fixed": a gerund opening a sentence, before
  // a preposition, an article or a pronoun, is no name; a name the lexicon knows is: "Reading to …".)
  if (
    lower.length === 1 &&
    from === 0 &&
    /^\p{Lu}\p{Ll}{2,}ing$/u.test(tokens[from]!.text) &&
    ['ADP', 'DET', 'PRON', 'PART'].includes(following?.pos ?? '') &&
    lex.classOf(lower[0]!) === undefined
  )
    return true;
  // ("Note that the flow depends on …", "Remember that …": so is an imperative before "that".)
  if (lower.length === 1 && from === 0 && following?.lower === 'that' && lex.classOf(lower[0]!) === undefined)
    return true;
  // "Best, Oskar": a letter's closing word is no name.
  if (
    lower.length === 1 &&
    CLOSINGS.has(lower[0]!) &&
    (following?.text === ',' || CLOSINGS.has(following?.lower ?? '') || following === undefined)
  )
    return true;
  // "I'm" is the speaker (relations.ts); "Secretary-General" is a role, as "CEO" is.
  if (lower.length === 1 && /^i['’](m|ve|d|ll)$/.test(lower[0]!)) return true;
  const roleParts = lower[0]!.split('-');
  if (
    lower.length === 1 &&
    roleParts.length > 1 &&
    roleParts.every((w) => lex.classOf(w) === 'role' || ROLE_PARTS.has(w))
  )
    return true;
  return false;
}
