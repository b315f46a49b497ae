/** A document after analysis: its distinct terms and how often each occurs. */
export interface AnalysedDocument {
  id: string;
  sourceId: string;
  kind: string;
  terms: string[];
  tfs: number[];
}

/** Counts the analyser's tokens into distinct terms with frequencies. */
export function analysedDocument(
  id: string,
  sourceId: string,
  kind: string,
  tokens: string[],
): AnalysedDocument {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return { id, sourceId, kind, terms: [...counts.keys()], tfs: [...counts.values()] };
}

/** Documents as (id, source, kind), term dictionary, and per document: n, n term numbers, n frequencies. */
export interface PartitionState {
  terms: string[];
  docs: [string, string, string][];
  vectors: Uint32Array;
}

/** A typed array at least `needed` long: the same one when it is, else a copy at least twice as long. */
export function grown<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array>(
  array: T,
  needed: number,
): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(needed, array.length * 2, 16));
  next.set(array);
  return next;
}
