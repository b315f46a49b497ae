/**
 * Feature extraction for the n-gram hashing embedder: text → 32-bit feature hashes, without
 * allocating a string per n-gram (the embedder must keep up with ingestion, ≥ 2,000 chunks/s).
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Stands for the word boundary on either side of a token, so `<ca` and `at>` differ from `cat`'s middle. */
const BOUNDARY = 0x02;
const WORD_SEED = 0x9e3779b9;
const BIGRAM_SEED = 0x85ebca6b;

/** Final avalanche of MurmurHash3: spreads FNV's weak low bits over the whole word. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of `text[start, end)` from `seed`, mixed. */
export function hashRange(text: string, start: number, end: number, seed: number): number {
  let h = (FNV_OFFSET ^ seed) >>> 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return mix32(h);
}

/** Hash of the word `text[start, end)`; `hashWord(w)` equals it for the same characters. */
export function hashWordAt(text: string, start: number, end: number): number {
  return hashRange(text, start, end, WORD_SEED);
}

export function hashWord(word: string): number {
  return hashWordAt(word, 0, word.length);
}

const ASCII_WORD_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_WORD_CHAR[c] =
    (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) ? 1 : 0;
}
const NON_ASCII = /[\u0080-\uffff]/;
const COMBINING_MARKS = /\p{M}+/gu;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/** Lowercases and folds accents (é → e, ß stays), so `Café` and `cafe` share their features. */
export function normalizeText(text: string): string {
  if (NON_ASCII.test(text)) text = text.normalize('NFKD').replace(COMBINING_MARKS, '');
  return text.toLowerCase();
}

function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return ASCII_WORD_CHAR[c] === 1;
  // Surrogate pairs (rare scripts, emoji) count as word characters: they hash like any other.
  return (c >= 0xd800 && c <= 0xdfff) || LETTER_OR_NUMBER.test(text[i]!);
}

/** Calls `onToken(start, end)` for each maximal run of letters and digits of normalised `text`. */
export function forEachToken(text: string, onToken: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isWordChar(text, i)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      onToken(start, i);
      start = -1;
    }
  }
  if (start >= 0) onToken(start, text.length);
}

/** A growable list of feature hashes, reused across texts. */
export class FeatureBuffer {
  values = new Uint32Array(4096);
  length = 0;

  push(hash: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = hash;
  }

  clear(): void {
    this.length = 0;
  }
}

/**
 * Pushes the hashes of every character n-gram (min ≤ n ≤ max) of the token `text[start, end)`
 * padded with a boundary mark on each side, as fastText does: `cat` gives `<ca`, `cat`, `at>`, `<cat`, ….
 */
export function pushCharNgrams(
  text: string,
  start: number,
  end: number,
  min: number,
  max: number,
  out: FeatureBuffer,
): void {
  const padded = end - start + 2;
  for (let i = 0; i + min <= padded; i++) {
    let h = FNV_OFFSET;
    const last = Math.min(padded, i + max);
    for (let j = i; j < last; j++) {
      const code = j === 0 || j === padded - 1 ? BOUNDARY : text.charCodeAt(start + j - 1);
      h = Math.imul(h ^ code, FNV_PRIME);
      if (j - i + 1 >= min) out.push(mix32(h));
    }
  }
}

/** Hash of the word bigram (previous, current), distinct from either word's own hash. */
export function bigramHash(previous: number, current: number): number {
  return mix32(Math.imul(previous ^ BIGRAM_SEED, 31) ^ current);
}
