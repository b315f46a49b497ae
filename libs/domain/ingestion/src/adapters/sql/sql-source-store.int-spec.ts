import { PostgresDatabase } from '@trove/platform-database';
import { createScratchPostgresDatabase } from '@trove/testing';
import { describeSourceStore } from '../../ports/source-store.contract';
import { SqlJobStore } from './sql-job-store';
import { SqlSourceStore } from './sql-source-store';

describeSourceStore('SqlSourceStore and SqlJobStore on PostgreSQL', async () => {
  const scratch = await createScratchPostgresDatabase();
  const db = await PostgresDatabase.connect(scratch.url, { max: 4 });
  const sources = new SqlSourceStore(db);
  const jobs = new SqlJobStore(db);
  await sources.migrate();
  await jobs.migrate();
  return {
    sources,
    jobs,
    async dispose() {
      await db.close();
      await scratch.drop();
    },
  };
});
