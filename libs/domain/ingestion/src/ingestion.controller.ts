import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  CountsReply,
  CountsRequest,
  DeleteIngestionSourcesRequest,
  DeleteIngestionSourcesResult,
  FetchContentRequest,
  FetchContentResult,
  IngestionPatterns,
  ListSourcesByIdRequest,
  ListSourcesByIdResult,
  ListSourcesRequest,
  ListSourcesResult,
  ProcessingStatusReply,
  ProcessingStatusRequest,
  SourceAccepted,
  statsPattern,
  SubTenantDeletedEvent,
  TenantEvents,
  UploadDocumentRequest,
  UpsertWebpageRequest,
} from '@trove/contracts';
import { IngestionService } from './ingestion.service';
import { SourceQueries } from './source-queries.service';

@Controller()
export class IngestionController {
  constructor(
    private readonly service: IngestionService,
    private readonly queries: SourceQueries,
  ) {}

  @MessagePattern(IngestionPatterns.uploadDocument)
  uploadDocument(@Payload() request: UploadDocumentRequest): Promise<SourceAccepted> {
    return this.service.uploadDocument(request);
  }

  @MessagePattern(IngestionPatterns.upsertWebpage)
  upsertWebpage(@Payload() request: UpsertWebpageRequest): Promise<SourceAccepted> {
    return this.service.upsertWebpage(request);
  }

  @MessagePattern(IngestionPatterns.listSourcesById)
  listSourcesById(@Payload() request: ListSourcesByIdRequest): Promise<ListSourcesByIdResult> {
    return this.queries.listById(request);
  }

  @MessagePattern(IngestionPatterns.listSources)
  listSources(@Payload() request: ListSourcesRequest): Promise<ListSourcesResult> {
    return this.queries.list(request);
  }

  @MessagePattern(IngestionPatterns.fetchContent)
  fetchContent(@Payload() request: FetchContentRequest): Promise<FetchContentResult> {
    return this.queries.fetchContent(request);
  }

  @MessagePattern(IngestionPatterns.deleteSources)
  deleteSources(@Payload() request: DeleteIngestionSourcesRequest): Promise<DeleteIngestionSourcesResult> {
    return this.service.deleteSources(request);
  }

  @MessagePattern(IngestionPatterns.processingStatus)
  processingStatus(@Payload() request: ProcessingStatusRequest): Promise<ProcessingStatusReply> {
    return this.service.processingStatus(request);
  }

  @MessagePattern(statsPattern('ingestion'))
  counts(@Payload() request: CountsRequest): Promise<CountsReply> {
    return this.service.counts(request.tenant_id);
  }

  @EventPattern(TenantEvents.subTenantDeleted)
  subTenantDeleted(@Payload() event: SubTenantDeletedEvent): Promise<void> {
    return this.service.deleteSubTenant(event.tenant_id, event.sub_tenant_id);
  }
}
