import { ChunkInput, IndexChunksRequest, SearchPatterns } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { DocumentChunk } from '../extraction/extract-document';
import { ExtractedContent, SourceRecord } from '../ports/source-store';
import { displayTitle } from '../source-view';
import { sendWithin, StageTimeouts } from './stage-timeouts';

export { stageTimeoutMs as indexTimeoutMs } from './stage-timeouts';

export type ChunkIndexerOptions = StageTimeouts;

/** The chunk id of a source's n-th chunk. */
export function chunkId(sourceId: string, position: number): string {
  return `${sourceId}_${position}`;
}

/**
 * Hands a source's chunks to the search service (SearchPatterns.indexChunks), which replaces
 * whatever the source had: indexing a revision again is idempotent. A long document's chunk list
 * can exceed NATS's 1 MB message limit; the transport sends such a message as a claim check.
 */
export class ChunkIndexer {
  constructor(
    private readonly transport: TransportClient,
    private readonly options: ChunkIndexerOptions,
  ) {}

  async index(source: SourceRecord, content: ExtractedContent, chunks: DocumentChunk[]): Promise<number> {
    const inputs: ChunkInput[] = chunks.map((chunk, position) => ({
      chunk_uuid: chunkId(source.source_id, position),
      position,
      text: chunk.text,
      start: chunk.start,
      kind: 'original',
    }));
    const request: IndexChunksRequest = {
      tenant_id: source.tenant_id,
      sub_tenant_id: source.sub_tenant_id,
      source: {
        source_id: source.source_id,
        source_type: source.type,
        title: displayTitle({ ...source, extracted_title: content.extracted_title }),
        created_at: source.created_at.toISOString(),
        updated_at: source.updated_at.toISOString(),
        document_metadata: source.document_metadata,
        tenant_metadata: source.tenant_metadata,
      },
      chunks: inputs,
    };
    await sendWithin(
      this.transport,
      SearchPatterns.indexChunks,
      request,
      inputs.length,
      this.options,
      'Indexing',
    );
    return inputs.length;
  }
}
