import { Boundary, isSpace, splitSentences } from './sentence-splitter';
import { countRange, pieceAt, pieceTable, type PieceTable } from './token-counter';

/**
 * Default chunk size, in cl100k_base tokens: about 190 English words, a paragraph or two. Small
 * enough that a chunk keeps to one topic (its embedding is sharp, a keyword hit is a readable
 * passage, and the `layout` offsets point somewhere precise); large enough to carry the context a
 * reader or an LLM needs. It sits inside the input limit of the small embedding models run locally
 * (512 tokens for e5/bge; MiniLM truncates at 256 WordPiece tokens, where the same text counts a
 * little higher than here), and in the 200-400 range that retrieval evaluations keep landing on.
 */
export const DEFAULT_MAX_TOKENS = 256;

/**
 * Default overlap budget: a quarter of maxTokens, so 64 with the default size. The previous chunk's last sentences are repeated so
 * that a statement spanning a boundary is still whole in one chunk; the overlap is made of whole
 * sentences, so the budget must exceed a typical sentence or there is often none. On SciFact
 * abstracts (sentences of ~30 tokens) a budget of 32 gave 43% of follow-on chunks an overlap, 48
 * gave 74%, 64 gives 89%, for 10% more indexed tokens than no overlap at all (bench/text.bench.mjs).
 */
export const DEFAULT_OVERLAP_TOKENS = 64;

export interface ChunkOptions {
  /** Upper bound on each chunk's token count (overlap included). Default DEFAULT_MAX_TOKENS. */
  maxTokens?: number;
  /** Budget for what is repeated from the previous chunk, below maxTokens. Default maxTokens / 4. */
  overlapTokens?: number;
}

/** One chunk: `text === original.slice(start, end)`, so the offsets can be shown as the layout. */
export interface TextChunk {
  index: number;
  text: string;
  start: number;
  end: number;
  /** cl100k_base tokens in `text` (countTokens). */
  tokenCount: number;
}

/** What chunks are packed from: a sentence, or one tokenizer piece of a sentence too long to fit. */
interface Segment {
  start: number;
  end: number;
  /** First and last piece of the piece table that the segment touches. */
  first: number;
  last: number;
  boundary: Boundary;
}

function validOptions(options: ChunkOptions): Required<ChunkOptions> {
  const { maxTokens = DEFAULT_MAX_TOKENS } = options;
  if (!Number.isSafeInteger(maxTokens) || maxTokens < 1) {
    throw new RangeError(`chunkText: maxTokens must be a positive integer, got ${String(maxTokens)}`);
  }
  const overlapTokens =
    options.overlapTokens ?? Math.floor((maxTokens * DEFAULT_OVERLAP_TOKENS) / DEFAULT_MAX_TOKENS);
  if (!Number.isSafeInteger(overlapTokens) || overlapTokens < 0 || overlapTokens >= maxTokens) {
    throw new RangeError(
      `chunkText: overlapTokens must be an integer from 0 to maxTokens - 1 (${maxTokens - 1}), got ${String(overlapTokens)}`,
    );
  }
  return { maxTokens, overlapTokens };
}

/** The sentences of `text`; a sentence over maxTokens becomes its tokenizer pieces. */
function segmentsOf(text: string, table: PieceTable, maxTokens: number): Segment[] {
  const { starts, ends } = table;
  const segments: Segment[] = [];
  let first = 0;
  for (const unit of splitSentences(text)) {
    while (ends[first] <= unit.start) first++;
    let last = first;
    while (last + 1 < starts.length && starts[last + 1] < unit.end) last++;
    if (countRange(text, table, unit.start, unit.end) <= maxTokens) {
      segments.push({ ...unit, first, last });
    } else {
      for (let piece = first; piece <= last; piece++) {
        let start = Math.max(unit.start, starts[piece]);
        let end = Math.min(unit.end, ends[piece]);
        const spaceBefore = start > unit.start && isSpace(text.charCodeAt(start));
        while (start < end && isSpace(text.charCodeAt(start))) start++;
        while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
        // A run of spaces is nobody's content: the token estimates still count it, by range.
        if (start === end) continue;
        const afterSpace = spaceBefore || (start > unit.start && isSpace(text.charCodeAt(start - 1)));
        const boundary = piece === first ? unit.boundary : afterSpace ? Boundary.word : Boundary.none;
        segments.push({ start, end, first: piece, last: piece, boundary });
      }
    }
    first = last; // the next unit may begin inside this unit's last piece (".\n", " Next")
  }
  return segments;
}

