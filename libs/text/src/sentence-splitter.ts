/**
 * How good a place the start of a unit is to end the previous chunk. Chunks end at the strongest
 * boundary they can reach: a paragraph, else a sentence, else a word.
 */
export const Boundary = { none: 0, word: 1, sentence: 2, paragraph: 3 } as const;
export type Boundary = (typeof Boundary)[keyof typeof Boundary];

/** A sentence (or a line, or a window of an over-long sentence) as `[start, end)` offsets, trimmed. */
export interface TextUnit {
  start: number;
  end: number;
  /** The boundary between this unit and the one before it. */
  boundary: Boundary;
}

/** A blank line: a line break, whitespace that breaks no line, another line break (LF, CRLF or CR). */
const PARAGRAPH_BREAK = /(?:\r\n?|\n)[^\S\r\n]*(?:\r\n?|\n)/g;

/** A Markdown ATX heading starts a new section even without a blank line before it. */
const HEADING = /^#{1,6}\s/;

/**
 * Intl.Segmenter (ICU's UAX #29 sentence rules, built into Node) costs time proportional to the
 * length of the string it was given at every step, so a 1 MB paragraph takes minutes. Segmenting
 * windows of this size keeps it linear: 35-45 MB/s measured on SciFact abstracts.
 */
const WINDOW_CHARS = 1000;

/**
 * UAX #29 ends a sentence at "Dr. Smith" or "et al. The"; these endings glue the unit to the next
 * one instead. Short on purpose: a missed break only makes a unit longer, a wrong one cuts a
 * sentence (endings such as "Inc." end real sentences too often to be listed).
 */
const ABBREVIATION =
  /(?:^|[^\p{L}\p{N}])(?:mr|mrs|ms|dr|prof|sr|jr|st|vs|fig|figs|eq|eqs|ref|refs|al|cf|approx|dept|gen|gov|rev|hon|\p{L})\.$/iu;

let segmenter: Intl.Segmenter | undefined;

/** Whitespace test on a UTF-16 code unit. */
export function isSpace(code: number): boolean {
  // ASCII whitespace first: nearly every call; the regex only for the rest (NBSP, ideographic space).
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(String.fromCharCode(code)));
}

/** Where to cut a sentence longer than a window: after the last whitespace in its second half. */
function cutAtSpace(text: string, from: number, limit: number): number {
  for (let i = limit - 1; i > from + WINDOW_CHARS / 2; i--) {
    if (isSpace(text.charCodeAt(i))) return i + 1;
  }
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

class UnitCollector {
  readonly units: TextUnit[] = [];
  private paragraphOpen = false;

  constructor(private readonly text: string) {}

  startParagraph(): void {
    this.paragraphOpen = false;
  }

  /** Adds `[start, end)` trimmed, unless it is only whitespace; `continued`: mid-sentence cut. */
  add(start: number, end: number, continued: boolean): void {
    const { text, units } = this;
    while (start < end && isSpace(text.charCodeAt(start))) start++;
    while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
    if (start === end) return;
    const previous = units.at(-1);
    if (!this.paragraphOpen || previous === undefined) {
      units.push({ start, end, boundary: Boundary.paragraph });
      this.paragraphOpen = true;
    } else if (continued) {
      units.push({ start, end, boundary: Boundary.word });
    } else if (this.gluesToNext(previous, start)) {
      previous.end = end;
    } else {
      const heading = text.charCodeAt(start) === 35 && HEADING.test(text.slice(start, start + 8));
      units.push({ start, end, boundary: heading ? Boundary.paragraph : Boundary.sentence });
    }
  }

  private gluesToNext(previous: TextUnit, nextStart: number): boolean {
    const { text } = this;
    if (text.charCodeAt(previous.end - 1) !== 46) return false; // "."
    const gap = text.slice(previous.end, nextStart);
    if (gap.includes('\n') || gap.includes('\r')) return false;
    return ABBREVIATION.test(text.slice(Math.max(previous.start, previous.end - 8), previous.end));
  }
}

function segmentParagraph(text: string, from: number, to: number, collector: UnitCollector): void {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  collector.startParagraph();
  let continued = false;
  for (let position = from; position < to;) {
    const limit = Math.min(to, position + WINDOW_CHARS);
    const starts: number[] = [];
    for (const { index } of segmenter.segment(text.slice(position, limit))) starts.push(position + index);
    let next = limit;
    let cut = false;
    if (limit < to) {
      // The window's last sentence may run on past it: leave it to the next window, unless it is
      // the only one (a sentence longer than the window), which is then cut at a space.
      if (starts.length > 1) next = starts.pop()!;
      else [next, cut] = [cutAtSpace(text, position, limit), true];
    }
    starts.push(next);
    for (let i = 0; i + 1 < starts.length; i++) {
      collector.add(starts[i], starts[i + 1], i === 0 && continued);
    }
    continued = cut;
    position = next;
  }
}

/**
 * Splits `text` into sentence units with exact offsets, paragraph by paragraph. Line breaks end
 * units too (UAX #29 treats them as hard breaks), which suits Markdown lists, headings and code.
 */
export function splitSentences(text: string): TextUnit[] {
  const collector = new UnitCollector(text);
  let from = 0;
  for (const match of text.matchAll(PARAGRAPH_BREAK)) {
    segmentParagraph(text, from, match.index, collector);
    from = match.index + match[0].length;
  }
  segmentParagraph(text, from, text.length, collector);
  return collector.units;
}
