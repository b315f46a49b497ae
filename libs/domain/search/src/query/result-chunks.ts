import { ResultChunk } from '@trove/contracts';
import { ChunkRecord, ChunkStore } from '../ports/chunk-store';
import { IndexScope } from '../ports/index-scope';

function toResultChunk(record: ChunkRecord, score: number): ResultChunk {
  return {
    chunk_uuid: record.chunk_uuid,
    source_id: record.source_id,
    chunk_content: record.content,
    source_type: record.source_type,
    source_title: record.source_title,
    source_upload_time: record.created_at.toISOString(),
    source_last_updated_time: record.updated_at.toISOString(),
    layout: JSON.stringify({ offsets: { document_level_start_index: record.start_offset } }),
    relevancy_score: Math.min(1, Math.max(0, score)),
    document_metadata: record.document_metadata,
    tenant_metadata: record.tenant_metadata,
  };
}

/**
 * Result chunks in rank order. With `related > 0`, each carries up to `related` neighbours from
 * its source (original chunks within `related` positions), nearest position first.
 */
export async function toResultChunks(
  scope: IndexScope,
  ranked: { record: ChunkRecord; score: number }[],
  related: number,
  store: ChunkStore,
): Promise<ResultChunk[]> {
  return Promise.all(
    ranked.map(async ({ record, score }) => {
      const chunk = toResultChunk(record, score);
      if (related <= 0) return chunk;
      const around = await store.range(
        scope,
        record.source_id,
        record.position - related,
        record.position + related,
      );
      chunk.related_chunks = around
        .filter((r) => r.chunk_uuid !== record.chunk_uuid)
        .sort(
          (a, b) =>
            Math.abs(a.position - record.position) - Math.abs(b.position - record.position) ||
            a.position - b.position,
        )
        .slice(0, related)
        .map((r) => toResultChunk(r, 0));
      return chunk;
    }),
  );
}
