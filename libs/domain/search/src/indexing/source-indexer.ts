import {
  BatchReply,
  IndexChunksRequest,
  IndexChunksResult,
  ItemOutcome,
  SearchMode,
  settleItem,
} from '@trove/contracts';
import { Embedder } from '@trove/embeddings';
import { chunksIndexed, measureEmbedding } from '@trove/platform-metrics';
import { ChunkStore } from '../ports/chunk-store';
import { CHUNK_SPACES, IndexScope } from '../ports/index-scope';
import { ChunkSpaces, SpaceTarget } from '../reembedding/chunk-spaces';
import { KeywordIndex } from '../ports/keyword-index';
import { VectorIndex } from '../ports/vector-index';
import { checkIndexRequest, scopeOf } from '../search.validation';
import { indexKind } from './index-kind';
import { indexRounds } from './index-rounds';

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The write side of search: every source's chunks embedded once and written to the chunk store and
 * both indexes, replacing what the source had.
 */
export class SourceIndexer {
  constructor(
    private readonly embedder: Embedder,
    private readonly vectors: VectorIndex,
    private readonly keywords: KeywordIndex,
    private readonly chunks: ChunkStore,
    private readonly spaces: ChunkSpaces,
  ) {}

  /**
   * Indexes many sources at once (memory adds written together): one embedding call for all their
   * chunks, one chunk-store transaction, one delete and one upsert per index and scope. A request
   * that is invalid, or whose tenant or scope an index refuses, fails alone; a store that fails
   * fails the call.
   */
  async indexMany(requests: IndexChunksRequest[]): Promise<BatchReply<IndexChunksResult>> {
    const outcomes: ItemOutcome<IndexChunksResult>[] = [];
    const valid: number[] = [];
    for (const [i, request] of requests.entries()) {
      const checked = await settleItem(async () => checkIndexRequest(request));
      if ('error' in checked) outcomes[i] = checked;
      else valid.push(i);
    }
    // Usually one space and the configured embedder; two while a re-embedding builds a new space.
    const targetsOf = new Map<number, SpaceTarget[]>();
    for (const [tenantId, items] of groupBy(valid, (i) => requests[i]!.tenant_id)) {
      const targets = await settleItem(() => this.spaces.writeTargets(tenantId));
      for (const i of items) {
        if ('error' in targets) outcomes[i] = targets;
        else targetsOf.set(i, targets.ok);
      }
    }
    const ready = valid.filter((i) => outcomes[i] === undefined);

    // One embedding call per embedder, for every chunk that needs its vectors.
    const vectorsOf = new Map<number, Map<string, Float32Array[]>>(ready.map((i) => [i, new Map()]));
    const byEmbedder = new Map<Embedder, { i: number; space: string }[]>();
    for (const i of ready) {
      for (const target of targetsOf.get(i)!) {
        const uses = byEmbedder.get(target.embedder) ?? [];
        uses.push({ i, space: target.space });
        byEmbedder.set(target.embedder, uses);
      }
    }
    for (const [embedder, uses] of byEmbedder) {
      const texts = uses.flatMap(({ i }) => requests[i]!.chunks.map((chunk) => chunk.text));
      const vectors = await measureEmbedding('documents', texts.length, () => embedder.embedDocuments(texts));
      let offset = 0;
      for (const { i, space } of uses) {
        vectorsOf.get(i)!.set(space, vectors.slice(offset, (offset += requests[i]!.chunks.length)));
      }
    }

    for (const round of indexRounds(ready.map((i) => requests[i]!))) {
      const items = round.map((r) => ready[r]!);
      // The chunk store first: an index hit whose chunk is not stored yet is skipped by queries,
      // never shown half-written.
      await this.chunks.replaceSources(
        items.map((i) => ({
          scope: scopeOf(requests[i]!),
          source: requests[i]!.source,
          chunks: requests[i]!.chunks,
        })),
      );
      const scopes = groupBy(items, (i) =>
        JSON.stringify([requests[i]!.tenant_id, requests[i]!.sub_tenant_id]),
      );
      await Promise.all(
        [...scopes.values()].map(async (group) => {
          const written = await settleItem(() =>
            this.writeIndexes(
              scopeOf(requests[group[0]!]!),
              group.map((i) => ({ request: requests[i]!, vectors: vectorsOf.get(i)! })),
            ),
          );
          for (const i of group) {
            outcomes[i] =
              'error' in written
                ? written
                : { ok: { indexed: requests[i]!.chunks.length, model_id: this.embedder.modelId } };
            if (!('error' in written)) {
              const kind = requests[i]!.source.source_type === 'memory' ? 'memories' : 'sources';
              chunksIndexed.inc({ source_kind: kind }, requests[i]!.chunks.length);
            }
          }
        }),
      );
    }
    return { outcomes };
  }

  /**
   * Replaces the sources' entries in the keyword index and in every chunk space of one scope (the
   * spaces the sources are written to get their new vectors).
   */
  private async writeIndexes(
    scope: IndexScope,
    sources: { request: IndexChunksRequest; vectors: Map<string, Float32Array[]> }[],
  ): Promise<void> {
    const sourceIds = sources.map(({ request }) => request.source.source_id);
    await Promise.all([
      ...CHUNK_SPACES.map((space) => this.vectors.deleteBySources(scope, space, sourceIds)),
      this.keywords.deleteBySources(scope, sourceIds),
    ]);
    const entries = sources.flatMap(({ request, vectors }) => {
      const mode: SearchMode = request.source.source_type === 'memory' ? 'memories' : 'sources';
      return request.chunks.map((chunk, i) => ({
        id: chunk.chunk_uuid,
        sourceId: request.source.source_id,
        kind: indexKind(mode, chunk.kind),
        text: chunk.text,
        vectors: new Map([...vectors].map(([space, list]) => [space, list[i]!])),
      }));
    });
    const spaces = new Set(sources.flatMap(({ vectors }) => [...vectors.keys()]));
    await Promise.all([
      ...CHUNK_SPACES.filter((space) => spaces.has(space)).map((space) =>
        this.vectors.upsert(
          scope,
          space,
          entries.map(({ id, sourceId, kind, vectors }) => ({
            id,
            sourceId,
            kind,
            vector: vectors.get(space)!,
          })),
        ),
      ),
      this.keywords.upsert(
        scope,
        entries.map(({ id, sourceId, kind, text }) => ({ id, sourceId, kind, text })),
      ),
    ]);
  }
}
