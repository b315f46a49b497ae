import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateWebhookRequest,
  TenantRef,
  WebhookCreated,
  WebhookDeleted,
  WebhookDeliveryList,
  WebhookList,
  WebhookPatterns,
  WebhookRef,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { Authenticated } from '../auth/authenticated.decorator';
import { TenantScopeDto } from '../http/tenant-scope.dto';
import {
  CreateWebhookDto,
  WebhookCreatedResponse,
  WebhookDeletedResponse,
  WebhookDeliveriesResponse,
  WebhookListResponse,
  WebhookRefQueryDto,
} from './webhooks.dto';

/** Tenants' webhooks (docs/events-webhooks.md); the tenant service owns and delivers them. */
@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly transport: TransportClient) {}

  @Post('create')
  @HttpCode(200)
  @Authenticated({ scope: 'write', tenant: 'body' })
  @ApiOperation({ summary: 'Registers a webhook; the answer carries its signing secret, shown once' })
  @ApiOkResponse({ type: WebhookCreatedResponse })
  create(@Body() body: CreateWebhookDto): Promise<WebhookCreated> {
    return this.transport.send<WebhookCreated>(WebhookPatterns.create, {
      tenant_id: body.tenant_id,
      url: body.url,
      events: body.events,
    } satisfies CreateWebhookRequest);
  }

  @Get('list')
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({ summary: "The tenant's webhooks, oldest first (never their secrets)" })
  @ApiOkResponse({ type: WebhookListResponse })
  list(@Query() query: TenantScopeDto): Promise<WebhookList> {
    return this.transport.send<WebhookList>(WebhookPatterns.list, {
      tenant_id: query.tenant_id,
    } satisfies TenantRef);
  }

  @Delete('delete')
  @Authenticated({ scope: 'write', tenant: 'query' })
  @ApiOperation({ summary: 'Deletes a webhook and its delivery log' })
  @ApiOkResponse({ type: WebhookDeletedResponse })
  async delete(@Query() query: WebhookRefQueryDto): Promise<WebhookDeletedResponse> {
    const deleted = await this.transport.send<WebhookDeleted>(WebhookPatterns.delete, ref(query));
    return { ...deleted, success: true };
  }

  @Get('deliveries')
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({ summary: "A webhook's latest delivery attempts, newest first" })
  @ApiOkResponse({ type: WebhookDeliveriesResponse })
  deliveries(@Query() query: WebhookRefQueryDto): Promise<WebhookDeliveryList> {
    return this.transport.send<WebhookDeliveryList>(WebhookPatterns.deliveries, ref(query));
  }
}

function ref(query: WebhookRefQueryDto): WebhookRef {
  return { tenant_id: query.tenant_id, webhook_id: query.webhook_id };
}