/**
 * Splits `text` into chunks of whole sentences, each at most `maxTokens` tokens, preferring to end
 * a chunk at a paragraph break (a blank line or a Markdown heading), then at a sentence end: the
 * strongest boundary among those that leave the chunk at least half full. A sentence longer than
 * maxTokens is split between tokenizer pieces, at word starts where it can.
 *
 * Each chunk after the first begins with the trailing sentences of the previous chunk that fit in
 * `overlapTokens` (trailing pieces, within a split sentence); when the previous chunk's last
 * sentence alone is longer than that, there is no overlap rather than a cut sentence.
 *
 * Guarantees: `chunk.text === text.slice(chunk.start, chunk.end)`, trimmed of whitespace; every
 * non-whitespace character is in some chunk; `tokenCount === countTokens(chunk.text)` and is at most
 * maxTokens, except for a chunk holding a single tokenizer piece (at most 64 chars) that alone is
 * longer, which only a tiny maxTokens makes possible. Whitespace-only text gives `[]`.
 */
export function chunkText(text: string, options: ChunkOptions = {}): TextChunk[] {
  const { maxTokens, overlapTokens } = validOptions(options);
  const table = pieceTable(text);
  return wholeText(text, table, maxTokens) ?? packChunks(text, table, maxTokens, overlapTokens);
}

/**
 * The whole text (trimmed) as the one chunk, when packing would make exactly that: packing takes
 * sentences while the estimate of their tokens (from the text's pieces) stays within maxTokens,
 * and keeps the chunk when its exact count does too; sentences are trimmed, so the first starts at
 * the text's first non-space and the last ends after its last. Splitting a short text into
 * sentences only to put them all back together is most of the cost of chunking it (a memory is
 * usually one chunk), so this answers without splitting.
 */
function wholeText(text: string, table: PieceTable, maxTokens: number): TextChunk[] | undefined {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (start === end) return [];
  const { before } = table;
  if (before[pieceAt(table, end - 1) + 1] - before[pieceAt(table, start)] > maxTokens) return undefined;
  const tokenCount = countRange(text, table, start, end);
  if (tokenCount > maxTokens) return undefined;
  return [{ index: 0, text: text.slice(start, end), start, end, tokenCount }];
}

/** chunkText's packing of sentences into chunks; exported for the spec that checks wholeText against it. */
export function packChunks(
  text: string,
  table: PieceTable,
  maxTokens: number,
  overlapTokens: number,
): TextChunk[] {
  const segments = segmentsOf(text, table, maxTokens);
  const { before } = table;
  // Tokens of segments [from, to), taken from the whole text's pieces: the gaps are included.
  const estimate = (from: number, to: number) =>
    before[segments[to - 1].last + 1] - before[segments[from].first];

  const chunks: TextChunk[] = [];
  let from = 0; // first segment of the chunk being built, overlap included
  let fresh = 0; // first segment that no chunk holds yet
  while (fresh < segments.length) {
    while (from < fresh && estimate(from, fresh + 1) > maxTokens) from++;
    let to = fresh + 1;
    while (to < segments.length && estimate(from, to + 1) <= maxTokens) to++;
    if (to < segments.length) to = preferredEnd(segments, fresh, to, (e) => estimate(from, e), maxTokens);

    // The estimate counts the chunk's edge pieces as they tokenise inside the whole text (" The"
    // rather than "The"); the chunk's own count can differ by a token or two, so check it.
    const exact = () => countRange(text, table, segments[from].start, segments[to - 1].end);
    let tokenCount = exact();
    while (tokenCount > maxTokens && (to > fresh + 1 || from < fresh)) {
      if (from < fresh) from++;
      else to--;
      tokenCount = exact();
    }
    const start = segments[from].start;
    const end = segments[to - 1].end;
    chunks.push({ index: chunks.length, text: text.slice(start, end), start, end, tokenCount });

    let overlap = to;
    while (overlap - 1 > from && countRange(text, table, segments[overlap - 1].start, end) <= overlapTokens) {
      overlap--;
    }
    while (overlap < to && segments[overlap].boundary === Boundary.none) overlap++;
    from = overlap;
    fresh = to;
  }
  return chunks;
}

/**
 * Where a chunk that cannot take segment `to` should end: before the segment with the strongest
 * boundary (the latest such) among the ends after `fresh` that keep it at least half full.
 */
function preferredEnd(
  segments: Segment[],
  fresh: number,
  to: number,
  tokensUpTo: (end: number) => number,
  maxTokens: number,
): number {
  let best = to;
  for (let end = to - 1; end > fresh; end--) {
    if (tokensUpTo(end) * 2 < maxTokens) break;
    if (segments[end].boundary > segments[best].boundary) best = end;
  }
  return best;
}
