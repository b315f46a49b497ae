import { DomainError } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';
import { IndexScope } from './index-scope';

/** A batch's vectors as given (float32), row after row. */
export interface StoredVectors {
  dimension: number;
  rows: number;
  vectors: Float32Array;
}

/**
 * The vectors of raw-embedding batches exactly as uploaded (float32), apart from the index,
 * which keeps unit-length copies: indexing reads them here (also after a restart, for batches
 * still queued), and searches with include_embedding return them from here. Every search-service
 * replica must see the same store: FsRawVectorStore for the single embedded process,
 * SqlRawVectorStore (the shared PostgreSQL) for the distributed one.
 */
export abstract class RawVectorStore extends StoreLifecycle {
  /** Stores (or replaces) a batch's vectors: `rows × dimension` values. */
  abstract write(scope: IndexScope, fileId: string, dimension: number, vectors: Float32Array): Promise<void>;

  abstract read(scope: IndexScope, fileId: string): Promise<StoredVectors | null>;

  /** Some rows of a batch, by row number; rows that do not exist are absent from the map. */
  abstract readRows(scope: IndexScope, fileId: string, rows: number[]): Promise<Map<number, Float32Array>>;

  /** Overwrites rows of an existing batch: row `rows[i]` gets `vectors[i × dimension …]`. */
  abstract patch(scope: IndexScope, fileId: string, rows: number[], vectors: Float32Array): Promise<void>;

  abstract delete(scope: IndexScope, fileId: string): Promise<void>;

  abstract deleteSubTenant(scope: IndexScope): Promise<void>;
}

/** INVALID_PARAMETERS unless `vectors` is whole rows of a positive integer `dimension`. */
export function checkWholeRows(dimension: number, vectors: Float32Array): void {
  if (!Number.isInteger(dimension) || dimension < 1 || vectors.length % dimension !== 0) {
    throw new DomainError('INVALID_PARAMETERS', 'vectors must be whole rows of the dimension');
  }
}

/**
 * Writes `vectors` (rows.length × dimension) over rows of `stored`, in place, the last one
 * winning for a row given twice. Checks everything first, so a refused patch changes nothing.
 */
export function patchRows(
  stored: StoredVectors,
  fileId: string,
  rows: number[],
  vectors: Float32Array,
): void {
  const { dimension } = stored;
  if (vectors.length !== rows.length * dimension) {
    throw new DomainError('DIMENSION_MISMATCH', `Stored rows of "${fileId}" have ${dimension} dimensions`);
  }
  const bad = rows.find((row) => !Number.isInteger(row) || row < 0 || row >= stored.rows);
  if (bad !== undefined) {
    throw new DomainError('INVALID_PARAMETERS', `Row ${bad} is not a row of "${fileId}"`);
  }
  rows.forEach((row, i) => {
    stored.vectors.set(vectors.subarray(i * dimension, (i + 1) * dimension), row * dimension);
  });
}
