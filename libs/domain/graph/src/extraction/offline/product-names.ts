import { lexicon } from './lexicon';
import { ERROR_SUFFIXED, phrase, Token } from './sentences';

// How far a product's name or a status code reaches past its capitalised words.

/** A version or release after a product's name: Slack 4.36, AutoCAD 2024, Ubuntu 22.04. */
const VERSION = /^(?:v?\d+(?:\.\d+)+|\d{1,4})$/;
/** Words a number follows as a label, not as a version: "Ticket 4471", "Room 12", "Step 3". */
const NUMBERED_LABELS = new Set([
  'ticket',
  'case',
  'issue',
  'order',
  'invoice',
  'incident',
  'request',
  'room',
  'flight',
  'figure',
  'table',
  'step',
  'chapter',
  'page',
  'section',
  'line',
  'item',
  'version',
  'build',
  'phase',
  'level',
  'floor',
  'gate',
  'platform',
]);
/** A model number after a brand: Synology DS920+, Zebra ZT410, Galaxy S23. */
export const MODEL = /^[A-Z]{1,3}\d{2,}[A-Z]{0,2}$/;
/** The same with a hyphen, after a brand: Synovia DS-420, Vireo NS-400, VoltaCell VC-48. */
export const HYPHENATED_MODEL = /^[A-Z]{2,3}-\d{2,4}[A-Z]?$/;
/** Words a hyphenated code after them numbers a record or an error, not a model: "Incident INC-2291", "Error OB-409". */
export const RECORD_WORDS = new Set([
  'error',
  'erreur',
  'fehler',
  'code',
  'err',
  'status',
  'incident',
  'report',
  'ticket',
  'case',
  'change',
  'postmortem',
  'issue',
  'bug',
  'request',
  'problem',
  'task',
  'ref',
  'alert',
]);
/** A protocol's status code: HTTP 503, SMTP 550 (and its enhanced code, 5.7.1). */
const SCHEME_CODE = /^[1-9]\d{2}$/;
/** After the word error, any short number is a code: "error 4021", "error 809" ("Error 8C": ERROR_SUFFIXED). */
const ERROR_NUMBER = /^\d{3,5}$/;
const ENHANCED_CODE = /^\d\.\d{1,3}\.\d{1,3}$/;
/** What a product's name ends with when the text means one release of it: "the DSM 7.2 update". */
const RELEASE_WORDS = new Set(['update', 'upgrade', 'patch', 'release', 'rollout', 'firmware']);

/**
 * "HTTP 503", "SMTP 550 5.7.1", "error 404": a protocol's name (or the word error) and its status
 * code are one error code.
 */
export function schemeCode(tokens: Token[], i: number): { end: number; name: string } | undefined {
  const token = tokens[i]!;
  const scheme = /^[A-Z]{2,6}$/.test(token.text) || ['error', 'status'].includes(token.lower);
  const code = tokens[i + 1]?.text ?? '';
  const coded =
    SCHEME_CODE.test(code) ||
    (token.lower === 'error' && (ERROR_NUMBER.test(code) || ERROR_SUFFIXED.test(code)));
  if (!scheme || !coded) return undefined;
  const end = ENHANCED_CODE.test(tokens[i + 2]?.text ?? '') ? i + 3 : i + 2;
  return { end, name: phrase(tokens, i, end) };
}

/**
 * Where a product's name ends once its version and release words are read: "Slack 4.36",
 * "Tempo Timesheets 12.4 update", "DSM 7.2 update". `end` is where the capitalised name ends.
 */
/** Editions written after a model's number. */
export const MODEL_EDITIONS = new Set([
  'Pro',
  'Max',
  'Ultra',
  'Plus',
  'Mini',
  'Lite',
  'Air',
  'SE',
  'XL',
  'FE',
]);

export function releaseEnd(tokens: Token[], end: number, dateToken: Set<number>): number {
  let to = end;
  const version = tokens[to];
  const previous = tokens[to - 1]!;
  if (
    version &&
    version.space !== '' &&
    VERSION.test(version.text) &&
    // ("Error 79.4C05": a number with a code glued to it is the code's.)
    !(tokens[to + 1]?.space === '' && /^[A-Z]+\d/.test(tokens[to + 1]!.text)) &&
    !dateToken.has(to) &&
    !NUMBERED_LABELS.has(previous.lower.replace(/\.$/, '')) &&
    lexicon().classOf(previous.lower.replace(/\.$/, '')) !== 'month'
  ) {
    to++;
    // "Windows 11 23H2": a feature update's half-year code after the version.
    if (tokens[to]?.pos === 'NUM' && tokens[to + 1]?.space === '' && /^H[12]$/.test(tokens[to + 1]!.text))
      to += 2;
    // "iPhone 15 Pro", "Galaxy S24 Ultra": a model's edition after its number.
    while (MODEL_EDITIONS.has(tokens[to]?.text ?? '') && to - end < 3) to++;
  }
  // "the CrowdStrike Falcon sensor update": one lower-case noun may name the part updated.
  const word = tokens[to];
  const after = tokens[to + 1];
  if (word && RELEASE_WORDS.has(word.lower)) return to + 1;
  if (word?.pos === 'NOUN' && word.text === word.lower && after && RELEASE_WORDS.has(after.lower))
    return to + 2;
  return to;
}
