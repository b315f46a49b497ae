import { GraphExtractRequest, GraphExtractResult, GraphPatterns, GraphSummary } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { DocumentChunk } from '../extraction/extract-document';
import { SourceRecord } from '../ports/source-store';
import { chunkId } from './chunk-indexer';
import { sendWithin, StageTimeouts } from './stage-timeouts';

/**
 * Graph creation: hands a source's chunks (ids as indexed) to the graph service
 * (GraphPatterns.extract), which reads entities and relations out of them and makes them the
 * source's whole graph, so that running it again for the same revision is idempotent. Relative
 * dates in the text ("last year") count from the source's last update.
 */
export class GraphBuilder {
  constructor(
    private readonly transport: TransportClient,
    private readonly options: StageTimeouts,
  ) {}

  async build(source: SourceRecord, chunks: DocumentChunk[]): Promise<GraphSummary> {
    const request: GraphExtractRequest = {
      tenant_id: source.tenant_id,
      sub_tenant_id: source.sub_tenant_id,
      source_id: source.source_id,
      chunks: chunks.map((chunk, position) => ({
        chunk_id: chunkId(source.source_id, position),
        text: chunk.text,
      })),
      reference_time: source.updated_at.toISOString(),
    };
    const result = await sendWithin<GraphExtractResult>(
      this.transport,
      GraphPatterns.extract,
      request,
      chunks.length,
      this.options,
      'Graph creation over',
    );
    return {
      extractor: result.extractor,
      entities: result.entities,
      relations: result.relations,
      prompt_tokens: result.usage?.prompt_tokens ?? 0,
      completion_tokens: result.usage?.completion_tokens ?? 0,
    };
  }
}
