import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  CountsReply,
  CountsRequest,
  GraphContextRequest,
  GraphDeleteSourcesRequest,
  GraphDeleteSourcesResult,
  GraphExtractRequest,
  GraphExtractResult,
  GraphPatterns,
  GraphRelationsRequest,
  RankedGraphContext,
  statsPattern,
  SubTenantDeletedEvent,
  TenantEvents,
  TripletWithEvidence,
} from '@trove/contracts';
import { GraphService } from './graph.service';

@Controller()
export class GraphController {
  constructor(private readonly service: GraphService) {}

  @MessagePattern(GraphPatterns.extract)
  extract(@Payload() request: GraphExtractRequest): Promise<GraphExtractResult> {
    return this.service.extract(request);
  }

  @MessagePattern(GraphPatterns.relationsBySource)
  relations(@Payload() request: GraphRelationsRequest): Promise<TripletWithEvidence[]> {
    return this.service.relationsBySource(request);
  }

  @MessagePattern(GraphPatterns.deleteSources)
  deleteSources(@Payload() request: GraphDeleteSourcesRequest): Promise<GraphDeleteSourcesResult> {
    return this.service.deleteSources(request);
  }

  @MessagePattern(GraphPatterns.context)
  context(@Payload() request: GraphContextRequest): Promise<RankedGraphContext> {
    return this.service.graphContext(request);
  }

  @MessagePattern(statsPattern('graph'))
  counts(@Payload() request: CountsRequest): Promise<CountsReply> {
    return this.service.counts(request.tenant_id);
  }

  @EventPattern(TenantEvents.subTenantDeleted)
  subTenantDeleted(@Payload() event: SubTenantDeletedEvent): Promise<void> {
    return this.service.deleteSubTenant(event.tenant_id, event.sub_tenant_id);
  }
}
