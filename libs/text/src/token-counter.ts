import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };

/**
 * js-tiktoken encodes a text by splitting it with the encoding's regex into pieces, then running
 * byte-pair merges on each piece independently. So a text's token count is the sum of its pieces'
 * counts, and a piece's count can be remembered: English has few distinct pieces (" the", " of",
 * "."), and a remembered count costs a map lookup instead of a BPE run. Measured on SciFact this
 * takes counting from 1.3 MB/s (`encode(text).length`) to about 17 MB/s once warm.
 */
const MEMO_LIMIT = 100_000;

/**
 * js-tiktoken's merge loop is quadratic in the piece length (a 1,000-letter run takes ~100 ms, a
 * 10,000-letter one seconds), and such runs are what pasted hashes, minified code or base64 look
 * like. Pieces longer than this are counted, and may be split, in windows of this many chars, so
 * that cost stays linear. Natural language has no 64-letter words, so counts there are exact.
 */
export const MAX_PIECE_CHARS = 64;

interface Encoding {
  encoder: Tiktoken;
  pattern: RegExp;
  /** The same pattern, for countRange's head while `pattern` is not in use. */
  headPattern: RegExp;
}

let encoding: Encoding | undefined;
const memo = new Map<string, number>();

/**
 * Loaded on first use: reading the 1.7 MB rank file and building the table takes ~300 ms.
 * js-tiktoken ships CommonJS builds (its `require` export condition), but its type declarations
 * live in a `"type": "module"` package, so TypeScript will not compile a static import of it from
 * this CommonJS project: it is required here, and typed from those declarations.
 */
function load(): Encoding {
  if (encoding === undefined) {
    const { Tiktoken: Encoder } = require('js-tiktoken/lite') as { Tiktoken: typeof Tiktoken };
    const ranks = require('js-tiktoken/ranks/cl100k_base') as TiktokenBPE;
    const pattern = new RegExp(ranks.pat_str, 'gu');
    encoding = { encoder: new Encoder(ranks), pattern, headPattern: new RegExp(pattern) };
  }
  return encoding;
}

function encodedLength(encoder: Tiktoken, piece: string): number {
  let tokens = memo.get(piece);
  if (tokens === undefined) {
    // Empty special-token lists: text such as "<|endoftext|>" in a document is plain text here,
    // not a control token, and must not make encode() throw.
    tokens = encoder.encode(piece, [], []).length;
    // Clearing (rather than LRU bookkeeping) keeps the hot path to one lookup; the common pieces
    // come back within a few kilobytes of text.
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(piece, tokens);
  }
  return tokens;
}

/** End of the next window of a long piece, never between the two halves of a surrogate pair. */
function windowEnd(text: string, from: number, end: number): number {
  let cut = Math.min(end, from + MAX_PIECE_CHARS);
  if (cut < end) {
    const code = text.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  }
  return cut;
}

/**
 * Calls `visit` for each tokenizer piece of `text` in order (long pieces as windows, see
 * MAX_PIECE_CHARS), with offsets into `text`. Returns the total token count.
 */
function eachPiece(text: string, visit?: (start: number, end: number, tokens: number) => void): number {
  const { encoder, pattern } = load();
  // One shared global regex: `visit` is internal and never counts tokens itself, so no re-entry.
  pattern.lastIndex = 0;
  let total = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const piece = match[0];
    const start = match.index;
    const end = start + piece.length;
    if (piece.length <= MAX_PIECE_CHARS) {
      const tokens = encodedLength(encoder, piece);
      total += tokens;
      visit?.(start, end, tokens);
      continue;
    }
    for (let from = start; from < end;) {
      const to = windowEnd(text, from, end);
      const tokens = encodedLength(encoder, text.slice(from, to));
      total += tokens;
      visit?.(from, to, tokens);
      from = to;
    }
  }
  return total;
}

/**
 * Number of `cl100k_base` tokens in `text` (the encoding of OpenAI's embedding models, and a fair
 * stand-in for other BPE tokenizers). Equal to js-tiktoken's `encode(text, [], []).length`, except
 * inside runs longer than MAX_PIECE_CHARS, which are counted window by window.
 */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : eachPiece(text);
}

/**
 * The pieces of `text` as parallel arrays (no object per piece: a megabyte of prose has ~200,000):
 * piece `i` is `[starts[i], ends[i])`, and pieces `i..j-1` hold `before[j] - before[i]` tokens.
 */
export interface PieceTable {
  starts: number[];
  ends: number[];
  before: number[];
}

export function pieceTable(text: string): PieceTable {
  const table: PieceTable = { starts: [], ends: [], before: [0] };
  let total = 0;
  eachPiece(text, (start, end, tokens) => {
    table.starts.push(start);
    table.ends.push(end);
    total += tokens;
    table.before.push(total);
  });
  return table;
}

/** Index of the piece holding offset `at` (the first piece that ends after it). */
export function pieceAt({ ends }: PieceTable, at: number): number {
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ends[middle] > at) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * `countTokens(text.slice(start, end))` without recounting the middle: `table` is `text`'s piece
 * table, and `end` follows a non-whitespace character (chunks are trimmed). The tokenizer's
 * pattern has no look-behind, and its one look-ahead (`\s+(?!\S)`) only looks at the character
 * after a whitespace run; so the slice is cut into the same pieces as the whole text from the first
 * place where its own cuts meet the text's, up to its last piece. The head is matched afresh until
 * the cuts meet (from "(" in " (paren", the slice's piece is "(paren"), and the last piece (".\n"
 * seen up to ".") is counted alone. Ranges touching a windowed long run are counted in full.
 */
export function countRange(text: string, table: PieceTable, start: number, end: number): number {
  if (end <= start) return 0;
  const { starts, ends, before } = table;
  const first = pieceAt(table, start);
  const last = pieceAt(table, end - 1);
  const windowed = (piece: number) => ends[piece] - starts[piece] >= MAX_PIECE_CHARS - 1;
  if (first === last || windowed(first) || windowed(last)) return countTokens(text.slice(start, end));

  let head = 0;
  let next = first; // the first piece that the slice shares with the text
  if (starts[first] === start) {
    head = 0;
  } else {
    const { encoder, headPattern } = load();
    headPattern.lastIndex = start;
    for (;;) {
      const match = headPattern.exec(text);
      const matchEnd = match === null ? Infinity : match.index + match[0].length;
      if (match === null || matchEnd > starts[last] || match[0].length > MAX_PIECE_CHARS) {
        return countTokens(text.slice(start, end));
      }
      head += encodedLength(encoder, match[0]);
      while (ends[next] < matchEnd) next++;
      if (ends[next] === matchEnd) break;
    }
    next++;
  }
  const tail =
    ends[last] === end ? before[last + 1] - before[last] : countTokens(text.slice(starts[last], end));
  return head + before[last] - before[next] + tail;
}
