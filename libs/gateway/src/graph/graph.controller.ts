import { Controller, Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DomainError,
  GraphPatterns,
  GraphRelationsRequest,
  ProcessingStatusReply,
  resolveSubTenantId,
  TripletWithEvidence,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { Authenticated } from '../auth/authenticated.decorator';
import { PROCESSING_STATUS_SOURCES } from '../processing/status-sources';
import { GraphRelationsQueryDto, SourceGraphRelationsResponse } from './graph.dto';

@ApiTags('graph')
@Controller()
export class GraphController {
  constructor(private readonly transport: TransportClient) {}

  /**
   * Every relation read from one source or memory (SPEC 4.1). The graph keeps no record of the
   * sources themselves, so whether the id exists is asked of the services that own ids (as
   * verify-processing does), at the same time as the relations: an id nobody knows is a 404, a
   * known one whose graph is empty (or still being made) answers `relations: []`.
   */
  @Get('list/graph-relations-by-id')
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({ summary: 'Entities and relations extracted from one source, with their evidence' })
  @ApiOkResponse({ type: SourceGraphRelationsResponse })
  @ApiNotFoundResponse({ description: 'SOURCE_NOT_FOUND: no source or memory with this id here' })
  async relations(@Query() query: GraphRelationsQueryDto): Promise<SourceGraphRelationsResponse> {
    const scope = {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
    };
    const [known, relations] = await Promise.all([
      this.isKnown(scope.tenant_id, scope.sub_tenant_id, query.source_id),
      this.transport.send<TripletWithEvidence[]>(GraphPatterns.relationsBySource, {
        ...scope,
        source_id: query.source_id,
      } satisfies GraphRelationsRequest),
    ]);
    if (!known) {
      throw new DomainError(
        'SOURCE_NOT_FOUND',
        `No source or memory "${query.source_id}" in this tenant and sub-tenant`,
      );
    }
    return { relations, success: true, message: 'Relations retrieved successfully' };
  }

  private async isKnown(tenantId: string, subTenantId: string, sourceId: string): Promise<boolean> {
    const replies = await Promise.all(
      PROCESSING_STATUS_SOURCES.map((pattern) =>
        this.transport.send<ProcessingStatusReply>(pattern, {
          tenant_id: tenantId,
          sub_tenant_id: subTenantId,
          file_id: sourceId,
        }),
      ),
    );
    return replies.some((reply) => reply.status !== null);
  }
}
