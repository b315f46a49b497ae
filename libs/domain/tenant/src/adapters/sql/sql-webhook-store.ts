import { WebhookDeliveryView, WebhookEventType } from '@trove/contracts';
import { SqlDatabase, sqlState } from '@trove/platform-database';
import { DeliveryAttempt, WebhookRecord, WebhookStore } from '../../ports/webhook-store';

interface WebhookRow {
  webhook_id: string;
  tenant_id: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  created_at: Date;
}

interface DeliveryRow {
  delivery_id: string;
  event: WebhookEventType;
  attempt: number;
  status_code: number | null;
  success: boolean;
  error: string | null;
  duration_ms: number;
  at: Date;
}

const COLUMNS = 'webhook_id, tenant_id, url, events, secret, created_at';

/**
 * The webhook store in SQL that runs unchanged on PostgreSQL and PGlite (same reasons as
 * SqlTenantStore); its tables come with the tenant schema's migrations (version 2).
 */
export abstract class SqlWebhookStore extends WebhookStore {
  protected constructor(protected readonly db: SqlDatabase) {
    super();
  }

  async create(webhook: WebhookRecord, max: number): Promise<boolean> {
    // One statement: the count and the insert cannot be split by a concurrent create.
    const rows = await this.db.query<{ webhook_id: string }>(
      `INSERT INTO tenant.webhooks (${COLUMNS})
       SELECT $1::text, $2::text, $3::text, $4::text[], $5::text, $6::timestamptz
       WHERE (SELECT count(*) FROM tenant.webhooks WHERE tenant_id = $2::text) < $7::int
       RETURNING webhook_id`,
      [
        webhook.webhook_id,
        webhook.tenant_id,
        webhook.url,
        webhook.events,
        webhook.secret,
        webhook.created_at,
        max,
      ],
    );
    return rows.length === 1;
  }

  async list(tenantId: string): Promise<WebhookRecord[]> {
    return this.db.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM tenant.webhooks WHERE tenant_id = $1 ORDER BY created_at, created_seq`,
      [tenantId],
    );
  }

  async get(tenantId: string, webhookId: string): Promise<WebhookRecord | null> {
    const rows = await this.db.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM tenant.webhooks WHERE tenant_id = $1 AND webhook_id = $2`,
      [tenantId, webhookId],
    );
    return rows[0] ?? null;
  }

  async delete(tenantId: string, webhookId: string): Promise<boolean> {
    const rows = await this.db.query(
      'DELETE FROM tenant.webhooks WHERE tenant_id = $1 AND webhook_id = $2 RETURNING webhook_id',
      [tenantId, webhookId],
    );
    return rows.length === 1;
  }

  async recordAttempt(attempt: DeliveryAttempt, keep: number): Promise<boolean> {
    try {
      await this.db.query(
        `INSERT INTO tenant.webhook_deliveries
           (webhook_id, delivery_id, event, attempt, status_code, success, error, duration_ms, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          attempt.webhook_id,
          attempt.delivery_id,
          attempt.event,
          attempt.attempt,
          attempt.status_code ?? null,
          attempt.success,
          attempt.error ?? null,
          Math.round(attempt.duration_ms),
          attempt.at,
        ],
      );
    } catch (error: unknown) {
      if (sqlState(error) === '23503') return false; // the webhook was deleted meanwhile
      throw error;
    }
    await this.db.query(
      `DELETE FROM tenant.webhook_deliveries WHERE webhook_id = $1 AND seq <= (
         SELECT seq FROM tenant.webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)`,
      [attempt.webhook_id, keep],
    );
    return true;
  }

  async deliveries(webhookId: string): Promise<WebhookDeliveryView[]> {
    const rows = await this.db.query<DeliveryRow>(
      `SELECT delivery_id, event, attempt, status_code, success, error, duration_ms, at
       FROM tenant.webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC`,
      [webhookId],
    );
    return rows.map((row) => ({
      delivery_id: row.delivery_id,
      event: row.event,
      attempt: row.attempt,
      ...(row.status_code !== null ? { status_code: row.status_code } : {}),
      success: row.success,
      ...(row.error !== null ? { error: row.error } : {}),
      duration_ms: row.duration_ms,
      at: row.at.toISOString(),
    }));
  }
}

/** WebhookStore on the embedded PGlite database (standalone mode). */
export class PgliteWebhookStore extends SqlWebhookStore {
  constructor(database: SqlDatabase) {
    if (database.kind !== 'pglite') {
      throw new Error(`PgliteWebhookStore needs a PGlite database, got '${database.kind}'`);
    }
    super(database);
  }
}

/** WebhookStore on a PostgreSQL server (distributed mode). */
export class PostgresWebhookStore extends SqlWebhookStore {
  constructor(database: SqlDatabase) {
    if (database.kind !== 'postgres') {
      throw new Error(`PostgresWebhookStore needs a PostgreSQL database, got '${database.kind}'`);
    }
    super(database);
  }
}
