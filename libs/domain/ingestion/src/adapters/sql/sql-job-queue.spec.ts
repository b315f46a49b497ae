import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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

describe('SqlJobQueue extend()', () => {
  it('writes the lock only when it was set a quarter of the visibility ago or more', async () => {
    const db = await PgliteDatabase.open('memory://');
    await runMigrations(db, ingestionMigrations);
    const queue = new SqlJobQueue(db, {
      ...CONTRACT_LIMITS,
      pollMs: 50,
      visibilityMs: 2_000,
      dedupWindowMs: 60_000,
    });
    const lockedUntil = async () =>
      (
        await db.query<{ locked_until: Date }>('SELECT locked_until FROM ingestion.queue')
      )[0]!.locked_until.getTime();
    const seen: number[] = [];
    try {
      await queue.start({
        handle: async (delivery) => {
          const claimed = await lockedUntil();
          delivery.extend(); // just claimed: the lock stands
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen.push((await lockedUntil()) - claimed);
          await new Promise((resolve) => setTimeout(resolve, 500)); // past 2,000 / 4
          delivery.extend();
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen.push((await lockedUntil()) - claimed);
        },
        exhausted: async () => undefined,
      });
      await queue.enqueue({ tenant_id: 't', sub_tenant_id: 's', source_id: 'doc', revision: 1 }, 'extend-1');
      const deadline = Date.now() + 10_000;
      while (seen.length < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(seen[0], 0, 'an extend right after the claim writes nothing');
      assert.ok(seen[1]! >= 500, `an extend later pushes the lock back (by ${seen[1]} ms)`);
    } finally {
      await queue.stop();
      await db.close();
    }
  });
});
