import { Logger } from '@nestjs/common';
import { JobMessage, JobQueue } from '../ports/job-queue';
import { JobStore } from '../ports/job-store';
import { SourceKey } from '../ports/source-store';

/** The queue's de-duplication id of a job: one message per source revision. */
export function jobDedupId(key: SourceKey, revision: number): string {
  return `${key.tenant_id}/${key.sub_tenant_id}/${key.source_id}@${revision}`;
}

export function jobMessage(key: SourceKey, revision: number): JobMessage {
  return { tenant_id: key.tenant_id, sub_tenant_id: key.sub_tenant_id, source_id: key.source_id, revision };
}

export interface StallReconcilerOptions {
  /** An unfinished job nobody holds that has not changed for this long is queued again. */
  stallMs: number;
  /** How often to look. */
  intervalMs: number;
}

/**
 * The safety net under the queue: a job whose message was lost (the process stopped between
 * saving an upload and queueing it, or a worker died holding a lease the queue had already given
 * up on) stays unfinished and unheld. Such jobs are queued again, under a fresh id; a duplicate
 * message is harmless, since a worker only processes a job it can claim.
 */
export class StallReconciler {
  private readonly logger = new Logger('IngestionReconciler');
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly jobs: JobStore,
    private readonly queue: JobQueue,
    private readonly options: StallReconcilerOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Queues every stalled job again; returns how many. */
  async runOnce(now = new Date()): Promise<number> {
    const stalled = await this.jobs.stalled(new Date(now.getTime() - this.options.stallMs), 500);
    for (const job of stalled) {
      await this.queue.enqueue(
        jobMessage(job, job.revision),
        `${jobDedupId(job, job.revision)}~${now.getTime()}`,
      );
      await this.jobs.touch(job, job.revision, now);
    }
    await this.jobs.purgeTombstones(now);
    return stalled.length;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const requeued = await this.runOnce();
      if (requeued > 0) this.logger.warn(`queued ${requeued} stalled ingestion job(s) again`);
    } catch (error: unknown) {
      this.logger.warn(`stalled-job check failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }
}
