/** Events a webhook may subscribe to (docs/events-webhooks.md). */
export const WebhookEventTypes = ['status.changed', 'status.completed', 'status.errored'] as const;
export type WebhookEventType = (typeof WebhookEventTypes)[number];

/** Message patterns of webhooks, answered by the tenant service. */
export const WebhookPatterns = {
  create: 'tenant.webhook.create',
  list: 'tenant.webhook.list',
  delete: 'tenant.webhook.delete',
  deliveries: 'tenant.webhook.deliveries',
} as const;

export interface CreateWebhookRequest {
  tenant_id: string;
  url: string;
  events: WebhookEventType[];
}

/** The secret is shown once, here; list never returns it. */
export interface WebhookCreated {
  webhook_id: string;
  secret: string;
}

export interface WebhookView {
  webhook_id: string;
  tenant_id: string;
  url: string;
  events: WebhookEventType[];
  created_at: string;
}

export interface WebhookList {
  webhooks: WebhookView[];
}

export interface WebhookRef {
  tenant_id: string;
  webhook_id: string;
}

export interface WebhookDeleted {
  webhook_id: string;
  deleted: boolean;
}

/** One attempt at delivering one event to one webhook. */
export interface WebhookDeliveryView {
  delivery_id: string;
  event: WebhookEventType;
  /** 1 for the first try. */
  attempt: number;
  /** The receiver's HTTP status; absent when no answer came (refused address, timeout, network). */
  status_code?: number;
  success: boolean;
  error?: string;
  /** How long the attempt took, in ms. */
  duration_ms: number;
  at: string;
}

export interface WebhookDeliveryList {
  deliveries: WebhookDeliveryView[];
}
