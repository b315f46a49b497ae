import { TITLE_JOINERS, TITLE_NOUNS, TITLE_VERBS, WORK_NOUNS } from './name-words';
import { POSSESSIVES } from './owners';
import { Token } from './sentences';

// A work's title keeps words a name would not: "Things Fall Apart", "The Old Man and the Sea".

/**
 * How a capitalised word opens a work's title: after a verb of making it ("wrote Things Fall
 * Apart", or "wrote six novels, including The Salt Road"), after a noun for it and a comma ("her
 * best-known collection, Salt and Ash,"), with "the" between or not, or after a possessive's noun
 * for it ("Her 2011 album Noites de Vidro").
 */
export function opensTitle(tokens: Token[], i: number): Title | undefined {
  let b = i - 1;
  if (['the', 'a', 'an'].includes(tokens[b]?.text ?? '')) b--;
  const comma = tokens[b]?.text === ',';
  if (comma) b--;
  const before = tokens[b];
  // (A record's kind may be written in capitals: "their debut EP, Driftwood".)
  const record = /^[EL]P$/.test(before?.text ?? '');
  if (!before || (before.text !== before.lower && !record)) return undefined;
  if (before.pos === 'VERB' && TITLE_VERBS.has(before.lemma) && !comma) return 'verb';
  // ("wrote six novels, including The Salt Road": the works' noun, then "including".)
  const works = tokens[b - 2]?.lower.replace(/s$/, '') ?? '';
  if (before.lower === 'including' && !comma && tokens[b - 1]?.text === ',' && TITLE_NOUNS.has(works))
    return 'verb';
  if (!(before.pos === 'NOUN' || record) || !TITLE_NOUNS.has(before.lower)) return undefined;
  if (comma) return 'apposition';
  // ("Her book Steel and Sand, a memoir", "his 1999 album Blue Hour": a work one owns, named.)
  let owner = b - 1;
  while (owner > b - 4 && (tokens[owner]?.pos === 'ADJ' || tokens[owner]?.pos === 'NUM')) owner--;
  return OWNERS.has(tokens[owner]?.lower ?? '') ? 'owned' : undefined;
}

/** How a title was opened: by a verb, by a noun and a comma, or by a noun after a possessive. */
export type Title = 'verb' | 'apposition' | 'owned';
/** Possessives a work's noun may follow: a pronoun's or a name's ("Marisa's album X"). */
const OWNERS = new Set([...POSSESSIVES, "'s", '’s']);

/**
 * Where a title goes on over small words at `at`: "of a Lady", "to the North", "and the Sea"; and,
 * in an apposition that a comma or a full stop closes, "and Ash" ("Salt and Ash,"). `at` when not.
 */
export function titleJoin(tokens: Token[], at: number, title: Title): number {
  let k = at;
  // (An apposition's title, which its comma closes, goes on over a preposition too: "A sequel,
  // Dawn at the Kowloon Hotel, followed".)
  const joiners = title === 'apposition' ? APPOSITION_JOINERS : TITLE_JOINERS;
  while (joiners.has(tokens[k]?.text ?? '')) k++;
  if (k > at && /^\p{Lu}/u.test(tokens[k]?.text ?? '')) return k + 1;
  if (tokens[at]?.text !== 'and') return at;
  k = at + 1;
  while (TITLE_JOINERS.has(tokens[k]?.text ?? '')) k++;
  if (!/^\p{Lu}/u.test(tokens[k]?.text ?? '')) return at;
  if (k > at + 1 || (title !== 'verb' && [',', '.'].includes(tokens[k + 1]?.text ?? ''))) return k + 1;
  return at;
}

/** The small words an apposition's title goes on over. */
const APPOSITION_JOINERS = new Set([...TITLE_JOINERS, 'at', 'on', 'in', 'for', 'from', 'with']);

/** Small words inside a title: "Portrait of a Lady on Fire", "Gracias a la vida". */
const SMALL_TITLE_WORD =
  /^(?:of|the|a|an|to|on|in|at|for|and|or|with|from|by|de|la|el|del|le|les|et|y|di|da|von|der|und)$/;

/**
 * The end of a work's title that opens a sentence saying what work it is ("Portrait of a Lady on
 * Fire (French: …) is a 2019 French historical drama", "Crouching Tiger, Hidden Dragon is a 2000
 * wuxia film", "One Hundred Years of Solitude, a 1967 novel"): every word capitalised but small
 * ones, up to the verb or the apposition; 0 when the sentence is not so shaped.
 */
export function openingTitleEnd(tokens: Token[]): number {
  if (!/^\p{Lu}/u.test(tokens[0]?.text ?? '')) return 0;
  // (Or an apposition: "One Hundred Years of Solitude, a 1967 novel by …"; after the verb, "the"
  // too: "Northern Lights Over Brooklyn is the third studio album by …".)
  const be = tokens.findIndex(
    (t, k) =>
      k > 0 &&
      (t.lemma === 'be' || t.text === ',') &&
      (['a', 'an'].includes(tokens[k + 1]?.lower ?? '') ||
        (t.lemma === 'be' && tokens[k + 1]?.lower === 'the')),
  );
  if (be < 2 || be > 24) return 0;
  // (The work noun heads its phrase: "a 2019 French drama", not "a handheld game console".)
  const work = tokens
    .slice(be + 2, be + 10)
    .findIndex((t, k) => WORK_NOUNS.has(t.lower) && tokens[be + 3 + k]?.pos !== 'NOUN');
  const stop = tokens
    .slice(be + 2, be + 2 + Math.max(work, 0))
    .some((t) => [',', ';', '(', 'by'].includes(t.lower));
  if (work < 0 || stop) return 0;
  // (An aside in parentheses after the title is no part of it: "(French: Portrait de la …)".)
  const open = tokens.findIndex((t, k) => k < be && t.text === '(');
  const end = open > 0 ? open : be;
  const words = tokens.slice(0, end);
  const titled = words.every(
    (t) =>
      /^\p{Lu}/u.test(t.text) ||
      SMALL_TITLE_WORD.test(t.text) ||
      [',', "'", '’', ':', '-', "'s", '’s'].includes(t.text),
  );
  return titled && end > 1 && words[end - 1]!.text !== ',' ? end : 0;
}

/**
 * The end of a title in double quotes that opens at `i` ("wrote "Gracias a la vida""): the closing
 * quote's index, when the words inside start with a capital and are few; 0 otherwise.
 */
export function quotedTitleEnd(tokens: Token[], i: number): number {
  const open = tokens[i - 1]?.text;
  if (open !== '"' && open !== '“') return 0;
  if (!/^\p{Lu}/u.test(tokens[i]?.text ?? '')) return 0;
  const close = open === '“' ? '”' : '"';
  for (let k = i + 1; k < tokens.length && k <= i + 10; k++) {
    const t = tokens[k]!.text;
    if (t === close) return k > i + 1 ? k : 0;
    // (Not a message a screen shows: "Payment gateway timeout (PG-504)".)
    if (['.', '!', '?', ';', '“', '"', '(', ':'].includes(t) || /\d/.test(t)) return 0;
  }
  return 0;
}
