import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { rawChunkId } from '@trove/contracts';
import { IndexScope } from '../ports/index-scope';
import { VectorIndex, VectorItem } from '../ports/vector-index';
import { KeyedLock } from '../shared/keyed-lock';
import { PendingBatch, RawBatchStore } from '../ports/raw-batch-store';
import { RawIndexingQueue } from './raw-indexing-queue';
import { RawVectorStore } from '../ports/raw-vector-store';

const RAW_KIND = 'raw';

/** Timings of indexing leases and of the search for owed batches. */
export interface RawIndexerTimings {
  /** How long a claim holds a batch without renewal (renewed every third of it while indexing). */
  leaseMs: number;
  /** How often an idle process looks for owed batches nobody holds (a dead replica's). */
  sweepIntervalMs: number;
}

export const DEFAULT_RAW_INDEXER_TIMINGS: RawIndexerTimings = { leaseMs: 60_000, sweepIntervalMs: 15_000 };

/** An indexing job: a batch at a generation, and the lease token when it was claimed already. */
type IndexingJob = PendingBatch & { token?: string };

export function batchKey(scope: IndexScope, fileId: string): string {
  return JSON.stringify([scope.tenantId, scope.subTenantId, fileId]);
}

/**
 * Indexes raw-embedding batches into the vector index's `raw` space, off the request path.
 * Every job first claims its batch in the batch store (a lease, renewed while it runs), so that
 * of several search-service replicas sharing one database exactly one indexes a batch: the one
 * that accepted the upload, as a rule. Batches nobody holds (owed at start, or left by a replica
 * that died) are claimed one at a time by whichever process is idle, at start and every
 * `sweepIntervalMs`. Work on one batch in this process is serialised by `locks` (shared with the
 * service's writes).
 */
/** Hears the statuses the indexer sets: `processing`, then `completed` or `errored`. */
export type RawBatchStatusListener = (
  scope: IndexScope,
  fileId: string,
  status: 'processing' | 'completed' | 'errored',
  error?: { code: string; message: string },
) => void;

export class RawBatchIndexer {
  private readonly logger = new Logger('RawEmbeddings');
  private readonly queue = new RawIndexingQueue<IndexingJob>(
    (job) => this.index(job),
    (error, job) => this.logger.error(`indexing ${job.fileId} failed: ${String(error)}`),
  );
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | null = null;
  private closed = false;

  constructor(
    private readonly vectors: VectorIndex,
    private readonly batches: RawBatchStore,
    private readonly store: RawVectorStore,
    private readonly locks: KeyedLock,
    private readonly timings: RawIndexerTimings = DEFAULT_RAW_INDEXER_TIMINGS,
    /** Told of every status this indexer gives a batch (status events); must not throw. */
    private readonly onStatus: RawBatchStatusListener = () => undefined,
  ) {}

  /** Indexes a batch this process just stored, unless another process gets to it first. */
  push(job: PendingBatch): void {
    this.queue.push(job);
  }

  /** Sweeps now, and then every `sweepIntervalMs`, in the background. */
  start(): void {
    if (this.closed || this.timer) return;
    const sweep = () =>
      void this.sweep().catch((error) => this.logger.error(`sweep failed: ${String(error)}`));
    this.timer = setInterval(sweep, this.timings.sweepIntervalMs);
    this.timer.unref();
    sweep();
  }

  /**
   * While this process has nothing else queued, claims owed batches one at a time and indexes
   * each; resolves with how many it took once none is left that nobody holds.
   */
  sweep(): Promise<number> {
    this.sweeping ??= this.claimOwed().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /** Resolves once every job queued so far has run. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Takes no more jobs and waits for the running one; batches left are owed, and found again. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.queue.close();
    await this.sweeping;
  }

  private async claimOwed(): Promise<number> {
    const tried = new Set<string>();
    while (!this.closed && this.queue.empty) {
      const token = randomUUID();
      const job = await this.batches.claimNext(token, this.timings.leaseMs);
      if (!job) break;
      const key = `${batchKey(job.scope, job.fileId)}@${job.generation}`;
      if (this.closed || tried.has(key)) {
        // Closing, or a batch that stayed owed after this sweep ran it: let it be until the next.
        await this.batches.release(job.scope, job.fileId, token);
        break;
      }
      tried.add(key);
      this.queue.push({ ...job, token });
      await this.queue.idle();
    }
    return tried.size;
  }

  private async index(job: IndexingJob): Promise<void> {
    const { scope, fileId, generation } = job;
    const { leaseMs } = this.timings;
    await this.locks.run(batchKey(scope, fileId), async () => {
      const token = job.token ?? randomUUID();
      const held = job.token
        ? await this.batches.renew(scope, fileId, token, leaseMs)
        : await this.batches.claim(scope, fileId, generation, token, leaseMs);
      if (!held) return;
      this.onStatus(scope, fileId, 'processing');
      const renewal = setInterval(() => {
        this.batches.renew(scope, fileId, token, leaseMs).catch(() => undefined);
      }, leaseMs / 3);
      renewal.unref();
      try {
        await this.indexClaimed(scope, fileId, generation);
      } finally {
        clearInterval(renewal);
        await this.batches.release(scope, fileId, token);
      }
    });
  }

  private async indexClaimed(scope: IndexScope, fileId: string, generation: number): Promise<void> {
    try {
      const batch = await this.batches.get(scope, fileId);
      const stored = await this.store.read(scope, fileId);
      if (!batch || !stored) throw new Error('the stored vectors of the batch are missing');
      const removed = new Set(batch.removedRows);
      const d = stored.dimension;
      const items: VectorItem[] = [];
      const rows: number[] = [];
      for (let row = 0; row < stored.rows; row++) {
        if (removed.has(row)) continue;
        const vector = stored.vectors.subarray(row * d, (row + 1) * d);
        items.push({ id: rawChunkId(fileId, row), sourceId: fileId, kind: RAW_KIND, vector });
        rows.push(row);
      }
      await this.vectors.upsert(scope, 'raw', items);
      await this.dropRemovedMeanwhile(scope, fileId, rows);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.batches.setStatus(scope, fileId, generation, 'errored', {
        code: 'INDEXING_FAILED',
        message,
      });
      this.onStatus(scope, fileId, 'errored', { code: 'INDEXING_FAILED', message });
      return;
    }
    if (await this.batches.setStatus(scope, fileId, generation, 'completed')) {
      this.onStatus(scope, fileId, 'completed');
    } else {
      // Erased while being indexed (its sub-tenant was deleted): leave nothing behind.
      if (!(await this.batches.get(scope, fileId)))
        await this.vectors.deleteBySources(scope, 'raw', [fileId]);
    }
  }

  /**
   * Rows written just now that another replica deleted (or cut off by replacing the batch with
   * fewer rows) while they were being written: its own index deletes may have come first.
   */
  private async dropRemovedMeanwhile(scope: IndexScope, fileId: string, rows: number[]): Promise<void> {
    const now = await this.batches.get(scope, fileId);
    if (!now) return;
    const removed = new Set(now.removedRows);
    const stale = rows.filter((row) => row >= now.rowCount || removed.has(row));
    if (stale.length > 0) {
      await this.vectors.deleteByIds(
        scope,
        'raw',
        stale.map((row) => rawChunkId(fileId, row)),
      );
    }
  }
}
