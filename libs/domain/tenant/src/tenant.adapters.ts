import { SqlDatabase } from '@trove/platform-database';
import { PgliteTenantStore } from './adapters/sql/pglite-tenant-store';
import { PostgresTenantStore } from './adapters/sql/postgres-tenant-store';
import { TenantStore } from './ports/tenant-store';
import { PgliteWebhookStore, PostgresWebhookStore } from './adapters/sql/sql-webhook-store';
import { WebhookStore } from './ports/webhook-store';

// The one place where the tenant port's adapter is picked. The factory only builds: TenantModule
// migrates the store at init and closes it at shutdown.

/** The adapter matching the database engine the app opened for its mode. */
export function openTenantStore(database: SqlDatabase): TenantStore {
  switch (database.kind) {
    case 'postgres':
      return new PostgresTenantStore(database);
    case 'pglite':
      return new PgliteTenantStore(database);
  }
}

/** The webhook store on the same engine (its tables come with the tenant schema's migrations). */
export function openWebhookStore(database: SqlDatabase): WebhookStore {
  switch (database.kind) {
    case 'postgres':
      return new PostgresWebhookStore(database);
    case 'pglite':
      return new PgliteWebhookStore(database);
  }
}
