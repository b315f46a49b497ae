import { IndexingStatus } from '@trove/contracts';
import { IndexScope } from '../ports/index-scope';

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
export abstract class RawBatchStore {
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

  /** Batches whose indexing is owed, oldest first. */
  abstract pending(limit: number): Promise<PendingBatch[]>;

  /** Live rows (chunks) per sub-tenant of a tenant. */
  abstract countBySubTenant(tenantId: string): Promise<Record<string, number>>;
}
