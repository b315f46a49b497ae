import { isPersonNoun, KIN_NOUNS } from './cues';
import { Token } from './sentences';

// The word lists matchPredicate (predicates.ts) reads besides the rules, and the words that end a clause.

/** Words between two entities that end one clause and start another: no relation spans them. */
export const CLAUSE_BREAKS = new Set([
  'when',
  'because',
  'while',
  'if',
  'although',
  'though',
  'but',
  'whereas',
  'since',
  'after',
  'before',
  'until',
  'unless',
  'than',
  'whether',
  'so',
]);

/** Moves an entity "moved its headquarters to": an organisation moves its seat, not its home. */
export function relocates(tokens: Token[]): boolean {
  return tokens.some((t) =>
    ['headquarters', 'hq', 'office', 'offices', 'seat', 'operations'].includes(t.lower),
  );
}

/**
 * Verbs that say too little to be a relation of their own: "Denver says AutoCAD", "Starbucks named
 * Brian Niccol" (what was said or named is elsewhere in the sentence).
 */
export const LIGHT_VERBS = new Set([
  'say',
  'tell',
  'name',
  'call',
  'do',
  'make',
  'get',
  'go',
  'come',
  'see',
  'think',
  'believe',
  'know',
  'want',
  'need',
  'ask',
  'give',
  'take',
  'let',
  'keep',
  'seem',
  'become',
  'remain',
  'report',
  'announce',
  'add',
  'note',
  'claim',
  'write',
  'sell',
  'start',
  'begin',
  'work',
  // (What one thinks or feels of a clause: "I understand that AutoCAD LT 2024 shows …".)
  'understand',
  'hope',
  'feel',
  'guess',
  'suppose',
  'realise',
  'realize',
  'notice',
  'confirm',
]);

/** People nouns that are no job: a student studies, kin and friends are read as such. */
const NOT_OCCUPATIONS = new Set([
  'student',
  'pupil',
  'alumnus',
  'alumna',
  'graduate',
  'fan',
  'member',
  'resident',
]);

/** A word for a person's occupation the rules do not list: "economist", "phytopathologist". */
export function occupation(token: Token): boolean {
  // (A plural names others: "mistaken by historians for X".)
  return (
    isPersonNoun(token) &&
    !/s$/.test(token.lower) &&
    !KIN_NOUNS.has(token.lower) &&
    !NOT_OCCUPATIONS.has(token.lower)
  );
}

/** Words that make the name after them a second subject of the verb before: "starred opposite X". */
export const COMPANIONS = new Set(['opposite', 'alongside']);

/** Words that deny the relation after them. */
export const NEGATIONS = new Set(['not', "n't", 'never', 'no']);
/** Verbs that call a deal off: "abandoned its bid for", "blocked the merger with". */
export const CALLED_OFF = new Set([
  'drop',
  'abandon',
  'cancel',
  'scrap',
  'block',
  'reject',
  'terminate',
  'deny',
]);

/** Names of a legislature: "National Assembly", "Dáil Éireann", "House of Commons". */
export const LEGISLATURES =
  /\b(assembly|parliament|senate|congress|dáil|bundestag|knesset|duma|sejm|storting|riksdag|house of (commons|lords|representatives)|chamber of deputies|national council|legislative council|legislature|cortes|lok sabha|rajya sabha)\b/i;

/** Nouns for a sports club before its name: one plays for it, not works there. */
export const CLUB_NOUNS = new Set(['club', 'side', 'squad']);
/** Who plays for a club: "a midfielder for Boca Juniors", "a water polo player for VK Jadran". */
export const PLAYERS = new Set([
  'player',
  'midfielder',
  'striker',
  'forward',
  'defender',
  'goalkeeper',
  'winger',
  'footballer',
  'cricketer',
  'batsman',
  'bowler',
  'pitcher',
  'guard',
]);

/** Bodies one joins as a member, not as an employee. */
export const GROUP_WORDS =
  /\b(navy|army|air force|marines|party|partido|parti|partei|partij|partito|band|club|society|team|union|association|council|committee|league|orchestra|orquesta|orchestre|ensemble|trio|quartet|quintet|choir|parliament|senate|congress|board|academy|democrats|republicans|greens|socialists|conservatives|liberals|labour|movement|alliance)\b/i;

/** Words between a verb of travel and "from": "flying in from Abuja", "drove all the way from Zaragoza". */
export const TRAVEL_PARTICLES = new Set(['down', 'up', 'over', 'in', 'back', 'all', 'the', 'way']);
