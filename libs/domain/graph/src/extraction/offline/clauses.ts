import { Mention } from './mentions';
import { isVerbLike } from './predicates';
import { Token } from './sentences';

/**
 * An aside between a name and its verb: "Kofi Annan, who succeeded …, died in Bern", "Amazon,
 * Rivian's largest customer, already uses …". Tokens (from, to) are the aside, from its opening
 * comma to its closing one; the main clause resumes after `to` with `subject` as its subject.
 */
export interface Aside {
  subject: Mention;
  from: number;
  to: number;
}

const OPENERS = new Set(['who', 'which', 'whose', 'whom']);
const POSSESSIVE = new Set(["'s", '’s']);

/**
 * The asides of a sentence: a relative clause (", who …", ", which …"), an apposition (", the
 * chief executive of …", ", Patagonia's CEO …") or a participle (", based in …") after a name,
 * closed by a comma that a verb follows.
 */
export function asidesOf(tokens: Token[], mentions: Mention[]): Aside[] {
  const out: Aside[] = [];
  mentions.forEach((subject, m) => {
    let comma = subject.end;
    // "Dana Whitfield (d.whitfield@…), who runs …": read past a parenthesis.
    if (tokens[comma]?.text === '(') {
      while (comma < tokens.length && tokens[comma]!.text !== ')') comma++;
      comma++;
    }
    if (tokens[comma]?.text !== ',') return;
    const opener = tokens[comma + 1];
    if (!opener) return;
    const next = mentions.slice(m + 1).find((x) => x.start > comma);
    const opens =
      OPENERS.has(opener.lower) ||
      opener.pos === 'DET' ||
      // ", best known for …", ", formerly …"
      ((opener.pos === 'ADJ' || opener.pos === 'ADV') && !['and', 'or', 'but'].includes(opener.lower)) ||
      // (Not after a preposition's object: "she was born in Madurai, trained at …, and joined …" is
      // a list of what she did.)
      (opener.pos === 'VERB' &&
        /(ed|en|wn)$/.test(opener.lower) &&
        tokens[subject.start - 1]?.pos !== 'ADP') ||
      // ", in southern Siberia,"
      opener.lower === 'in' ||
      // (", his business partner, owns …": a possessive's noun says who the subject is.)
      (['his', 'her', 'their', 'its'].includes(opener.lower) &&
        ['NOUN', 'ADJ'].includes(tokens[comma + 2]?.pos ?? '') &&
        tokens[comma + 2]!.text === tokens[comma + 2]!.lower) ||
      (next?.start === comma + 1 && POSSESSIVE.has(tokens[next.end]?.lower ?? ''));
    if (!opens) return;
    const to = asideEnd(tokens, comma + 2);
    if (to >= 0) out.push({ subject, from: comma, to });
  });
  return out;
}

/**
 * Where an aside read from token `from` on closes: the comma the main clause's verb follows (past
 * adverbs), or -1. No aside runs past a semicolon, a colon or a bracket.
 */
export function asideEnd(tokens: Token[], from: number): number {
  for (let k = from; k < tokens.length; k++) {
    const token = tokens[k]!;
    if ([';', ':', '(', ')'].includes(token.text)) return -1;
    if (token.text !== ',') continue;
    let verb = k + 1;
    while (tokens[verb]?.pos === 'ADV') verb++;
    // The main clause's verb: "…, died in Bern", "…, is headquartered in …" (a participle,
    // "…, succeeding X", opens a clause of its own).
    const finite = tokens[verb] && !(tokens[verb]!.pos === 'VERB' && /ing$/.test(tokens[verb]!.lower));
    if (finite && (isVerbLike(tokens[verb]!) || tokens[verb]!.pos === 'AUX')) return k;
  }
  return -1;
}
