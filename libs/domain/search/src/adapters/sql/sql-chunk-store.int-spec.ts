import { PostgresDatabase } from '@trove/platform-database';
import { createScratchPostgresDatabase } from '@trove/testing';
import { describeChunkStore } from '../../ports/chunk-store.contract';
import { SqlChunkStore } from './sql-chunk-store';

// The same suite as on PGlite (sql-chunk-store.spec.ts), on a real server: each instance its own
// connection pool, as replicas of the search service have.
describeChunkStore('SqlChunkStore (PostgreSQL)', async () => {
  const scratch = await createScratchPostgresDatabase();
  const databases = [await PostgresDatabase.connect(scratch.url, { max: 4 })];
  return {
    store: new SqlChunkStore(databases[0]!),
    async another() {
      const db = await PostgresDatabase.connect(scratch.url, { max: 2 });
      databases.push(db);
      return new SqlChunkStore(db);
    },
    async dispose() {
      await Promise.all(databases.map((db) => db.close()));
      await scratch.drop();
    },
  };
});
