import { nounPhraseAt, nounPhraseBefore } from './noun-phrases';
import { Mention } from './mentions';
import { OpeningRule, rawOf } from './pair-rules';
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
  // ("reported in Nimbus Backup 4.2" is where it hit; "for reporting HN-2291", "reported by Kalev
  // Insurance" name who told of it.)
  const reported = verb.lemma === 'report' || /^report/.test(verb.lower);
  if (reported && !['in', 'on'].includes(between[between.length - 1]?.lower ?? '')) return undefined;
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

/** Prepositions after an error code that say where it shows: "E-207 on the Aurora X5". */
const WHERE_ERRORS_SHOW = new Set(['on', 'in', 'with', 'under']);

/**
 * "E-207 on the Aurora X5 is caused by SmartConnect": the cause is the error code's, not the
 * product's the preposition names, and the code affects that product.
 */
export const causeOfQualifiedError: OpeningRule = ({ source, target, between }, { tokens, chain, found }) => {
  const caused = between.findIndex(
    (t, k) => (t.lemma === 'cause' || t.lower === 'triggered') && between[k + 1]?.lower === 'by',
  );
  if (caused < 0 || between.slice(0, caused).some((t) => t.pos !== 'AUX' && t.pos !== 'ADV')) return false;
  // (The cause is the name right after "by": not "caused by an expired certificate … PayNest".)
  if (between.slice(caused + 2).some((t) => t.pos !== 'DET' && !(t.pos === 'ADJ' && t.lower === t.text)))
    return false;
  // (A release is no product: "E-3307 in build 4.2.1".)
  if (!/^\p{Lu}/u.test(source.name)) return false;
  let at = source.start - 1;
  if (tokens[at]?.pos === 'DET') at--;
  if (!WHERE_ERRORS_SHOW.has(tokens[at]?.lower ?? '')) return false;
  const code = chain.find((m) => m.end === at && m.type === 'error_code');
  if (!code || ['person', 'location', 'error_code'].includes(source.type)) return false;
  const raw = rawOf(between);
  found.push(
    { source: code, target, canonical: 'caused by', raw, confidence: 0.75, end: target.end },
    {
      source: code,
      target: source,
      canonical: 'affects',
      raw: tokens[at]!.lower,
      confidence: 0.6,
      end: source.end,
    },
  );
  return true;
};

/**
 * "reports that the patient portal has returned HTTP 503": what the error hit is the clause's
 * subject; in "The VPN client at Morrow & Pike fails with …" it is the sentence's.
 */
export const errorHitSubject: OpeningRule = ({ source, target, between }, { tokens, chain, found }) => {
  const that = between.findIndex((t) => t.lower === 'that');
  const objectOfPreposition = tokens[source.start - 1]?.pos === 'ADP';
  // "Atlas Notes 5.1 for Android crashes with SQLITE_CORRUPT": the name the preposition follows
  // is what crashed; the one after it only says which build.
  const qualified = objectOfPreposition
    ? chain.find((m) => m.end === source.start - 1 && !['location', 'error_code', 'person'].includes(m.type))
    : undefined;
  if (
    target.type === 'error_code' &&
    that < 0 &&
    qualified &&
    errorCodeRelation(qualified, target, between)
  ) {
    found.push({
      source: target,
      target: qualified,
      canonical: 'affects',
      raw: rawOf(between),
      confidence: 0.7,
      end: target.start,
    });
    return true;
  }
  if (target.type === 'error_code' && (that >= 0 || objectOfPreposition)) {
    const hit =
      that >= 0
        ? nounPhraseAt(tokens, tokens.indexOf(between[that]!) + 1)
        : ((tokens[0]?.pos === 'DET' ? nounPhraseAt(tokens, 0) : undefined) ??
          nounPhraseBefore(tokens, source.start - 1));
    const rest = hit ? tokens.slice(hit.end, target.start) : [];
    if (hit && errorCodeRelation(hit, target, rest)) {
      found.push({
        source: target,
        target: hit,
        canonical: 'affects',
        raw: rawOf(rest),
        confidence: 0.7,
        end: target.start,
      });
      return true;
    }
  }
  return false;
};

/** Error codes: "E1045 appears when the Gateway …", "pods fail with error ERR_CONN_RESET". */
export const errorCode: OpeningRule = ({ source, target, between }, { found }) => {
  const errorRelation = errorCodeRelation(source, target, between);
  if (!errorRelation) return false;
  found.push({ ...errorRelation, raw: rawOf(between), end: target.start });
  return true;
};
