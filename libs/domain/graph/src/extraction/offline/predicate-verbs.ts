import { PREDICATE_RULES as RULES } from './predicate-rules';
import { GERUND_OPENERS, Token } from './sentences';

// Reading a token as a verb: its base forms, what the tagger took for something else, gerunds.

/** Whether `words[at]` is "before", "after", "since" or "upon" opening a participle ("before joining"). */
export function opensGerund(words: Token[], at: number): boolean {
  const next = words[at + 1];
  return (
    GERUND_OPENERS.has(words[at]?.lower ?? '') &&
    next !== undefined &&
    /ing$/.test(next.lower) &&
    isVerbLike(next)
  );
}

export const root = (token: Token) => token.lemma.toLowerCase();

/** The base forms a word can be an inflection of: "lives" → live, "married" → marry, "based" → base. */
export function bases(word: string): string[] {
  const out = [word];
  if (word.endsWith('ied')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.endsWith('ed')) out.push(word.slice(0, -2), word.slice(0, -1));
  if (/([b-df-hj-np-tv-z])\1ed$/.test(word)) out.push(word.slice(0, -3));
  if (word.endsWith('ing')) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return out;
}

/**
 * Verbs, and what the tagger took for something else: participles as adjectives ("is married
 * to", "is based in"), and third-person verbs as plural nouns ("lives in", "flows through").
 */
export function isVerbLike(token: Token): boolean {
  if (token.pos === 'VERB') return true;
  if (token.pos === 'AUX') return root(token) !== 'be' && root(token) !== 'have';
  if (token.pos === 'ADJ') return /(ed|en|wn)$/.test(token.lower);
  if (token.pos === 'NOUN')
    return (
      /[^s]s$|ed$/.test(token.lower) &&
      bases(token.lower)
        .slice(1)
        .some((b) => KNOWN_VERBS().has(b))
    );
  return false;
}

/**
 * A gerund the tagger read as a noun ("After teaching at …"), as the verb it is, when its base is
 * a verb of the rules; the token itself otherwise.
 */
export function asVerb(token: Token): Token {
  if (token.pos === 'VERB') return token;
  const base = bases(token.lower)
    .slice(1)
    .find((b) => KNOWN_VERBS().has(b));
  return base ? { ...token, pos: 'VERB', lemma: base } : token;
}

/** Verbs outside the rules that a tagger may still take for plural nouns ("blocks", "crashes"). */
const MORE_VERBS = [
  'block',
  'affect',
  'crash',
  'break',
  'occur',
  'appear',
  'happen',
  'fail',
  'show',
  'stop',
  'report',
  'return',
];

let knownVerbs: Set<string> | undefined;
function KNOWN_VERBS(): Set<string> {
  knownVerbs ??= new Set([
    ...RULES.flatMap((rule) => (rule.taggedOnly ? [] : (rule.verbs ?? []))),
    ...MORE_VERBS,
  ]);
  return knownVerbs;
}
