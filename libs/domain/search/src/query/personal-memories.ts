import { dot, Embedder } from '@trove/embeddings';
import { RankedId, semanticScore } from '../fusion/fusion';
import { indexKind } from '../indexing/index-kind';
import { IndexScope, VectorSpace } from '../ports/index-scope';
import { VectorIndex } from '../ports/vector-index';

/**
 * How much the user's memories weigh in a personalised search's scores, unless configured
 * (bench/steering.bench.mjs: 0.15, 0.3 and 0.5 put the user's own sense first for 36, 38 and 41 of 60).
 */
export const DEFAULT_PERSONALISE_WEIGHT = 0.5;

/** The user's memories a personalised search compares its candidates with: the nearest to its query. */
export const PERSONAL_MEMORIES = 20;

const MEMORY_KINDS = [indexKind('memories', 'original'), indexKind('memories', 'inferred')];

/**
 * Personalised search (`personalise_search: true`, docs/api.md, Search): the fused candidates are
 * scored again by how close each is to what the user has told Trove. The sub-tenant's memories
 * nearest to the query (at most PERSONAL_MEMORIES; a user's memories about cooking are far from a
 * question on cars, and so say little) are compared, by their stored vectors, with every candidate:
 *
 *   personal = semantic calibration of max over those memories of cosine(candidate, memory)
 *   score    = (1 − w) · fused + w · personal          (w = SEARCH_PERSONALISE_WEIGHT, default 0.5)
 *
 * With no memory in the sub-tenant the candidates keep their scores. A candidate that is itself one
 * of the memories (memories mode) is not compared with itself. Nothing is embedded: two index reads.
 */
export class PersonalMemories {
  constructor(
    private readonly vectors: VectorIndex,
    private readonly weight: number,
  ) {}

  async rerank(
    scope: IndexScope,
    space: VectorSpace,
    query: Float32Array,
    candidates: RankedId[],
    embedder: Embedder,
  ): Promise<RankedId[]> {
    if (candidates.length === 0 || this.weight <= 0) return candidates;
    const memories = await this.vectors.search(scope, space, query, PERSONAL_MEMORIES, {
      kinds: MEMORY_KINDS,
    });
    if (memories.length === 0) return candidates;
    const stored = await this.vectors.vectorsOf(scope, space, [
      ...memories.map((m) => m.id),
      ...candidates.map((c) => c.id),
    ]);
    const memoryVectors = memories.flatMap((m) => {
      const vector = stored.get(m.id);
      return vector ? [{ id: m.id, vector }] : [];
    });
    if (memoryVectors.length === 0) return candidates;
    const calibrate = (cosine: number) =>
      embedder.cosineCalibration ? semanticScore(cosine, embedder.cosineCalibration) : Math.max(0, cosine);
    return candidates
      .map((candidate) => {
        const vector = stored.get(candidate.id);
        let best = -1;
        if (vector) {
          for (const memory of memoryVectors) {
            if (memory.id !== candidate.id) best = Math.max(best, dot(vector, memory.vector));
          }
        }
        const personal = best > -1 ? calibrate(best) : 0;
        return {
          id: candidate.id,
          score: (1 - this.weight) * candidate.score + this.weight * personal,
          parts: { ...candidate.parts, personal },
        };
      })
      .sort((a, b) => b.score - a.score);
  }
}
