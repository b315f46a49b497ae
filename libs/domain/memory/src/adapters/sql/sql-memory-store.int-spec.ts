import { PostgresDatabase } from '@trove/platform-database';
import { createScratchPostgresDatabase } from '@trove/testing';
import { describeMemoryStore } from '../../ports/memory-store.contract';
import { SqlMemoryStore } from './sql-memory-store';

describeMemoryStore('SqlMemoryStore on PostgreSQL', async () => {
  const scratch = await createScratchPostgresDatabase();
  const db = await PostgresDatabase.connect(scratch.url, { max: 4 });
  const store = new SqlMemoryStore(db);
  await store.migrate();
  return {
    store,
    async dispose() {
      await db.close();
      await scratch.drop();
    },
  };
});
