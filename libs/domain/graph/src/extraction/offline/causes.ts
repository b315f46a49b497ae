import { Discourse } from './discourse';
import { keyOf, Mention } from './mentions';
import { nounPhraseAt } from './noun-phrases';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

/** Words that say what went wrong without naming it: "the crash", "the errors", "it", "that". */
const TROUBLE_WORDS = new Set([
  'it',
  'this',
  'that',
  "that's",
  'error',
  'errors',
  'crash',
  'crashes',
  'issue',
  'issues',
  'problem',
  'problems',
  'failure',
  'failures',
  'outage',
  'bounce',
  'bounces',
  'bug',
  'bugs',
  'glitch',
  'freeze',
  'freezes',
  'delay',
  'delays',
  'lag',
  'timeout',
  'timeouts',
  'slowdown',
  'leak',
]);

/** Nouns that name a cause before "is": "the cause is …", "the culprit was …". */
const CAUSE_NOUNS = new Set(['cause', 'culprit', 'reason', 'problem', 'issue']);

/**
 * Causes: "the errors are caused by an expired TLS certificate", "IT traced the crash to the …
 * update", "The 2021 Texas power crisis was caused by Winter Storm Uri". The cause is the name or
 * noun phrase after "caused by" or "traced … to"; what it caused is the name before, else the
 * latest error code when the words only point at one ("it", "the crash"), else the noun phrase
 * that opens the sentence.
 */
export function causes(sentence: Sentence, mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    const causedBy = token.lemma === 'cause' && tokens[at + 1]?.lower === 'by' ? at + 2 : -1;
    let tracedTo = -1;
    if (token.lemma === 'trace') {
      const to = tokens.findIndex((t, k) => k > at && k <= at + 4 && t.lower === 'to');
      if (to > 0 && tokens.slice(at + 1, to).some((t) => TROUBLE_WORDS.has(t.lower))) tracedTo = to + 1;
    }
    // "the cause is the new Windows 11 update", "the problem is a blocked UDP port".
    const named =
      CAUSE_NOUNS.has(token.lower) && token.pos === 'NOUN' && tokens[at + 1]?.lemma === 'be' ? at + 2 : -1;
    const from = causedBy >= 0 ? causedBy : tracedTo >= 0 ? tracedTo : named;
    if (from < 0) return;
    let cause = mentions.find(
      (m) =>
        m.start >= from &&
        tokens.slice(from, m.start).every((t) => t.pos === 'DET' || (t.pos === 'ADJ' && t.lower === t.text)),
    );
    // "a Windows Defender rule": the name only says whose rule it is.
    const head = cause && tokens[cause.end];
    if (cause?.type !== 'error_code' && head?.pos === 'NOUN' && head.text === head.lower) cause = undefined;
    cause ??= nounPhraseAt(tokens, from);
    if (!cause) return;
    // What was caused: a name right before "caused by" a name is read by the pairs already; who
    // traced something is not what it was.
    let verbStart = at;
    while (verbStart > 0 && ['AUX', 'ADV', 'PART'].includes(tokens[verbStart - 1]!.pos)) verbStart--;
    // ("The bug is caused by …" stands for the error, not for what "the bug" was taken to mean.)
    const subject = (m: Mention) => m.end === verbStart && !TROUBLE_WORDS.has(tokens[m.end - 1]!.lower);
    const namedSubject = mentions.find(subject);
    if (causedBy >= 0 && namedSubject && mentions.includes(cause)) return;
    // "E-31, which your manual says is caused by …": what the relative clause is about.
    const which = tokens.findIndex(
      (t, w) =>
        w >= verbStart - 5 &&
        w < verbStart &&
        ['which', 'that'].includes(t.lower) &&
        tokens[w - 1]?.text === ',',
    );
    const antecedent = which > 0 ? mentions.find((m) => m.end === which - 1) : undefined;
    const subjectWords = tokens.slice(Math.max(0, verbStart - 3), verbStart);
    const pointer =
      tracedTo >= 0 ||
      named >= 0 ||
      subjectWords.some((t) => TROUBLE_WORDS.has(t.lower)) ||
      tokens[verbStart - 1]?.text === ',';
    // (Named right before "caused by", or before the relative clause that says it.)
    const said = causedBy >= 0 ? (namedSubject ?? antecedent) : undefined;
    const effects: Mention[] = said ? [said] : [];
    if (!said) {
      // "The outage was caused by …", "We traced the freeze to …": what the words name was
      // caused; and when they name a kind of trouble, so was the error code they point at.
      const what =
        tracedTo >= 0
          ? nounPhraseAt(tokens, at + 1)
          : tokens[0]?.pos === 'DET'
            ? nounPhraseAt(tokens, 0)
            : undefined;
      if (what && what.end === (tracedTo >= 0 ? tracedTo - 1 : verbStart)) effects.push(what);
      if (pointer) {
        // The latest error code before these words (this sentence's own later ones are not "it").
        const earlier = discourse.errorCode;
        const later = mentions.some((m) => m.start > at && m.keys[0] === earlier?.keys[0]);
        const code =
          [...mentions].reverse().find((m) => m.end <= at && m.type === 'error_code') ??
          (later ? undefined : earlier);
        if (code) effects.push(code);
      }
    }
    for (const effect of effects) {
      if (keyOf(effect.name) === keyOf(cause.name)) continue;
      out.push(
        rel(effect, cause, 'caused by', phrase(tokens, at, from).trim() || 'caused by', cause.end, 0.75),
      );
    }
  });
  return out;
}
