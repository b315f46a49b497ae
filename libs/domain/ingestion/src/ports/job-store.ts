import { GraphSummary, IndexingStatus } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';
import { SourceKey } from './source-store';

/** The processing job of a source's latest upload. */
export interface JobRecord extends SourceKey {
  /** Grows with every upload of any source; results of an older revision are never written. */
  revision: number;
  status: IndexingStatus;
  /** The source was deleted; the row stays while a worker may still hold its lease. */
  deleted: boolean;
  /** With `errored`: why. While queued again after a failed attempt: that attempt's failure. */
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  chunks_total: number;
  chunks_indexed: number;
  size_bytes: number;
  lease_owner: string | null;
  lease_until: Date | null;
  queued_at: Date;
  started_at: Date | null;
  /** When the chunks were indexed and graph creation began. */
  indexed_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
  /** What graph creation made of the source, once it ran. */
  graph: GraphSummary | null;
}

/** What a worker reports about its job: its state, and its progress (bytes read, chunks made and indexed). */
export interface JobPatch {
  status?: IndexingStatus;
  chunks_total?: number;
  chunks_indexed?: number;
  size_bytes?: number;
  error_code?: string | null;
  error_message?: string | null;
  indexed_at?: Date;
  graph?: GraphSummary;
}

/** The unfinished jobs, for the metrics: how many wait and run, and since when the oldest waits. */
export interface JobBacklog {
  queued: number;
  processing: number;
  graph_creation: number;
  /** The upload time of the oldest queued job; null when none waits. */
  oldest_queued_at: Date | null;
}

/**
 * The processing job of each source (created and reset by SourceStore.saveUpload, made a
 * tombstone by its deletes), with its progress. A job belongs to whoever holds its lease (a
 * worker id with an expiry, renewed while the worker runs); every write a worker makes names the
 * revision it claimed and its own id, so a late worker cannot overwrite a newer upload or another
 * worker's results. A tombstone stays while its lease may be held, so the worker holding it can
 * find out and clean up after itself.
 */
export abstract class JobStore extends StoreLifecycle {
  /** The job, tombstones included. */
  abstract get(key: SourceKey): Promise<JobRecord | undefined>;

  /**
   * Takes the job for `owner` until `leaseUntil` (status processing, attempts + 1), when it is
   * unfinished, not deleted, and its lease is free, expired or already the owner's.
   */
  abstract claim(key: SourceKey, owner: string, now: Date, leaseUntil: Date): Promise<JobRecord | undefined>;

  /** Extends the owner's lease; false when the owner no longer holds it. */
  abstract renewLease(key: SourceKey, owner: string, leaseUntil: Date): Promise<boolean>;

  /**
   * Updates the owner's job of `revision` (finished_at is set with a final status); false when
   * the job moved on (new revision, deleted, lost lease).
   */
  abstract update(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
  ): Promise<boolean>;

  /**
   * Applies `patch` (a final or queued status) and frees the lease, only while the job is still at
   * `revision`, not deleted, and held by `owner`; false otherwise (the lease is kept then).
   */
  abstract finish(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
  ): Promise<boolean>;

  /**
   * Ends an unfinished job of `revision` as errored (with this code unless it already failed with
   * one), whoever holds it, and frees its lease: the queue gave up on it. False when it moved on.
   */
  abstract fail(key: SourceKey, revision: number, code: string, message: string, now: Date): Promise<boolean>;

  /** Marks the job of `revision` as just seen (a stalled job re-queued), so it is not picked again right away. */
  abstract touch(key: SourceKey, revision: number, now: Date): Promise<void>;

  /** Frees the owner's lease whatever the revision; a tombstone is removed with it. */
  abstract dropLease(key: SourceKey, owner: string): Promise<void>;

  /**
   * Up to `limit` unfinished, undeleted jobs whose lease is free or expired at `before` and that
   * have not changed since `before`, least recently changed first.
   */
  abstract stalled(before: Date, limit: number): Promise<JobRecord[]>;

  /** Frees every lease (one process owns the store: its leases died with its previous run). */
  abstract releaseAllLeases(): Promise<void>;

  /** Removes tombstones whose lease is free or expired at `now`; returns how many. */
  abstract purgeTombstones(now: Date): Promise<number>;

  /** Counts the unfinished, undeleted jobs by status (read at every metrics scrape: kept cheap). */
  abstract backlog(): Promise<JobBacklog>;
}
