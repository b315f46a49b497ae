import { Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ProcessingStatusRequest, resolveSubTenantId } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { Authenticated } from '../auth/authenticated.decorator';
import { VerifyProcessingQueryDto, VerifyProcessingResponse } from './processing.dto';
import { lookUpStatus } from './status-sources';

@ApiTags('processing')
@Controller()
export class ProcessingController {
  constructor(private readonly transport: TransportClient) {}

  @Post('ingestion/verify-processing')
  @HttpCode(200)
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({ summary: 'Processing status of a file, web page, embeddings batch or memory' })
  @ApiOkResponse({ type: VerifyProcessingResponse })
  @ApiNotFoundResponse({
    description: 'FILE_NOT_FOUND: no service knows the id in this tenant and sub-tenant',
  })
  async verify(@Query() query: VerifyProcessingQueryDto): Promise<VerifyProcessingResponse> {
    const request: ProcessingStatusRequest = {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
      file_id: query.file_id,
    };
    const status = await lookUpStatus(this.transport, request);
    return {
      file_id: status.file_id,
      indexing_status: status.indexing_status,
      ...(status.error_code ? { error_code: status.error_code } : {}),
      ...(status.progress ? { progress: status.progress } : {}),
      success: true,
      message:
        status.indexing_status === 'errored'
          ? `Processing failed: ${status.error_message ?? status.error_code ?? 'unknown error'}`
          : 'Processing status retrieved successfully',
    };
  }
}
