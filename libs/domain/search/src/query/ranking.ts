import { ResultChunk } from '@trove/contracts';
import { blendRecency, recencyDecay } from '../fusion/fusion';
import { ChunkRecord, ChunkStore } from '../ports/chunk-store';
import { IndexScope, ScoredId } from '../ports/index-scope';
import { toResultChunks } from './result-chunks';

/**
 * The last step of every search: scored candidates become the best max_chunks result chunks,
 * read from the chunk store, with recency applied and their neighbours added.
 */
export class ChunkRanking {
  constructor(
    private readonly chunks: ChunkStore,
    /** Half-life of the recency decay, in days. */
    private readonly recencyHalfLifeDays: number,
  ) {}

  /** Applies recency, keeps the best max_chunks, and builds result chunks with their neighbours. */
  async rank(
    scope: IndexScope,
    scored: ScoredId[],
    maxChunks: number,
    recencyBias: number,
    related: number,
  ): Promise<ResultChunk[]> {
    const ranked =
      recencyBias > 0
        ? await this.rankWithRecency(scope, scored, maxChunks, recencyBias)
        : await this.fetchBest(scope, scored, maxChunks);
    return toResultChunks(scope, ranked, related, this.chunks);
  }

  /**
   * Scores are final without recency: only the best max_chunks rows are read, and more only for
   * hits whose chunk left the store since the index answered (a concurrent replace or delete).
   */
  private async fetchBest(scope: IndexScope, scored: ScoredId[], maxChunks: number) {
    const ranked: { record: ChunkRecord; score: number }[] = [];
    let next = 0;
    while (ranked.length < maxChunks && next < scored.length) {
      const batch = scored.slice(next, next + maxChunks - ranked.length);
      next += batch.length;
      const records = new Map(
        (
          await this.chunks.getMany(
            scope,
            batch.map((hit) => hit.id),
          )
        ).map((r) => [r.chunk_uuid, r]),
      );
      for (const hit of batch) {
        const record = records.get(hit.id);
        if (record) ranked.push({ record, score: hit.score });
      }
    }
    return ranked;
  }

  /** Recency can lift any candidate, so every candidate's age is read. */
  private async rankWithRecency(
    scope: IndexScope,
    scored: ScoredId[],
    maxChunks: number,
    recencyBias: number,
  ) {
    const records = new Map(
      (
        await this.chunks.getMany(
          scope,
          scored.map((s) => s.id),
        )
      ).map((r) => [r.chunk_uuid, r]),
    );
    const now = new Date();
    return scored
      .filter((hit) => records.has(hit.id))
      .map((hit) => {
        const record = records.get(hit.id)!;
        const decay = recencyDecay(record.updated_at, now, this.recencyHalfLifeDays);
        return { record, score: blendRecency(hit.score, decay, recencyBias) };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, maxChunks);
  }
}
