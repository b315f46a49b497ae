import { Mention } from './mentions';
import { isVerbLike } from './predicates';
import type { SentenceRelation } from './relations';
import { Token } from './sentences';

/** Verbs that say an error hit something: "E1045 appears when …", "crashes with error E1204". */
const ERROR_VERBS = new Set([
  'appear',
  'occur',
  'happen',
  'show',
  'block',
  'affect',
  'break',
  'crash',
  'hit',
  'prevent',
  'stop',
  'fail',
  'throw',
  'return',
  'raise',
  'report',
]);

export function errorCodeRelation(
  source: Mention,
  target: Mention,
  between: Token[],
): Omit<SentenceRelation, 'raw' | 'end'> | undefined {
  const verb = between.find(
    (t) => isVerbLike(t) && (ERROR_VERBS.has(t.lemma) || ERROR_VERBS.has(t.lower.replace(/e?s$/, ''))),
  );
  if (!verb) return undefined;
  // An error affects a product, a service, an organisation or a person, not a place.
  if (source.type === 'location' || target.type === 'location') return undefined;
  if (source.type === 'error_code' && target.type !== 'error_code' && target.type !== 'email') {
    return { source, target, canonical: 'affects', confidence: 0.75 };
  }
  if (target.type === 'error_code' && source.type !== 'error_code' && source.type !== 'email') {
    return { source: target, target: source, canonical: 'affects', confidence: 0.75 };
  }
  return undefined;
}
