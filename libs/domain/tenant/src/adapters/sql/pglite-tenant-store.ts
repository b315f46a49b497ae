import { SqlDatabase } from '@trove/platform-database';
import { SqlTenantStore } from './sql-tenant-store';

/** TenantStore on the embedded PGlite database (standalone mode); all SQL lives in SqlTenantStore. */
export class PgliteTenantStore extends SqlTenantStore {
  constructor(database: SqlDatabase) {
    if (database.kind !== 'pglite') {
      throw new Error(`PgliteTenantStore needs a PGlite database, got '${database.kind}'`);
    }
    super(database);
  }
}
