import { PostgresDatabase } from '@trove/platform-database';
import { createScratchPostgresDatabase } from '@trove/testing';
import { describeGraphStore } from '../../ports/graph-store.contract';
import { SqlGraphStore } from './sql-graph-store';

describeGraphStore('SqlGraphStore on PostgreSQL', async () => {
  const scratch = await createScratchPostgresDatabase();
  const db = await PostgresDatabase.connect(scratch.url, { max: 8 });
  const store = new SqlGraphStore(db);
  await store.migrate();
  return {
    store,
    async dispose() {
      await db.close();
      await scratch.drop();
    },
  };
});
