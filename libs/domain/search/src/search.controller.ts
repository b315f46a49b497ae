import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  CountsReply,
  CountsRequest,
  DeleteSourcesRequest,
  DeleteSourcesResult,
  FullTextSearchRequest,
  HybridSearchRequest,
  IndexChunksRequest,
  IndexChunksResult,
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
  indexChunks(@Payload() request: IndexChunksRequest): Promise<IndexChunksResult> {
    return this.service.indexChunks(request);
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
