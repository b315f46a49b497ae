import { PREDICATE_RULES as RULES, PredicateMatch, PredicateRule } from './predicate-rules';

// The canonical predicates role nouns name ("CEO" of → leads), read from the predicate rules.

/**
 * The canonical predicate a role noun names ("CEO" of → leads, "founder" of → founded, "capital"
 * of → capital of), read from the holder to what it is held of; undefined for other nouns.
 */
export function nounPredicate(word: string, prep = 'of', plurals = true): PredicateMatch | undefined {
  // "co-CEOs" is what "CEO" is; "boss" stays "boss".
  const bare = word.toLowerCase().replace(/^co-(?=ceo|chair|president|director|head|leader)/, '');
  const rules = nounRules();
  const singular = !plurals
    ? bare
    : bare === 'children'
      ? 'child'
      : bare.replace(/(?<=[a-z]{2})ies$/, 'y').replace(/(?<=[a-z]{2})s$/, '');
  const candidates = [...(rules.get(bare) ?? []), ...(singular !== bare ? (rules.get(singular) ?? []) : [])];
  const rule = candidates
    .filter((r) => (r.preps ?? ['']).includes(prep))
    .sort((a, b) => RULES.indexOf(a) - RULES.indexOf(b))[0];
  if (!rule) return undefined;
  return {
    canonical: rule.canonical,
    inverted: false,
    known: true,
    sourceType: rule.sourceType,
    targetType: rule.targetType,
  };
}

let byNoun: Map<string, PredicateRule[]> | undefined;
/**
 * The noun-only rules (not reversed ones, nor those that need a word beside the noun: "founding
 * director" is read in its sentence), by each of their nouns.
 */
function nounRules(): Map<string, PredicateRule[]> {
  if (byNoun) return byNoun;
  byNoun = new Map();
  for (const rule of RULES) {
    if (rule.verbs || rule.reversed || rule.words) continue;
    for (const noun of rule.nouns ?? []) byNoun.set(noun, [...(byNoun.get(noun) ?? []), rule]);
  }
  return byNoun;
}
