import { SqlDatabase } from '@trove/platform-database';
import { SqlTenantStore } from './sql-tenant-store';

/** TenantStore on a PostgreSQL server (distributed mode); all SQL lives in SqlTenantStore. */
export class PostgresTenantStore extends SqlTenantStore {
  constructor(database: SqlDatabase) {
    if (database.kind !== 'postgres') {
      throw new Error(`PostgresTenantStore needs a PostgreSQL database, got '${database.kind}'`);
    }
    super(database);
  }
}
