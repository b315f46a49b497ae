import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { ItemStatusChangedEvent, WebhookEventType } from '@trove/contracts';
import retry from 'async-retry';
import { WebhookRecord, WebhookStore } from '../ports/webhook-store';
import { DELIVERY_HEADER, SIGNATURE_HEADER, signWebhook } from './webhook-signature';
import { SendOutcome } from './webhook-sender';

/** Sends one signed POST (WebhookSender, or a stand-in in tests). */
export interface WebhookPoster {
  post(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome>;
}

export interface DeliveryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts kept in each webhook's log. */
  logSize: number;
  /** Deliveries in flight at once; the rest wait in memory. */
  concurrency: number;
}

/**
 * The delay before attempt `attempt + 1` (attempt counted from 1): base × 2^(attempt − 1), at
 * most max. The same schedule async-retry runs with `factor: 2, randomize: false`.
 */
export function webhookRetryDelay(
  policy: Pick<DeliveryPolicy, 'retryBaseMs' | 'retryMaxMs'>,
  attempt: number,
): number {
  return Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, attempt - 1));
}

/** The event type a status change is delivered as to a webhook, or undefined when it asked for none. */
export function webhookEventFor(
  status: ItemStatusChangedEvent['status'],
  subscribed: readonly WebhookEventType[],
): WebhookEventType | undefined {
  const specific: WebhookEventType | undefined =
    status === 'completed' ? 'status.completed' : status === 'errored' ? 'status.errored' : undefined;
  if (specific && subscribed.includes(specific)) return specific;
  return subscribed.includes('status.changed') ? 'status.changed' : undefined;
}

/** The body of a delivery (docs/events-webhooks.md). */
export interface WebhookBody {
  /** Stable across redeliveries of the same status change: receivers dedupe on it. */
  event_id: string;
  type: WebhookEventType;
  webhook_id: string;
  data: ItemStatusChangedEvent;
}

function digest(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

/**
 * Delivers status events to webhooks: one signed POST per webhook, retried with exponential
 * backoff (async-retry) until the receiver answers 2xx or `maxAttempts` ran out; each attempt is
 * logged. Deliveries run in the background, at most `concurrency` at once, so the event consumer
 * is never held up by a slow receiver. Retries in progress live in memory: a process that stops
 * drops them (the event itself was already acknowledged); docs/events-webhooks.md says so.
 */
export class WebhookDeliverer {
  private readonly logger = new Logger('Webhooks');
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private stopped = false;
  private readonly idlers: (() => void)[] = [];

  constructor(
    private readonly store: WebhookStore,
    private readonly poster: WebhookPoster,
    private readonly policy: DeliveryPolicy,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Schedules the deliveries of one event to the webhooks that asked for it; does not wait for them. */
  enqueue(event: ItemStatusChangedEvent, webhooks: readonly WebhookRecord[]): number {
    const eventId = digest(event.tenant_id, event.sub_tenant_id, event.file_id, event.status, event.at);
    let count = 0;
    for (const webhook of webhooks) {
      if (webhook.tenant_id !== event.tenant_id) continue; // never another tenant's
      const type = webhookEventFor(event.status, webhook.events);
      if (!type) continue;
      const body: WebhookBody = { event_id: eventId, type, webhook_id: webhook.webhook_id, data: event };
      const deliveryId = digest(eventId, webhook.webhook_id);
      this.schedule(async () => {
        await this.deliver(webhook, type, deliveryId, JSON.stringify(body));
      });
      count++;
    }
    return count;
  }

  /** Resolves when no delivery is running or waiting (tests). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  /** Takes no more deliveries; those in progress end after their current attempt. */
  stop(): void {
    this.stopped = true;
    this.waiting.length = 0;
  }

  private schedule(job: () => Promise<void>): void {
    if (this.stopped) return;
    this.waiting.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.running < this.policy.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      job()
        .catch((error: unknown) => this.logger.warn(`webhook delivery failed: ${String(error)}`))
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0)
            for (const resolve of this.idlers.splice(0)) resolve();
        });
    }
  }

  /** One delivery: attempts until a 2xx, a refusal, a deleted webhook, or the last attempt. */
  async deliver(
    webhook: WebhookRecord,
    type: WebhookEventType,
    deliveryId: string,
    body: string,
  ): Promise<boolean> {
    const { maxAttempts, retryBaseMs, retryMaxMs } = this.policy;
    let delivered = false;
    await retry(
      async (bail, attempt) => {
        const started = Date.now();
        const sentAt = this.clock();
        const outcome = await this.poster.post(webhook.url, body, {
          [SIGNATURE_HEADER]: signWebhook(webhook.secret, body, sentAt.getTime() / 1000),
          [DELIVERY_HEADER]: deliveryId,
        });
        const success = 'status_code' in outcome && outcome.status_code >= 200 && outcome.status_code < 300;
        const logged = await this.store.recordAttempt(
          {
            webhook_id: webhook.webhook_id,
            delivery_id: deliveryId,
            event: type,
            attempt,
            ...('status_code' in outcome ? { status_code: outcome.status_code } : {}),
            success,
            ...('error' in outcome ? { error: outcome.error.slice(0, 500) } : {}),
            duration_ms: Date.now() - started,
            at: sentAt,
          },
          this.policy.logSize,
        );
        if (success) {
          delivered = true;
          return;
        }
        const why = 'status_code' in outcome ? `HTTP ${outcome.status_code}` : outcome.error;
        // Deleted meanwhile, refused by the SSRF rule, or stopping: trying again cannot help.
        if (!logged || ('refused' in outcome && outcome.refused) || this.stopped) {
          bail(new Error(why));
          return;
        }
        throw new Error(why);
      },
      {
        retries: maxAttempts - 1,
        factor: 2,
        minTimeout: retryBaseMs,
        maxTimeout: retryMaxMs,
        randomize: false,
      },
    ).catch((error: unknown) => {
      this.logger.warn(
        `webhook ${webhook.webhook_id} of tenant ${webhook.tenant_id}: delivery ${deliveryId} given up: ${String(error)}`,
      );
    });
    return delivered;
  }
}
