import { Logger } from '@nestjs/common';
import { runMigrations, SqlDatabase } from '@trove/platform-database';
import { ingestionMigrations } from '../../migrations/ingestion.migrations';
import {
  backoffDelay,
  handleThroughOutages,
  isOutage,
  JobConsumer,
  JobMessage,
  JobQueue,
  JobQueueLimits,
} from '../../ports/job-queue';

export interface SqlJobQueueOptions extends JobQueueLimits {
  /** How often the table is read for messages whose delay ended or whose consumer died. */
  pollMs: number;
  /** A delivered message that is neither finished nor extended for this long is delivered again. */
  visibilityMs: number;
  /** Finished messages are kept this long, so that enqueueing the same dedupId again is a no-op. */
  dedupWindowMs: number;
  /**
   * Makes every delivered-but-unfinished message available at start. Right when one process owns
   * the table (standalone): whatever it held before a restart was abandoned by its own crash.
   */
  releaseOnStart?: boolean;
}

interface ClaimedRow {
  id: string;
  payload: JobMessage;
  deliveries: number;
}

/**
 * The embedded JobQueue: rows of `ingestion.queue` in the service's own database (PGlite in
 * standalone). Enqueueing wakes the consumer loop in process; a poll picks up delayed retries and
 * anything a crash left behind, so a restart resumes every unfinished message.
 */
export class SqlJobQueue extends JobQueue {
  private readonly logger = new Logger('SqlJobQueue');
  private consumer: JobConsumer | undefined;
  private running = false;
  private readonly inFlight = new Set<Promise<void>>();
  private sleeper: (() => void) | undefined;
  /** Set by a wake-up that came while the loop was not asleep, so the next sleep ends at once. */
  private kicked = false;
  private loop: Promise<void> | undefined;
  private lastCleanup = 0;

  constructor(
    private readonly db: SqlDatabase,
    private readonly options: SqlJobQueueOptions,
  ) {
    super();
  }

  /** The queue's table is part of the `ingestion` schema, which this migrates (idempotent). */
  override async migrate(): Promise<void> {
    await runMigrations(this.db, ingestionMigrations);
  }

  async enqueue(job: JobMessage, dedupId: string): Promise<void> {
    const now = new Date();
    // A finished row past the de-duplication window no longer blocks the id: it is reused.
    await this.db.query(
      `INSERT INTO ingestion.queue (dedup_id, payload, available_at, created_at)
       VALUES ($1, $2::jsonb, $3, $3)
       ON CONFLICT (dedup_id) DO UPDATE SET
         payload = EXCLUDED.payload, deliveries = 0, available_at = EXCLUDED.available_at,
         locked_until = NULL, done_at = NULL, created_at = EXCLUDED.created_at
       WHERE ingestion.queue.done_at IS NOT NULL AND ingestion.queue.done_at < $4`,
      [dedupId, JSON.stringify(job), now, new Date(now.getTime() - this.options.dedupWindowMs)],
    );
    this.wake();
  }

  async start(consumer: JobConsumer): Promise<void> {
    if (this.running) throw new Error('SqlJobQueue is already started');
    if (this.options.releaseOnStart) {
      await this.db.query('UPDATE ingestion.queue SET locked_until = NULL WHERE done_at IS NULL');
    }
    this.consumer = consumer;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
    this.consumer = undefined;
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1 FROM ingestion.queue LIMIT 1');
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      const free = this.options.concurrency - this.inFlight.size;
      if (free > 0) {
        try {
          claimed = await this.claim(free);
          await this.cleanup();
        } catch (error: unknown) {
          this.logger.warn(
            `job queue poll failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      // Every slot filled: look again at once. Otherwise when a message or a free slot wakes us, or on the next poll.
      if (this.running && (free <= 0 || claimed < free)) await this.sleep();
    }
  }

  private wake(): void {
    if (this.sleeper) this.sleeper();
    else this.kicked = true;
  }

  private sleep(): Promise<void> {
    if (this.kicked) {
      this.kicked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.sleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.sleeper = done;
    });
  }

  private async claim(limit: number): Promise<number> {
    const now = new Date();
    const rows = await this.db.query<ClaimedRow>(
      `UPDATE ingestion.queue SET deliveries = deliveries + 1, locked_until = $2
       WHERE id IN (
         SELECT id FROM ingestion.queue
         WHERE done_at IS NULL AND available_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
         ORDER BY available_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, payload, deliveries`,
      [now, new Date(now.getTime() + this.options.visibilityMs), limit],
    );
    for (const row of rows) {
      const task = this.deliver(row).finally(() => {
        this.inFlight.delete(task);
        this.wake();
      });
      this.inFlight.add(task);
    }
    return rows.length;
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const consumer = this.consumer!;
    const job = row.payload;
    try {
      if (row.deliveries > this.options.maxAttempts) {
        // Delivered this often and never finished: its consumers keep dying on it.
        await consumer.exhausted(job, undefined);
        await this.finish(row.id);
        return;
      }
      let error: unknown;
      let failed = false;
      try {
        await handleThroughOutages(
          consumer,
          { job, attempt: row.deliveries, extend: this.extender(row.id) },
          this.options,
          () => this.running,
        );
      } catch (thrown: unknown) {
        failed = true;
        error = thrown;
      }
      if (!failed) return await this.finish(row.id);
      // An outage reaches here only when the queue is stopping: the job waits for the next start.
      if (row.deliveries >= this.options.maxAttempts && !isOutage(error)) {
        await consumer.exhausted(job, error);
        return await this.finish(row.id);
      }
      await this.db.query('UPDATE ingestion.queue SET locked_until = NULL, available_at = $2 WHERE id = $1', [
        row.id,
        new Date(Date.now() + backoffDelay(this.options, row.deliveries)),
      ]);
    } catch (error: unknown) {
      // The queue's own bookkeeping failed (database down): the row's lock runs out and the
      // message is delivered again.
      this.logger.warn(
        `job ${row.id} bookkeeping failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async finish(id: string): Promise<void> {
    await this.db.query('UPDATE ingestion.queue SET done_at = $2, locked_until = NULL WHERE id = $1', [
      id,
      new Date(),
    ]);
  }

  /**
   * A delivery's extend(): it pushes the message's lock back only when the lock was set (by the
   * claim or the last extension) a quarter of the visibility ago or more. A job calls extend() at
   * each of its stages, and most stages end long before the lock runs out: every call wrote a row
   * before, three statements of the ~41 a small document cost.
   */
  private extender(id: string): () => void {
    let lockedAt = Date.now();
    return () => {
      if (Date.now() - lockedAt < this.options.visibilityMs / 4) return;
      lockedAt = Date.now();
      void this.extend(id);
    };
  }

  private async extend(id: string): Promise<void> {
    try {
      await this.db.query('UPDATE ingestion.queue SET locked_until = $2 WHERE id = $1 AND done_at IS NULL', [
        id,
        new Date(Date.now() + this.options.visibilityMs),
      ]);
    } catch {
      // A missed extension only risks a duplicate delivery, which consumers tolerate.
    }
  }

  /** Drops finished rows past the de-duplication window, at most once a minute. */
  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60_000) return;
    this.lastCleanup = Date.now();
    await this.db.query('DELETE FROM ingestion.queue WHERE done_at IS NOT NULL AND done_at < $1', [
      new Date(Date.now() - this.options.dedupWindowMs),
    ]);
  }
}
