import { Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DomainError,
  ProcessingStatusReply,
  ProcessingStatusRequest,
  resolveSubTenantId,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { Authenticated } from '../auth/authenticated.decorator';
import { VerifyProcessingQueryDto, VerifyProcessingResponse } from './processing.dto';
import { PROCESSING_STATUS_SOURCES } from './status-sources';

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
    const answers = await Promise.allSettled(
      PROCESSING_STATUS_SOURCES.map((pattern) =>
        this.transport.send<ProcessingStatusReply>(pattern, request),
      ),
    );
    // In order: a source that failed before the first that knows the id could have known it too.
    for (const answer of answers) {
      if (answer.status === 'rejected') throw answer.reason;
      const status = answer.value.status;
      if (!status) continue;
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
    throw new DomainError(
      'FILE_NOT_FOUND',
      `No file, batch or memory "${query.file_id}" in this tenant and sub-tenant`,
    );
  }
}
