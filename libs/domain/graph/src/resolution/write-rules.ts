import { ChunkFacts, SourceFacts } from '../ports/graph-store';

/** Another writer changed the same entities at the same time: the transaction runs again. */
export class ResolutionRace extends Error {}

/** Refuses facts no store can write: a mention without a key, a relation to a missing entity. */
export function assertWellFormed(chunks: ChunkFacts[]): void {
  for (const chunk of chunks) {
    if (chunk.entities.some((mention) => mention.keys.length === 0)) {
      throw new RangeError(`a mention of chunk ${chunk.chunk_id} has no resolution key`);
    }
    for (const relation of chunk.relations) {
      for (const end of [relation.source, relation.target]) {
        if (!Number.isInteger(end) || end < 0 || end >= chunk.entities.length) {
          throw new RangeError(`relation end ${end} is not an entity of chunk ${chunk.chunk_id}`);
        }
      }
    }
  }
}

/** Refuses a batch no store can write: a source given twice, or a malformed one (assertWellFormed). */
export function assertWellFormedBatch(sources: SourceFacts[]): void {
  const seen = new Set<string>();
  for (const source of sources) {
    if (seen.has(source.source_id)) throw new RangeError(`source ${source.source_id} is given twice`);
    seen.add(source.source_id);
    assertWellFormed(source.chunks);
  }
}

const ATTEMPTS = 5;

/**
 * Runs one write transaction (`attempt`), again after a short random wait when a concurrent writer
 * got in its way (`retryable` says which errors mean that), at most 5 times in all.
 */
export async function retryWrites<T>(
  attempt: () => Promise<T>,
  retryable: (error: unknown) => boolean,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error: unknown) {
      if (!retryable(error) || n >= ATTEMPTS) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 5 * n * Math.random()));
  }
}
