import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

interface Wink {
  nlp: WinkMethods;
  /** wink's Porter2 ("english" Snowball) stemmer, called on plain strings. */
  stem: (word: string) => string;
}

let wink: Wink | undefined;

/**
 * Loaded on first use (~200 ms) and kept: the model is the expensive part. The empty pipe turns
 * off sentence detection, part-of-speech tagging, entities and sentiment, none of which the index
 * needs; tokenisation and the lexical flags (stop words) still run.
 */
function load(): Wink {
  if (wink === undefined) {
    const stem: unknown = model.addons.stem;
    if (typeof stem !== 'function') throw new Error('wink-eng-lite-web-model has no stem addon');
    wink = { nlp: winkNLP(model, []), stem: stem as (word: string) => string };
  }
  return wink;
}

/** Combining diacritics, as left by NFKD after Latin, Greek and Cyrillic letters ("é" → "e" + U+0301). */
const DIACRITICS = /[\u0300-\u036f]/g;
/** Curly and modifier apostrophes, so "O’Neil" and "O'Neil" index alike. */
const APOSTROPHES = /[\u2018\u2019\u02bc]/g;
/** Anything outside printable ASCII (and tab, LF, CR), which is all that folding can change. */
const NOT_PLAIN_ASCII = /[^\t-~]/;

/**
 * Case and accent folding, as applied to documents and queries alike: compatibility decomposition
 * (ligatures, full-width forms and superscripts become plain letters and digits), then Latin,
 * Greek and Cyrillic accents removed, then lower case. Only the U+0300 block of marks goes: other
 * scripts' combining marks (Devanagari vowel signs, say) carry meaning, and NFC afterwards puts
 * back together what NFKD took apart elsewhere (Hangul syllables).
 */
export function foldText(text: string): string {
  if (!NOT_PLAIN_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .normalize('NFC')
    .replace(APOSTROPHES, "'")
    .toLowerCase();
}

/** Tokens that only join two others: they neither become terms nor break an identifier. */
const DROPPED_TYPES = new Set(['punctuation', 'symbol', 'currency']);
/** Tokens that separate like whitespace and are not terms themselves. */
const SEPARATOR_TYPES = new Set(['emoji', 'emoticon', 'tabCRLF']);
/** Contraction and possessive endings wink splits off ("don't" → "do" "n't"); all are noise. */
const CLITICS = new Set(["'s", "'", "n't", "'re", "'ll", "'ve", "'m", "'d"]);

const ALPHANUMERIC_RUN = /[\p{L}\p{N}]+/gu;
const ONLY_ALPHANUMERIC = /^[\p{L}\p{N}]+$/u;
const HAS_ALPHANUMERIC = /[\p{L}\p{N}]/u;
const HAS_DIGIT = /\p{N}/u;
const CJK_RUN = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]+/gu;
const HAS_CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
const GROUPED_NUMBER = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
/**
 * A word with a possessive clitic left on ("kaposi's"). wink usually splits the clitic off, but
 * its tokenizer learns words it has seen whole, so the same text could analyse differently
 * depending on what came before; dropping the clitic here keeps analysis a pure function.
 */
