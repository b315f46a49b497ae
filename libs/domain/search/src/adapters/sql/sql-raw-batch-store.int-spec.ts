import { PostgresDatabase } from '@trove/platform-database';
import { createScratchPostgresDatabase } from '@trove/testing';
import { describeRawBatchStore } from '../../ports/raw-batch-store.contract';
import { SqlRawBatchStore } from './sql-raw-batch-store';

// The same suite as on PGlite (sql-raw-batch-store.spec.ts), on a real server: each instance its
// own connection pool, so concurrent claims really race, as between replicas.
describeRawBatchStore('SqlRawBatchStore (PostgreSQL)', async () => {
  const scratch = await createScratchPostgresDatabase();
  const databases = [await PostgresDatabase.connect(scratch.url, { max: 4 })];
  return {
    store: new SqlRawBatchStore(databases[0]!),
    async another() {
      const db = await PostgresDatabase.connect(scratch.url, { max: 2 });
      databases.push(db);
      return new SqlRawBatchStore(db);
    },
    async dispose() {
      await Promise.all(databases.map((db) => db.close()));
      await scratch.drop();
    },
  };
});
