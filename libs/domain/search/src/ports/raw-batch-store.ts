import { IndexingStatus } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';
import { IndexScope } from './index-scope';

/** One uploaded batch: `rowCount` rows of `dimension` values, chunk ids `{fileId}_{row}`. */
export interface RawBatch {
  fileId: string;
  dimension: number;
  rowCount: number;
  /** Rows deleted by chunk id since the upload, ascending. */
  removedRows: number[];
  status: IndexingStatus;
  errorCode: string | null;
  errorMessage: string | null;
  /** Grows with every upload or update of the batch, so a superseded indexing job can tell. */
  generation: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A batch whose indexing is owed (queued, or interrupted while processing). */
export interface PendingBatch {
  scope: IndexScope;
  fileId: string;
  generation: number;
}

/** The records of raw-embedding batches: shape, deletions and processing state. */
export abstract class RawBatchStore extends StoreLifecycle {
  abstract get(scope: IndexScope, fileId: string): Promise<RawBatch | null>;

  /**
   * Records a new upload as `queued`, replacing any batch with this id (its deletions and state
   * included). Returns the new generation and whether a batch was replaced.
   */
  abstract replace(
    scope: IndexScope,
    fileId: string,
    shape: { dimension: number; rowCount: number },
  ): Promise<{ generation: number; replaced: boolean }>;

  /** Puts an existing batch back to `queued` (its vectors changed); null when it does not exist. */
  abstract requeue(scope: IndexScope, fileId: string): Promise<number | null>;

  /**
   * Sets the state of the batch if it is still at `generation`; false when it was replaced,
   * updated or deleted meanwhile.
   */
  abstract setStatus(
    scope: IndexScope,
    fileId: string,
    generation: number,
    status: IndexingStatus,
    error?: { code: string; message: string },
  ): Promise<boolean>;

  /** Marks rows as deleted. */
  abstract removeRows(scope: IndexScope, fileId: string, rows: number[]): Promise<void>;

  /** Deletes the batch record; returns it as it was, or null. */
  abstract delete(scope: IndexScope, fileId: string): Promise<RawBatch | null>;

  abstract deleteSubTenant(scope: IndexScope): Promise<void>;

  /**
   * Takes the batch for indexing at `generation` (status `processing`, leased to `token` for
   * `leaseMs`). False when it is at another generation, no longer owed, or leased to a live claim
   * (another replica is indexing it): of several callers, one gets true.
   */
  abstract claim(
    scope: IndexScope,
    fileId: string,
    generation: number,
    token: string,
    leaseMs: number,
  ): Promise<boolean>;

  /**
   * Claims the oldest batch whose indexing is owed (queued, or processing under a lease that
   * ran out: its replica died) and that no live claim holds; null when there is none. Callers
   * at the same moment get different batches.
   */
  abstract claimNext(token: string, leaseMs: number): Promise<PendingBatch | null>;

  /** Extends the lease of `token` on the batch; false when the lease is no longer its own. */
  abstract renew(scope: IndexScope, fileId: string, token: string, leaseMs: number): Promise<boolean>;

  /** Ends the lease of `token` on the batch, if it still holds it. */
  abstract release(scope: IndexScope, fileId: string, token: string): Promise<void>;

  /** Live rows (chunks) per sub-tenant of a tenant. */
  abstract countBySubTenant(tenantId: string): Promise<Map<string, number>>;
}
