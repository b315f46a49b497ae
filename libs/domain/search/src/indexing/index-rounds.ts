import { IndexChunksRequest } from '@trove/contracts';

/**
 * Splits a batch of index requests into rounds to be written one after another, so that no round
 * names a source, or a chunk id, of a scope twice (one SQL statement cannot write a row twice),
 * and a request that repeats an earlier one's source or chunk is written after it: the later one
 * wins, as if each had been sent alone in order. Usually there is one round.
 */
export function indexRounds(requests: IndexChunksRequest[]): number[][] {
  const lastRound = new Map<string, number>();
  const rounds: number[][] = [];
  requests.forEach((request, i) => {
    const scope = JSON.stringify([request.tenant_id, request.sub_tenant_id]);
    const keys = [
      `${scope}source:${request.source.source_id}`,
      ...request.chunks.map((chunk) => `${scope}chunk:${chunk.chunk_uuid}`),
    ];
    let round = 0;
    for (const key of keys) round = Math.max(round, (lastRound.get(key) ?? -1) + 1);
    for (const key of keys) lastRound.set(key, round);
    (rounds[round] ??= []).push(i);
  });
  return rounds;
}
