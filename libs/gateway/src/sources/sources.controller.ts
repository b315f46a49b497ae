import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DeleteIngestionSourcesRequest,
  DeleteIngestionSourcesResult,
  IngestionPatterns,
  ListSourcesByIdRequest,
  ListSourcesByIdResult,
  ListSourcesRequest,
  ListSourcesResult,
  resolveSubTenantId,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { Authenticated } from '../auth/authenticated.decorator';
import { DeleteSourcesDto, ListSourcesByIdDto, ListSourcesQueryDto } from './sources.dto';
import { DeleteSourcesResponse, ListSourcesResponse } from './sources.responses';

export const DEFAULT_LIST_LIMIT = 20;

@ApiTags('sources')
@Controller()
export class SourcesController {
  constructor(private readonly transport: TransportClient) {}

  @Post('list/list-sources-by-id')
  @HttpCode(200)
  @Authenticated({ scope: 'read', tenant: 'body' })
  @ApiOperation({ summary: 'Source records by id, in the order asked; unknown ids are left out' })
  @ApiOkResponse({ type: ListSourcesResponse })
  async listById(@Body() body: ListSourcesByIdDto): Promise<ListSourcesResponse> {
    const result = await this.transport.send<ListSourcesByIdResult>(IngestionPatterns.listSourcesById, {
      tenant_id: body.tenant_id,
      sub_tenant_id: resolveSubTenantId(body.tenant_id, body.sub_tenant_id),
      source_ids: body.source_ids,
    } satisfies ListSourcesByIdRequest);
    return {
      success: true,
      message: 'Sources retrieved successfully',
      total: result.total,
      sources: result.sources,
    };
  }

  @Get('list/list-sources')
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({ summary: 'Source records of a sub-tenant, newest first, a page at a time (cursor)' })
  @ApiOkResponse({ type: ListSourcesResponse })
  async list(@Query() query: ListSourcesQueryDto): Promise<ListSourcesResponse> {
    const result = await this.transport.send<ListSourcesResult>(IngestionPatterns.listSources, {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
      cursor: query.cursor,
    } satisfies ListSourcesRequest);
    return {
      success: true,
      message: 'Sources retrieved successfully',
      total: result.total,
      sources: result.sources,
      ...(result.next_cursor === undefined ? {} : { next_cursor: result.next_cursor }),
    };
  }

  @Post('delete/delete-sources')
  @HttpCode(200)
  @Authenticated({ scope: 'write', tenant: 'body' })
  @ApiOperation({
    summary: 'Delete sources from every store: content, record, jobs, chunks in every index',
  })
  @ApiOkResponse({ type: DeleteSourcesResponse })
  async delete(@Body() body: DeleteSourcesDto): Promise<DeleteSourcesResponse> {
    const result = await this.transport.send<DeleteIngestionSourcesResult>(IngestionPatterns.deleteSources, {
      tenant_id: body.tenant_id,
      sub_tenant_id: resolveSubTenantId(body.tenant_id, body.sub_tenant_id),
      source_ids: body.source_ids,
    } satisfies DeleteIngestionSourcesRequest);
    const asked = body.source_ids.length;
    return {
      success: true,
      message:
        result.deleted_count === asked
          ? `Deleted ${asked} source${asked === 1 ? '' : 's'}`
          : `Deleted ${result.deleted_count} of ${asked} sources; see results for the others`,
      deleted_count: result.deleted_count,
      results: result.results,
    };
  }
}
