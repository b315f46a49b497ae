import { ChunkInput, DomainError, IndexChunksRequest, SearchPatterns } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { DocumentChunk } from '../extraction/extract-document';
import { ExtractedContent, SourceRecord } from '../ports/source-store';
import { displayTitle } from '../source-view';

export interface ChunkIndexerOptions {
  /**
   * How long the search service may take to embed and index one source's chunks: `baseTimeoutMs`
   * plus `perChunkTimeoutMs` per chunk, at most `timeoutMs`. A request whose responder died
   * mid-way (a search service killed with -9) is never answered; the job is retried once this
   * runs out, so it must not be the largest document's allowance for a one-chunk note.
   */
  timeoutMs: number;
  baseTimeoutMs?: number;
  perChunkTimeoutMs?: number;
}

/** The chunk id of a source's n-th chunk. */
export function chunkId(sourceId: string, position: number): string {
  return `${sourceId}_${position}`;
}

/** The time a source of `chunks` chunks is given to be indexed (ChunkIndexerOptions). */
export function indexTimeoutMs(chunks: number, options: ChunkIndexerOptions): number {
  const base = options.baseTimeoutMs ?? options.timeoutMs;
  return Math.min(options.timeoutMs, base + chunks * (options.perChunkTimeoutMs ?? 0));
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
    const timeoutMs = indexTimeoutMs(inputs.length, this.options);
    try {
      await this.transport.send(SearchPatterns.indexChunks, request, { timeoutMs });
    } catch (error: unknown) {
      // A search service that is down answers "not running" at once: an outage, waited out. Past
      // the time this source was given, the attempt fails like any other and counts, so a source
      // that can never be indexed in time ends errored rather than being tried forever.
      if (error instanceof DomainError && error.details?.['timed_out'] === true) {
        throw new Error(`Indexing ${inputs.length} chunks did not finish within ${timeoutMs} ms`);
      }
      throw error;
    }
    return inputs.length;
  }
}
