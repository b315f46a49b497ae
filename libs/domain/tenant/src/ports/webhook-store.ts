import { WebhookDeliveryView, WebhookEventType } from '@trove/contracts';

/** A webhook as stored, its secret included (it signs every delivery). */
export interface WebhookRecord {
  webhook_id: string;
  tenant_id: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  created_at: Date;
}

/** One delivery attempt to log: what the deliveries route shows, for one webhook, timed as a Date. */
export interface DeliveryAttempt extends Omit<WebhookDeliveryView, 'at'> {
  webhook_id: string;
  at: Date;
}

/** The tenants' webhooks and the log of their latest delivery attempts. */
export abstract class WebhookStore {
  /** Stores a new webhook unless the tenant has `max` already; false when it has. */
  abstract create(webhook: WebhookRecord, max: number): Promise<boolean>;
  /** The tenant's webhooks, oldest first. */
  abstract list(tenantId: string): Promise<WebhookRecord[]>;
  abstract get(tenantId: string, webhookId: string): Promise<WebhookRecord | null>;
  /** Deletes the webhook and its log; false when the tenant has no such webhook. */
  abstract delete(tenantId: string, webhookId: string): Promise<boolean>;
  /** Logs an attempt and keeps only the newest `keep` of the webhook; false when the webhook is gone. */
  abstract recordAttempt(attempt: DeliveryAttempt, keep: number): Promise<boolean>;
  /** The webhook's logged attempts, newest first. */
  abstract deliveries(webhookId: string): Promise<WebhookDeliveryView[]>;
}
