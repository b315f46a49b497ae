import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ItemStatusChangedEvent, ProcessingStatusRequest, resolveSubTenantId } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../auth/authenticated.decorator';
import { lookUpStatus } from '../processing/status-sources';
import { StatusEventsQueryDto } from './events.dto';
import { MAX_STREAMS_PER_TENANT, StatusEventHub } from './status-hub';

/** A comment line every 15 s keeps proxies and clients from timing the stream out. */
export const HEARTBEAT_MS = 15_000;

const TERMINAL = new Set(['completed', 'errored']);

/** Server-sent events of processing status changes (docs/events-webhooks.md). */
@ApiTags('processing')
@Controller()
export class EventsController {
  constructor(
    private readonly hub: StatusEventHub,
    private readonly transport: TransportClient,
  ) {}

  @Get('ingestion/events')
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({
    summary: `Status changes as server-sent events (at most ${MAX_STREAMS_PER_TENANT} streams per tenant per gateway)`,
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'event: status, data: {tenant_id, sub_tenant_id, file_id, status, error?, at}',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  async stream(@Query() query: StatusEventsQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await this.hub.ready();
    const fileId = query.file_id;
    // With one item, its sub-tenant is resolved as verify-processing does; without, an omitted
    // sub-tenant means every sub-tenant of the tenant.
    const subTenantId =
      fileId !== undefined || (query.sub_tenant_id ?? '') !== ''
        ? resolveSubTenantId(query.tenant_id, query.sub_tenant_id)
        : undefined;
    // Events that arrive before the headers are written wait here, so none is lost between the
    // subscription and the current status.
    const pending: ItemStatusChangedEvent[] = [];
    const sink: { write?: (event: ItemStatusChangedEvent) => void; end?: () => void } = {};
    const remove = this.hub.add({
      tenant_id: query.tenant_id,
      ...(subTenantId !== undefined ? { sub_tenant_id: subTenantId } : {}),
      ...(fileId !== undefined ? { file_id: fileId } : {}),
      send: (event) => (sink.write ? sink.write(event) : pending.push(event)),
      close: () => sink.end?.(),
    });
    let current: ItemStatusChangedEvent | undefined;
    try {
      if (fileId !== undefined) current = await this.currentStatus(query.tenant_id, subTenantId!, fileId);
    } catch (error: unknown) {
      remove();
      throw error;
    }

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let open = true;
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const end = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      remove();
      raw.end();
    };
    raw.on('close', end);
    const write = (event: ItemStatusChangedEvent) => {
      if (!open) return;
      raw.write(`event: status\ndata: ${JSON.stringify(event)}\n\n`);
      if (fileId !== undefined && TERMINAL.has(event.status)) end();
    };
    sink.end = end;
    sink.write = write;
    if (current) write(current);
    for (const event of pending.splice(0)) write(event);
  }

  /** The item's status now, as an event; 404 FILE_NOT_FOUND when no service knows it. */
  private async currentStatus(
    tenantId: string,
    subTenantId: string,
    fileId: string,
  ): Promise<ItemStatusChangedEvent> {
    const request: ProcessingStatusRequest = {
      tenant_id: tenantId,
      sub_tenant_id: subTenantId,
      file_id: fileId,
    };
    const status = await lookUpStatus(this.transport, request);
    return {
      tenant_id: tenantId,
      sub_tenant_id: subTenantId,
      file_id: fileId,
      status: status.indexing_status,
      ...(status.indexing_status === 'errored'
        ? { error: { code: status.error_code ?? 'PROCESSING_FAILED', message: status.error_message ?? '' } }
        : {}),
      at: new Date().toISOString(),
    };
  }
}
