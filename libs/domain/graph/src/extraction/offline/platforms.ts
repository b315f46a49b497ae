import { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

/** Words that end the clause a product's platform is named in. */
const CLAUSE_ENDS = new Set([',', ';', '.', 'and', 'but', 'which', 'that', 'while']);
/** Verbs of software going wrong, after which "on X" names the platform it ran on. */
const FAILING = new Set(['crash', 'freeze', 'fail', 'hang', 'stall', 'lag', 'break', 'error', 'misbehave']);

/**
 * Support texts name the platform a product runs on without a verb of use: "Penwright 3.2.0
 * crashes when exporting on macOS 15.1", "a Pixel 8 running Android 15", "Atlas Notes 5.1 for
 * Android". The product uses the platform.
 */
export function platformUses(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  const product = (m: Mention) => m.type === 'product';
  for (const a of mentions.filter(product)) {
    // The first product (or untyped name) within eight words that the words make a platform;
    // what failed may stand between ("crashes when exporting to PDF on macOS 15.1").
    for (const b of mentions) {
      if (b.start < a.end || !(product(b) || b.evidence === 'none')) continue;
      if (b.start - a.end > 8) break;
      const words = tokens.slice(a.end, b.start);
      if (words.some((t) => CLAUSE_ENDS.has(t.lower))) break;
      const last = words[words.length - 1]?.lower;
      const running = words.length === 1 && (last === 'running' || last === 'for');
      const failingOn = last === 'on' && words.some((t) => FAILING.has(t.lemma) || FAILING.has(t.lower));
      if (!running && !failingOn) continue;
      out.push(rel(a, b, 'uses', phrase(tokens, a.end, b.start), b.end, 0.6));
      break;
    }
  }
  return out;
}