const POSSESSIVE = /^([\p{L}\p{N}]+)['\u2019]s?$/u;

const NO_TERMS: readonly string[] = Object.freeze([]);

/**
 * Terms per token value, remembered: stemming costs more than the rest of the analysis together
 * (0.9 MB/s when every token is stemmed), and a corpus repeats a small vocabulary. Cleared when
 * full rather than kept in LRU order, so that a hit stays one map lookup.
 */
const memo = new Map<string, readonly string[]>();
const MEMO_LIMIT = 200_000;

function remember(value: string, terms: readonly string[]): readonly string[] {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(value, terms);
  return terms;
}

/** The term of one alphanumeric word: none for a stop word, the stem unless it holds a digit. */
function wordTerms(word: string, isStopWord?: boolean): readonly string[] {
  const known = memo.get(word);
  if (known !== undefined) return known;
  const { nlp, stem } = load();
  if (isStopWord === undefined) {
    // A part of an identifier ("user" in "user_id") never met as a token: ask wink about it alone.
    const tokens = nlp.readDoc(word).tokens();
    isStopWord = tokens.length() === 1 && tokens.itemAt(0).out(nlp.its.stopWordFlag) === true;
  }
  // Porter2 rewrites digits and the letters next to them ("rs12345" → "rs12y45"); identifiers and
  // codes must stay as written to be found.
  if (isStopWord) return remember(word, NO_TERMS);
  return remember(word, [HAS_DIGIT.test(word) ? word : stem(word)]);
}

/** Whole, then its alphanumeric parts as words: "user_id" → "user_id", "user", "id". */
function compoundTerms(whole: string, out: string[]): void {
  if (ONLY_ALPHANUMERIC.test(whole)) {
    // "#hashtag", "fig.": once the edges are trimmed, just a word.
    out.push(...wordTerms(whole));
    return;
  }
  out.push(whole);
  for (const [part] of whole.matchAll(ALPHANUMERIC_RUN)) {
    if (HAS_CJK.test(part)) cjkTerms(part, out);
    else out.push(...wordTerms(part));
  }
}

/**
 * Chinese and Japanese do not put spaces between words; overlapping character pairs (the CJK
 * bigrams of Lucene's CJKAnalyzer) match words of any length without a dictionary. Other letters
 * in the same token are analysed as words.
 */
function cjkTerms(value: string, out: string[]): void {
  let last = 0;
  for (const match of value.matchAll(CJK_RUN)) {
    const rest = value.slice(last, match.index);
    for (const [part] of rest.matchAll(ALPHANUMERIC_RUN)) out.push(...wordTerms(part));
    const run = Array.from(match[0]);
    if (run.length === 1) out.push(run[0]);
    for (let i = 0; i + 1 < run.length; i++) out.push(run[i] + run[i + 1]);
    last = match.index + match[0].length;
  }
  for (const [part] of value.slice(last).matchAll(ALPHANUMERIC_RUN)) out.push(...wordTerms(part));
}

/** Terms of one token (already folded), given its wink type; `isStopWord(index)` asks wink. */
function tokenTerms(
  value: string,
  type: string,
  index: number,
  isStopWord: (index: number) => boolean,
  out: string[],
): void {
  const known = memo.get(value);
  if (known !== undefined) {
    for (const term of known) out.push(term);
    return;
  }
  if (type === 'number') {
    // "1,000,000" and "1000000" are the same number; other separators (dates, versions) stay.
    out.push(...remember(value, [GROUPED_NUMBER.test(value) ? value.replaceAll(',', '') : value]));
    return;
  }
  if (HAS_CJK.test(value)) {
    const terms: string[] = [];
    cjkTerms(value, terms);
    out.push(...remember(value, terms));
    return;
  }
  if (ONLY_ALPHANUMERIC.test(value)) {
    out.push(...wordTerms(value, isStopWord(index)));
    return;
  }
  const possessive = POSSESSIVE.exec(value);
  if (possessive) {
    out.push(...wordTerms(possessive[1]!, isStopWord(index)));
    return;
  }
  if (!HAS_ALPHANUMERIC.test(value)) return;
  // An email, URL, hashtag, or a word wink kept whole around punctuation ("e-1234", "covid-19").
  const terms: string[] = [];
  compoundTerms(value.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''), terms);
  out.push(...remember(value, terms));
}

/**
 * The index terms of `text` for keyword search, used for documents and queries alike so that they
 * meet: folded (foldText), tokenised by wink-nlp, stop words and punctuation dropped, words
 * stemmed with Porter2 ("Running" and "runs" → "run"). Identifiers stay findable whole and by
 * their parts: text without spaces that joins tokens with punctuation ("user_id", "v2.3",
 * "sk_live_x", "E-1234", emails, URLs) gives the whole string, then each part as a word; tokens
 * holding digits are never stemmed; "1,000" becomes "1000". Chinese and Japanese become
 * character bigrams. Terms come in text order, repeats kept (they are term frequencies).
 */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  if (text.trim().length === 0) return terms;
  const { nlp } = load();
  const { its } = nlp;
  const tokens = nlp.readDoc(foldText(text)).tokens();
  const values = tokens.out() as string[];
  const types = tokens.out(its.type) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];

  const isStopWord = (index: number) => tokens.itemAt(index).out(its.stopWordFlag) === true;

  // Tokens not separated by whitespace form a run; a run of several is an identifier. Runs are
  // index ranges (clitics inside are skipped) so that the common one-token run allocates nothing.
  const flush = (from: number, to: number) => {
    // Sentence punctuation and brackets around a word are not part of it: "(see", "end.".
    while (from < to && (types[from] === 'punctuation' || CLITICS.has(values[from]))) from++;
    while (to > from && (types[to - 1] === 'punctuation' || CLITICS.has(values[to - 1]))) to--;
    if (to - from === 1) {
      tokenTerms(values[from], types[from], from, isStopWord, terms);
    } else if (to - from > 1) {
      let whole = '';
      for (let index = from; index < to; index++) if (!CLITICS.has(values[index])) whole += values[index];
      if (HAS_ALPHANUMERIC.test(whole)) terms.push(whole);
      for (let index = from; index < to; index++) {
        if (!DROPPED_TYPES.has(types[index]) && !CLITICS.has(values[index])) {
          tokenTerms(values[index], types[index], index, isStopWord, terms);
        }
      }
    }
  };

  let runStart = 0;
  for (let index = 0; index < values.length; index++) {
    if (SEPARATOR_TYPES.has(types[index])) {
      flush(runStart, index);
      runStart = index + 1;
    } else if (spaces[index].length > 0) {
      flush(runStart, index);
      runStart = index;
    }
  }
  flush(runStart, values.length);
  return terms;
}
