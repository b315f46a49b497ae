import { SqlDatabase } from '@trove/platform-database';
import { PgliteTenantStore } from './adapters/sql/pglite-tenant-store';
import { PostgresTenantStore } from './adapters/sql/postgres-tenant-store';
import { TenantStore } from './ports/tenant-store';

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
