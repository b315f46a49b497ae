import * as chrono from 'chrono-node';

/**
 * The date a time phrase names ("in 1867", "last Tuesday", "on 4 August 1961"), read by chrono-node
 * relative to `reference` (the source's time); a bare year is its first of January. Null when the
 * phrase names no date.
 */
export function parseDate(text: string, reference: Date): Date | null {
  const parsed = chrono.parseDate(text, reference, { forwardDate: false });
  if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
  const year = /(?:^|\s)(1\d{3}|20\d{2})$/.exec(text.trim());
  return year ? new Date(Date.UTC(Number(year[1]), 0, 1)) : null;
}
