import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateTenantRequest,
  Principal,
  SubTenantDeleted,
  SubTenantList,
  SubTenantRef,
  TenantCreated,
  TenantPatterns,
  TenantRef,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { Authenticated, CurrentPrincipal } from '../auth/authenticated.decorator';
import { TenantStatsService } from './tenant-stats.service';
import {
  CreateTenantDto,
  DeleteSubTenantQueryDto,
  SubTenantDeletedResponse,
  SubTenantListResponse,
  TenantCreatedResponse,
  TenantQueryDto,
  TenantStatsResponse,
} from './tenants.dto';

@ApiTags('tenants')
@Controller()
export class TenantsController {
  constructor(
    private readonly transport: TransportClient,
    private readonly statsService: TenantStatsService,
  ) {}

  @Post('tenants/create')
  @HttpCode(200)
  @Authenticated({ scope: 'write', tenant: 'none' })
  @ApiOperation({ summary: 'Create a tenant owned by the calling key’s owner, with its default sub-tenant' })
  @ApiOkResponse({ type: TenantCreatedResponse })
  @ApiConflictResponse({ description: 'TENANT_ALREADY_EXISTS' })
  create(@Body() body: CreateTenantDto, @CurrentPrincipal() principal: Principal): Promise<TenantCreated> {
    return this.transport.send(TenantPatterns.createTenant, {
      principal,
      tenant_id: body.tenant_id,
    } satisfies CreateTenantRequest);
  }

  @Get('tenants/sub_tenant_ids')
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({ summary: 'List the sub-tenant ids of a tenant' })
  @ApiOkResponse({ type: SubTenantListResponse })
  subTenantIds(@Query() query: TenantQueryDto): Promise<SubTenantList> {
    return this.transport.send(TenantPatterns.listSubTenants, {
      tenant_id: query.tenant_id,
    } satisfies TenantRef);
  }

  @Get('tenants/stats')
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({
    summary: 'Counts of sources, chunks, memories, embeddings, entities and relations per sub-tenant',
  })
  @ApiOkResponse({ type: TenantStatsResponse })
  stats(@Query() query: TenantQueryDto): Promise<TenantStatsResponse> {
    return this.statsService.stats(query.tenant_id);
  }

  @Delete('tenant/delete_sub_tenant')
  @Authenticated({ scope: 'write', tenant: 'query' })
  @ApiOperation({
    summary: 'Delete a sub-tenant and, in every service, all of its data (400 for the default sub-tenant)',
  })
  @ApiOkResponse({ type: SubTenantDeletedResponse })
  deleteSubTenant(@Query() query: DeleteSubTenantQueryDto): Promise<SubTenantDeleted> {
    return this.transport.send(TenantPatterns.deleteSubTenant, {
      tenant_id: query.tenant_id,
      sub_tenant_id: query.sub_tenant_id,
    } satisfies SubTenantRef);
  }
}
