import { Mention } from './mentions';
import { rel } from './owners';
import { isVerbLike, matchPredicate } from './predicates';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

/**
 * "Ingrid Solberg (born 12 March 1961 in Bergen) is …", "Acme (founded 1990 in Oslo) makes …": a
 * parenthesis that opens with a participle is a clause about the name before it, and a place in
 * it followed by its region is in that region. (The pairs read around parentheses; this reads
 * inside them.)
 */
export function parentheticalClauses(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const subject of mentions) {
    if (tokens[subject.end]?.text !== '(') continue;
    const opens = tokens[subject.end + 1];
    if (!opens || !isVerbLike(opens) || !/(ed|en|wn|rn)$/.test(opens.lower)) continue;
    const close = tokens.findIndex((t, k) => k > subject.end && t.text === ')');
    if (close < 0) continue;
    // Each name after a preposition: the first after "born" may be the name one was born with
    // ("(born Lee Gary Conner on … in Fort Irwin)").
    // ("(born 1985, Chennai)": a place after the date and a comma is where, the "in" unwritten.)
    const bornAt =
      opens.lower === 'born'
        ? mentions.find(
            (m) =>
              m.start > subject.end &&
              m.end === close &&
              tokens[m.start - 1]?.text === ',' &&
              tokens[m.start - 2]?.pos === 'NUM' &&
              (m.type === 'location' || m.evidence === 'none'),
          )
        : undefined;
    if (bornAt) {
      if (bornAt.type !== 'location') Object.assign(bornAt, { type: 'location', evidence: 'weak' });
      out.push(rel(subject, bornAt, 'born in', 'born', bornAt.end, 0.7));
    }
    const inside = mentions.filter(
      (m) => m.start > subject.end && m.end <= close && tokens[m.start - 1]?.pos === 'ADP',
    );
    for (const target of inside) {
      const words = tokens.slice(subject.end + 1, target.start);
      const match = matchPredicate(words, subject, target);
      if (match?.known && !match.inverted)
        out.push(
          rel(subject, target, match.canonical, phrase(tokens, subject.end + 1, target.start), target.end),
        );
      // "(born … in Enugu, Nigeria)": the town, then its country or region.
      const region = mentions.find((m) => m.start === target.end + 1 && m.end <= close);
      if (
        target.type === 'location' &&
        region?.type === 'location' &&
        tokens[target.end]?.text === ',' &&
        [')', ','].includes(tokens[region.end]?.text ?? '')
      )
        out.push(rel(target, region, 'located in', ',', region.end, 0.75));
    }
  }
  return out;
}
