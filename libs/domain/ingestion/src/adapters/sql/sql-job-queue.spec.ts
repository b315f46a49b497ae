import { PgliteDatabase, runMigrations } from '@trove/platform-database';
import { CONTRACT_LIMITS, jobQueueContract } from '../../ports/job-queue.contract';
import { ingestionMigrations } from '../../migrations/ingestion.migrations';
import { SqlJobQueue } from './sql-job-queue';

const REDELIVER_AFTER_MS = 600;

jobQueueContract('SqlJobQueue (PGlite)', async () => {
  const db = await PgliteDatabase.open('memory://');
  await runMigrations(db, ingestionMigrations);
  return {
    redeliverAfterMs: REDELIVER_AFTER_MS,
    open: () =>
      Promise.resolve(
        new SqlJobQueue(db, {
          ...CONTRACT_LIMITS,
          pollMs: 50,
          visibilityMs: REDELIVER_AFTER_MS,
          dedupWindowMs: 60_000,
        }),
      ),
    dispose: () => db.close(),
  };
});
