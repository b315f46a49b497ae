import { IndexScope } from '../ports/index-scope';

/** A batch's vectors as given (float32), row after row. */
export interface StoredVectors {
  dimension: number;
  rows: number;
  vectors: Float32Array;
}

/**
 * The vectors of raw-embedding batches exactly as uploaded (float32), apart from the index,
 * which keeps unit-length copies: indexing reads them here (also after a restart, for batches
 * still queued), and searches with include_embedding return them from here.
 */
export abstract class RawVectorStore {
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
