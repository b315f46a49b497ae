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
import { SearchService } from './search.service';
import { scopeOf } from './search.validation';

@Controller()
export class SearchController {
  constructor(private readonly service: SearchService) {}

  @MessagePattern(SearchPatterns.indexChunks)
  async indexChunks(@Payload() request: IndexChunksRequest): Promise<IndexChunksResult> {
    return this.service.indexChunks(request);
  }

  @MessagePattern(SearchPatterns.indexMany)
  async indexMany(@Payload() request: IndexManyRequest): Promise<BatchReply<IndexChunksResult>> {
    if (!Array.isArray(request?.requests)) {
      throw new DomainError('INVALID_PARAMETERS', 'requests must be an array of index requests');
    }
    return this.service.indexMany(request.requests);
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
