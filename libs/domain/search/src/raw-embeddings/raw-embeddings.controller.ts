import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  CountsReply,
  CountsRequest,
  DeleteRawEmbeddingsRequest,
  DeleteRawEmbeddingsResult,
  ProcessingStatusReply,
  ProcessingStatusRequest,
  RawEmbeddingsPatterns,
  SearchRawEmbeddingsRequest,
  SearchRawEmbeddingsResult,
  SubTenantDeletedEvent,
  TenantEvents,
  UpdateRawEmbeddingsRequest,
  UpdateRawEmbeddingsResult,
  UploadRawEmbeddingsRequest,
  UploadRawEmbeddingsResult,
} from '@trove/contracts';
import { RawEmbeddingsService } from './raw-embeddings.service';
import { scopeOf } from './raw-embeddings.support';

@Controller()
export class RawEmbeddingsController {
  constructor(private readonly service: RawEmbeddingsService) {}

  @MessagePattern(RawEmbeddingsPatterns.upload)
  upload(@Payload() request: UploadRawEmbeddingsRequest): Promise<UploadRawEmbeddingsResult> {
    return this.service.upload(request);
  }

  @MessagePattern(RawEmbeddingsPatterns.update)
  update(@Payload() request: UpdateRawEmbeddingsRequest): Promise<UpdateRawEmbeddingsResult> {
    return this.service.update(request);
  }

  @MessagePattern(RawEmbeddingsPatterns.delete)
  delete(@Payload() request: DeleteRawEmbeddingsRequest): Promise<DeleteRawEmbeddingsResult> {
    return this.service.delete(request);
  }

  @MessagePattern(RawEmbeddingsPatterns.search)
  search(@Payload() request: SearchRawEmbeddingsRequest): Promise<SearchRawEmbeddingsResult> {
    return this.service.search(request);
  }

  @MessagePattern(RawEmbeddingsPatterns.status)
  status(@Payload() request: ProcessingStatusRequest): Promise<ProcessingStatusReply> {
    return this.service.status(request);
  }

  @MessagePattern(RawEmbeddingsPatterns.counts)
  counts(@Payload() request: CountsRequest): Promise<CountsReply> {
    return this.service.counts(request.tenant_id);
  }

  @EventPattern(TenantEvents.subTenantDeleted)
  subTenantDeleted(@Payload() event: SubTenantDeletedEvent): Promise<void> {
    return this.service.deleteSubTenant(scopeOf(event));
  }
}
