import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import {
  CreateWebhookRequest,
  DomainError,
  isValidId,
  ID_RULE,
  ItemStatusChangedEvent,
  WebhookCreated,
  WebhookDeleted,
  WebhookDeliveryList,
  WebhookEventTypes,
  WebhookList,
  WebhookRef,
  WebhookView,
} from '@trove/contracts';
import { AddressGuard } from '@trove/platform-http';
import { WebhookRecord, WebhookStore } from '../ports/webhook-store';
import { WebhookDeliverer } from './webhook-deliverer';
import { checkWebhookUrl, refused, WebhookUrlRefused } from './webhook-sender';
import { generateWebhookSecret } from './webhook-signature';

export const WEBHOOK_LIMITS = Symbol('WEBHOOK_LIMITS');

export interface WebhookLimits {
  maxPerTenant: number;
}

const MAX_URL_LENGTH = 2048;

/** Webhooks of tenants: their records, and the deliveries of status events to them. */
@Injectable()
export class WebhookService implements OnApplicationShutdown {
  /** Each tenant's webhook read that the status events of the current turn wait for. */
  private readonly reads = new Map<string, Promise<WebhookRecord[]>>();

  constructor(
    private readonly store: WebhookStore,
    private readonly deliverer: WebhookDeliverer,
    private readonly guard: AddressGuard,
    @Inject(WEBHOOK_LIMITS) private readonly limits: WebhookLimits,
  ) {}

  async create(request: CreateWebhookRequest): Promise<WebhookCreated> {
    const tenantId = tenantOf(request);
    const url = typeof request.url === 'string' ? request.url : '';
    const events = Array.isArray(request.events) ? [...new Set(request.events)] : [];
    if (!url || url.length > MAX_URL_LENGTH)
      invalid('url', `url must be an http(s) URL of at most ${MAX_URL_LENGTH} characters`);
    if (events.length === 0 || !events.every((e) => (WebhookEventTypes as readonly string[]).includes(e))) {
      invalid('events', `events must be a non-empty list of: ${WebhookEventTypes.join(', ')}`);
    }
    await this.checkReachable(url);
    const record: WebhookRecord = {
      webhook_id: `wh_${randomUUID().replace(/-/g, '')}`,
      tenant_id: tenantId,
      url,
      events,
      secret: generateWebhookSecret(),
      created_at: new Date(),
    };
    if (!(await this.store.create(record, this.limits.maxPerTenant))) {
      throw new DomainError(
        'VALIDATION_ERROR',
        `A tenant may have at most ${this.limits.maxPerTenant} webhooks; delete one first`,
      );
    }
    return { webhook_id: record.webhook_id, secret: record.secret };
  }

  async list(request: { tenant_id: string }): Promise<WebhookList> {
    const webhooks = await this.store.list(tenantOf(request));
    return { webhooks: webhooks.map(view) };
  }

  async delete(request: WebhookRef): Promise<WebhookDeleted> {
    const tenantId = tenantOf(request);
    const webhookId = webhookIdOf(request);
    if (!(await this.store.delete(tenantId, webhookId))) throw notFound(webhookId);
    return { webhook_id: webhookId, deleted: true };
  }

  async deliveries(request: WebhookRef): Promise<WebhookDeliveryList> {
    const tenantId = tenantOf(request);
    const webhookId = webhookIdOf(request);
    if (!(await this.store.get(tenantId, webhookId))) throw notFound(webhookId);
    return { deliveries: await this.store.deliveries(webhookId) };
  }

  /**
   * A status change: schedules its deliveries and returns. A store that cannot be read throws,
   * so the event comes again (at least once); the deliveries themselves run in the background.
   */
  async onStatusChanged(event: ItemStatusChangedEvent): Promise<void> {
    if (!event || typeof event.tenant_id !== 'string' || typeof event.status !== 'string') return;
    const webhooks = await this.webhooksOf(event.tenant_id);
    if (webhooks.length > 0) this.deliverer.enqueue(event, webhooks);
  }

  onApplicationShutdown(): void {
    this.deliverer.stop();
  }

  /**
   * The tenant's webhooks, read once for all of its status events that arrive in one turn of the
   * event loop (a batch of memory adds emits one per memory; a read per event was two statements
   * for each memory added and about four for each document). The read starts on the
   * next turn, after every event that shares it has arrived, so none misses a webhook created
   * before it; an event that arrives once the read has started waits for a read of its own.
   */
  private webhooksOf(tenantId: string): Promise<WebhookRecord[]> {
    let read = this.reads.get(tenantId);
    if (!read) {
      read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.reads.delete(tenantId);
        return this.store.list(tenantId);
      });
      this.reads.set(tenantId, read);
    }
    return read;
  }

  /** The SSRF rule at creation: the URL's host, or every address its name resolves to, must be allowed. */
  private async checkReachable(url: string): Promise<void> {
    try {
      const parsed = checkWebhookUrl(url, this.guard);
      const host = parsed.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host)) return;
      let addresses: { address: string }[];
      try {
        addresses = await lookup(host, { all: true });
      } catch {
        throw new WebhookUrlRefused(`The webhook host ${host} does not resolve`);
      }
      const bad = addresses.find((a) => !this.guard.allows(a.address));
      if (bad) throw refused(`${host} (${bad.address})`);
    } catch (error: unknown) {
      if (error instanceof WebhookUrlRefused) invalid('url', error.message);
      throw error;
    }
  }
}

function view(record: WebhookRecord): WebhookView {
  return {
    webhook_id: record.webhook_id,
    tenant_id: record.tenant_id,
    url: record.url,
    events: record.events,
    created_at: record.created_at.toISOString(),
  };
}

function tenantOf(request: { tenant_id?: unknown } | null | undefined): string {
  const tenantId = request?.tenant_id;
  if (!isValidId(tenantId)) invalid('tenant_id', `tenant_id must be ${ID_RULE}`);
  return tenantId as string;
}

function webhookIdOf(request: { webhook_id?: unknown }): string {
  const id = request.webhook_id;
  if (typeof id !== 'string' || !/^wh_[0-9a-f]{32}$/.test(id))
    invalid('webhook_id', 'webhook_id must be an id given by create');
  return id as string;
}

function notFound(webhookId: string): DomainError {
  return new DomainError('NOT_FOUND', `No webhook ${webhookId} in this tenant`);
}

function invalid(field: string, message: string): never {
  throw new DomainError('VALIDATION_ERROR', message, { errors: [{ field, message }] });
}
