import { EntityType } from './lexicon';
import type { Mention } from './mentions';
import { PREDICATE_RULES as RULES } from './predicate-rules';
import { Token } from './sentences';

export { CANONICAL_PREDICATES } from './predicate-rules';

export interface PredicateMatch {
  canonical: string;
  /** The relation runs from the second entity to the first ("was founded by"). */
  inverted: boolean;
  /** From the vocabulary (true), or the words themselves (false). */
  known: boolean;
  /** The type this predicate implies for an entity the lexicon could not type. */
  sourceType?: EntityType;
  targetType?: EntityType;
}

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

const root = (token: Token) => token.lemma.toLowerCase();

/** The base forms a word can be an inflection of: "lives" → live, "married" → marry, "based" → base. */
function bases(word: string): string[] {
  const out = [word];
  if (word.endsWith('ied')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.endsWith('ed')) out.push(word.slice(0, -2), word.slice(0, -1));
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
      /[^s]s$/.test(token.lower) &&
      bases(token.lower)
        .slice(1)
        .some((b) => KNOWN_VERBS().has(b))
    );
  return false;
}

/** Verbs outside the rules that a tagger may still take for plural nouns ("blocks", "crashes"). */
const MORE_VERBS = ['block', 'affect', 'crash', 'break', 'occur', 'appear', 'happen', 'fail', 'show', 'stop'];

let knownVerbs: Set<string> | undefined;
function KNOWN_VERBS(): Set<string> {
  knownVerbs ??= new Set([...RULES.flatMap((rule) => rule.verbs ?? []), ...MORE_VERBS]);
  return knownVerbs;
}

/** Moves an entity "moved its headquarters to": an organisation moves its seat, not its home. */
function relocates(tokens: Token[]): boolean {
  return tokens.some((t) =>
    ['headquarters', 'hq', 'office', 'offices', 'seat', 'operations'].includes(t.lower),
  );
}

/** Bodies one joins as a member, not as an employee. */
const GROUP_WORDS =
  /\b(navy|army|air force|marines|party|band|club|society|team|union|association|council|committee|league|orchestra|choir|parliament|senate|congress|board|academy)\b/i;

/**
 * The canonical predicate for the words between two entities, or undefined when they say nothing
 * a relation can be read from. `between` excludes both entities.
 */
export function matchPredicate(
  between: Token[],
  source: Mention,
  target: Mention,
): PredicateMatch | undefined {
  const content = between.filter((t) => !['DET', 'PUNCT', 'ADV', 'NUM', 'SYM', 'INTJ'].includes(t.pos));
  const verbs = content.filter(isVerbLike);
  const nouns = content.filter((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && !verbs.includes(t));
  const lastWord = [...between].reverse().find((t) => t.pos !== 'DET' && t.pos !== 'PUNCT');
  const finalPrep = lastWord && (lastWord.pos === 'ADP' || lastWord.lower === 'to') ? lastWord.lower : '';
  const passive =
    finalPrep === 'by' &&
    between.some((t) => root(t) === 'be' || root(t) === 'get') &&
    verbs.some((t) => /(ed|en|wn|ght|lt|id)$/.test(t.lower));
  const verbIs = (t: Token, words: string[]) =>
    words.includes(root(t)) || bases(t.lower).some((b) => words.includes(b));
  const nounIs = (t: Token, words: string[]) => words.includes(root(t)) || words.includes(t.lower);
  // A type the lexicon is sure of rules a predicate out; a guessed one does not.
  const targetType = target.evidence === 'strong' ? target.type : undefined;

  for (const rule of RULES) {
    if (rule.preps && !rule.preps.includes(finalPrep)) continue;
    if (targetType && rule.notTarget?.includes(targetType) && !(rule.invertPassive && passive)) continue;
    if (rule.verbs && !verbs.some((t) => verbIs(t, rule.verbs!))) continue;
    if (rule.nouns && !nouns.some((t) => nounIs(t, rule.nouns!))) continue;
    if (rule.canonical === 'lives in' && source.type !== 'person' && relocates(between)) {
      return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
    }
    if (rule.canonical === 'lives in' && source.type === 'organization' && source.evidence === 'strong')
      continue;
    if (
      rule.canonical === 'works at' &&
      verbs.some((t) => verbIs(t, ['join'])) &&
      GROUP_WORDS.test(target.name)
    ) {
      return { canonical: 'member of', inverted: false, known: true };
    }
    const inverted = Boolean(rule.invertPassive && passive);
    return {
      canonical: rule.canonical,
      inverted,
      known: true,
      sourceType: inverted ? rule.targetType : rule.sourceType,
      targetType: inverted ? rule.sourceType : rule.targetType,
    };
  }
  // "is a museum in Paris", "is a census-designated place in Pulaski County".
  const copula = root(between[0] ?? lastWord!) === 'be' && between[1]?.pos === 'DET';
  if (
    copula &&
    finalPrep === 'in' &&
    nouns.length > 0 &&
    (target.type === 'location' || target.evidence !== 'strong')
  ) {
    return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
  }
  // Anything else: one verb and its preposition, nothing more, as the predicate.
  if (verbs.length === 1 && nouns.length === 0 && content.length <= 2 && !passive) {
    const words = content.filter((t) => isVerbLike(t) || t.pos === 'ADP').map(root);
    if (words.length > 0) return { canonical: words.join(' '), inverted: false, known: false };
  }
  return undefined;
}
