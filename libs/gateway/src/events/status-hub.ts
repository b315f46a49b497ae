import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DomainError, ItemEvents, ItemStatusChangedEvent } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';

/**
 * Open SSE streams per tenant, per gateway instance. A client that opens more gets 429; each
 * stream costs a socket and a heartbeat timer, and this keeps one tenant from holding them all.
 */
export const MAX_STREAMS_PER_TENANT = 20;

/** One open stream: what it wants to hear, and how to tell it. */
export interface StatusListener {
  tenant_id: string;
  /** Only this sub-tenant's changes; undefined: every sub-tenant of the tenant. */
  sub_tenant_id?: string;
  /** Only this item's changes. */
  file_id?: string;
  send(event: ItemStatusChangedEvent): void;
  /** Ends the stream (the gateway is stopping). */
  close(): void;
}

/**
 * The gateway's one listener on status events (TransportClient.listen: every gateway instance
 * hears every event), fanned out in memory to the SSE streams of the event's tenant only. It
 * starts listening with the first stream.
 */
@Injectable()
export class StatusEventHub implements OnApplicationShutdown {
  private readonly logger = new Logger('StatusEvents');
  private readonly byTenant = new Map<string, Set<StatusListener>>();
  private listening: Promise<() => void> | undefined;

  constructor(private readonly transport: TransportClient) {}

  /** Resolves once events are being received; SERVICE_UNAVAILABLE when the transport cannot listen. */
  async ready(): Promise<void> {
    this.listening ??= this.transport.listen(ItemEvents.statusChanged, (payload) =>
      this.dispatch(payload as ItemStatusChangedEvent),
    );
    try {
      await this.listening;
    } catch (error: unknown) {
      this.listening = undefined;
      const reason = error instanceof Error ? error.message : String(error);
      throw new DomainError('SERVICE_UNAVAILABLE', `Status events cannot be received now: ${reason}`);
    }
  }

  /** Adds a stream; RATE_LIMITED when its tenant has MAX_STREAMS_PER_TENANT open here. Returns its removal. */
  add(listener: StatusListener): () => void {
    let set = this.byTenant.get(listener.tenant_id);
    if (!set) this.byTenant.set(listener.tenant_id, (set = new Set()));
    if (set.size >= MAX_STREAMS_PER_TENANT) {
      throw new DomainError(
        'RATE_LIMITED',
        `At most ${MAX_STREAMS_PER_TENANT} event streams per tenant may be open at once; close one first`,
      );
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byTenant.get(listener.tenant_id) === set)
        this.byTenant.delete(listener.tenant_id);
    };
  }

  /** Open streams of a tenant (tests, metrics). */
  count(tenantId: string): number {
    return this.byTenant.get(tenantId)?.size ?? 0;
  }

  private dispatch(event: ItemStatusChangedEvent): void {
    if (!event || typeof event.tenant_id !== 'string') return;
    // Only the event's own tenant's streams are looked at: isolation by construction.
    for (const listener of this.byTenant.get(event.tenant_id) ?? []) {
      if (listener.sub_tenant_id !== undefined && listener.sub_tenant_id !== event.sub_tenant_id) continue;
      if (listener.file_id !== undefined && listener.file_id !== event.file_id) continue;
      try {
        listener.send(event);
      } catch (error: unknown) {
        this.logger.warn(`an event stream failed: ${error instanceof Error ? error.message : error}`);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const set of this.byTenant.values()) for (const listener of [...set]) listener.close();
    this.byTenant.clear();
    const stop = await this.listening?.catch(() => undefined);
    stop?.();
  }
}
