import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  BatchReply,
  CountsReply,
  CountsRequest,
  DeleteSourcesRequest,
  DeleteSourcesResult,
  DomainError,
  FullTextSearchRequest,
  HybridSearchRequest,
  IndexChunksRequest,
  IndexChunksResult,
  IndexManyRequest,
  SearchPatterns,
  SearchResult,
  statsPattern,
  SubTenantDeletedEvent,
  TenantEvents,
} from '@trove/contracts';
import { PayloadStash, unpackBytes } from '@trove/platform-transport';
import { SearchService } from './search.service';
import { scopeOf } from './search.validation';

@Controller()
export class SearchController {
  constructor(
    private readonly service: SearchService,
    private readonly stash: PayloadStash,
  ) {}

  @MessagePattern(SearchPatterns.indexChunks)
  async indexChunks(@Payload() request: IndexChunksRequest): Promise<IndexChunksResult> {
    return this.service.indexChunks(await withChunks(this.stash, request));
  }

  @MessagePattern(SearchPatterns.indexMany)
  async indexMany(@Payload() request: IndexManyRequest): Promise<BatchReply<IndexChunksResult>> {
    if (!Array.isArray(request?.requests)) {
      throw new DomainError('INVALID_PARAMETERS', 'requests must be an array of index requests');
    }
    const requests = await Promise.all(request.requests.map((r) => withChunks(this.stash, r)));
    return this.service.indexMany(requests);
  }

  @MessagePattern(SearchPatterns.hybrid)
  hybrid(@Payload() request: HybridSearchRequest): Promise<SearchResult> {
    return this.service.hybrid(request);
  }

  @MessagePattern(SearchPatterns.fullText)
  fullText(@Payload() request: FullTextSearchRequest): Promise<SearchResult> {
    return this.service.fullText(request);
  }

  @MessagePattern(SearchPatterns.deleteSources)
  deleteSources(@Payload() request: DeleteSourcesRequest): Promise<DeleteSourcesResult> {
    return this.service.deleteSources(scopeOf(request), request.source_ids);
  }

  @MessagePattern(statsPattern('search'))
  counts(@Payload() request: CountsRequest): Promise<CountsReply> {
    return this.service.counts(request.tenant_id);
  }

  @EventPattern(TenantEvents.subTenantDeleted)
  subTenantDeleted(@Payload() event: SubTenantDeletedEvent): Promise<void> {
    return this.service.deleteSubTenant(scopeOf(event));
  }
}

/** A request whose chunks travelled packed (too large for a message), with its chunks unpacked. */
async function withChunks(stash: PayloadStash, request: IndexChunksRequest): Promise<IndexChunksRequest> {
  if (request.packed_chunks === undefined) return request;
  const bytes = await unpackBytes(stash, request.packed_chunks);
  return {
    ...request,
    chunks: JSON.parse(Buffer.from(bytes).toString('utf8')) as IndexChunksRequest['chunks'],
  };
}
