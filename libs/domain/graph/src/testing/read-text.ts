import { OfflineExtractor } from '../extraction/offline/offline-extractor';
import type { ChunkFacts } from '../ports/graph-store';

// What the offline extractor reads from one text, in the shapes the extractor's specs assert on.

const extractor = new OfflineExtractor();
/** The rules alone, without the learned pair model: what a rule's spec asserts on when the model might read the same. */
const rulesExtractor = new OfflineExtractor({ pairModel: null });
/** The reference time of every text the specs read ("last year" is 2025). */
export const REFERENCE_TIME = new Date('2026-03-12T10:00:00Z');

/** The text as one chunk, read (by the rules alone with `rulesOnly`). */
export async function facts(text: string, rulesOnly = false): Promise<ChunkFacts> {
  const { chunks } = await (rulesOnly ? rulesExtractor : extractor).extract({
    chunks: [{ chunk_id: 'doc', text }],
    reference_time: REFERENCE_TIME,
  });
  return chunks[0]!;
}

/** Its relations as "source | canonical predicate | target". */
export async function triples(text: string, rulesOnly = false): Promise<string[]> {
  return triplesOf(await facts(text, rulesOnly));
}

/** A chunk's relations as "source | canonical predicate | target". */
export function triplesOf(chunk: ChunkFacts): string[] {
  return chunk.relations.map(
    (r) => `${chunk.entities[r.source]!.name} | ${r.canonical_predicate} | ${chunk.entities[r.target]!.name}`,
  );
}

/** Its entities' types by name. */
export async function names(text: string): Promise<Map<string, string>> {
  const chunk = await facts(text);
  return new Map(chunk.entities.map((e) => [e.name, e.type]));
}
