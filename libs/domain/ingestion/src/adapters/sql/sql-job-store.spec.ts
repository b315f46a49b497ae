import { PgliteDatabase } from '@trove/platform-database';
import { describeJobStore } from '../../ports/job-store.contract';
import { SqlJobStore } from './sql-job-store';
import { SqlSourceStore } from './sql-source-store';

describeJobStore('SqlSourceStore and SqlJobStore on PGlite', async () => {
  const db = await PgliteDatabase.open('memory://');
  const sources = new SqlSourceStore(db);
  const jobs = new SqlJobStore(db);
  await sources.migrate();
  await jobs.migrate();
  return { sources, jobs, dispose: () => db.close() };
});
