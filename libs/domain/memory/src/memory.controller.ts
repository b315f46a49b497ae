import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  AddMemoryRequest,
  AddMemoryResult,
  CountsReply,
  CountsRequest,
  DeleteMemoryRequest,
  DeleteMemoryResult,
  GenerateMemoryRequest,
  GenerateMemoryResult,
  MemoryPatterns,
  ProcessingStatusReply,
  ProcessingStatusRequest,
  RetrieveMemoryRequest,
  RetrieveMemoryResult,
  statsPattern,
  SubTenantDeletedEvent,
  TenantEvents,
} from '@trove/contracts';
import { MemoryService } from './memory.service';

@Controller()
export class MemoryController {
  constructor(private readonly service: MemoryService) {}

  @MessagePattern(MemoryPatterns.add)
  add(@Payload() request: AddMemoryRequest): Promise<AddMemoryResult> {
    return this.service.add(request);
  }

  @MessagePattern(MemoryPatterns.generate)
  generate(@Payload() request: GenerateMemoryRequest): Promise<GenerateMemoryResult> {
    return this.service.generate(request);
  }

  @MessagePattern(MemoryPatterns.retrieve)
  retrieve(@Payload() request: RetrieveMemoryRequest): Promise<RetrieveMemoryResult> {
    return this.service.retrieve(request);
  }

  @MessagePattern(MemoryPatterns.delete)
  delete(@Payload() request: DeleteMemoryRequest): Promise<DeleteMemoryResult> {
    return this.service.delete(request);
  }

  @MessagePattern(MemoryPatterns.status)
  status(@Payload() request: ProcessingStatusRequest): Promise<ProcessingStatusReply> {
    return this.service.status(request);
  }

  @MessagePattern(statsPattern('memory'))
  counts(@Payload() request: CountsRequest): Promise<CountsReply> {
    return this.service.counts(request.tenant_id);
  }

  @EventPattern(TenantEvents.subTenantDeleted)
  subTenantDeleted(@Payload() event: SubTenantDeletedEvent): Promise<void> {
    return this.service.deleteSubTenant(event.tenant_id, event.sub_tenant_id);
  }
}
