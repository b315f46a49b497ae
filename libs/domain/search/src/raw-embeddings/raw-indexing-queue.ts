import { PendingBatch } from '../ports/raw-batch-store';

/**
 * Indexes uploaded batches one at a time, in arrival order, off the request path: an upload
 * answers `queued` as soon as its vectors are stored. One at a time because indexing is CPU work
 * on the event loop (in slices, so searches interleave); a job that is no longer wanted (the
 * batch was replaced or deleted, or another replica took it) finds out itself and does nothing.
 */
export class RawIndexingQueue<Job extends PendingBatch = PendingBatch> {
  private readonly jobs: Job[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly run: (job: Job) => Promise<void>,
    private readonly onError: (error: unknown, job: Job) => void,
  ) {}

  get size(): number {
    return this.jobs.length;
  }

  /** Nothing waiting and nothing running. */
  get empty(): boolean {
    return this.jobs.length === 0 && this.running === null;
  }

  push(job: Job): void {
    if (this.closed) return;
    this.jobs.push(job);
    this.running ??= this.drain();
  }

  /** Resolves once every job pushed so far has run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Takes no more jobs and waits for the running one; jobs left are resumed at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.jobs.length = 0;
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (let job = this.jobs.shift(); job; job = this.jobs.shift()) {
      try {
        await this.run(job);
      } catch (error) {
        this.onError(error, job);
      }
    }
    this.running = null;
  }
}
