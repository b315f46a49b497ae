import { DomainError } from '@trove/contracts';
import { runMigrations, SqlDatabase, SqlExecutor } from '@trove/platform-database';
import { IndexScope } from '../../ports/index-scope';
import { checkWholeRows, patchRows, RawVectorStore, StoredVectors } from '../../ports/raw-vector-store';
import { rawEmbeddingsMigrations } from '../../migrations/raw.migrations';

const KEY = 'tenant_id = $1 AND sub_tenant_id = $2 AND file_id = $3';

interface VectorsRow {
  dimension: number;
  row_count: number;
  data: Uint8Array;
}

/** The float32 values of little-endian bytes, copied (driver buffers need not be 4-byte aligned). */
function toFloat32(bytes: Uint8Array, where: string, expected: number): Float32Array {
  if (bytes.byteLength !== expected * 4) {
    throw new DomainError('INTERNAL_ERROR', `The stored raw vectors of ${where} are damaged`);
  }
  const vectors = new Float32Array(expected);
  new Uint8Array(vectors.buffer).set(bytes);
  return vectors;
}

/** The bytes of `vectors` without copying (a view over the same memory). */
function bytesOf(vectors: Float32Array): Buffer {
  return Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength);
}

/**
 * RawVectorStore in SQL (`search_raw.vectors`): one row per batch, its float32 rows as one
 * little-endian bytea. The store of the distributed search service: every replica reads what any
 * replica wrote, and nothing is kept on the pod's disk. Runs on PGlite too (its contract suite
 * does), but the standalone process keeps FsRawVectorStore, which is several times faster there.
 *
 * Whole-batch writes are one statement with the bytes as one binary parameter; single rows are
 * read with substring, which fetches only the TOAST chunks it needs. A patch reads the batch
 * under FOR UPDATE and writes it back in the same transaction, so patches from two replicas
 * to one batch serialise instead of losing each other's rows.
 */
export class SqlRawVectorStore extends RawVectorStore {
  constructor(private readonly db: SqlDatabase) {
    super();
  }

  /** Creates `search_raw` (shared with SqlRawBatchStore; applying it twice is harmless). */
  override async migrate(): Promise<void> {
    await runMigrations(this.db, rawEmbeddingsMigrations);
  }

  async write(scope: IndexScope, fileId: string, dimension: number, vectors: Float32Array): Promise<void> {
    checkWholeRows(dimension, vectors);
    await this.put(this.db, scope, fileId, dimension, vectors);
  }

  async read(scope: IndexScope, fileId: string): Promise<StoredVectors | null> {
    return this.get(this.db, scope, fileId, false);
  }

  async readRows(scope: IndexScope, fileId: string, rows: number[]): Promise<Map<number, Float32Array>> {
    const found = new Map<number, Float32Array>();
    const wanted = [...new Set(rows)].filter((row) => Number.isInteger(row) && row >= 0 && row <= 0x7fffffff);
    if (wanted.length === 0) return found;
    const results = await this.db.query<{ row: number; dimension: number; bytes: Uint8Array }>(
      `SELECT r AS row, v.dimension,
              substring(v.data FROM r * v.dimension * 4 + 1 FOR v.dimension * 4) AS bytes
       FROM search_raw.vectors v, unnest($4::int[]) AS r
       WHERE v.tenant_id = $1 AND v.sub_tenant_id = $2 AND v.file_id = $3 AND r < v.row_count`,
      [scope.tenantId, scope.subTenantId, fileId, wanted],
    );
    for (const { row, dimension, bytes } of results) {
      found.set(row, toFloat32(bytes, `"${fileId}" row ${row}`, dimension));
    }
    return found;
  }

  async patch(scope: IndexScope, fileId: string, rows: number[], vectors: Float32Array): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = await this.get(tx, scope, fileId, true);
      if (!stored) throw new DomainError('FILE_NOT_FOUND', `No stored vectors for file_id "${fileId}"`);
      patchRows(stored, fileId, rows, vectors);
      await this.put(tx, scope, fileId, stored.dimension, stored.vectors);
    });
  }

  async delete(scope: IndexScope, fileId: string): Promise<void> {
    await this.db.query(`DELETE FROM search_raw.vectors WHERE ${KEY}`, [
      scope.tenantId,
      scope.subTenantId,
      fileId,
    ]);
  }

  async deleteSubTenant(scope: IndexScope): Promise<void> {
    await this.db.query('DELETE FROM search_raw.vectors WHERE tenant_id = $1 AND sub_tenant_id = $2', [
      scope.tenantId,
      scope.subTenantId,
    ]);
  }

  private async put(
    on: SqlExecutor,
    scope: IndexScope,
    fileId: string,
    dimension: number,
    vectors: Float32Array,
  ): Promise<void> {
    await on.query(
      `INSERT INTO search_raw.vectors (tenant_id, sub_tenant_id, file_id, dimension, row_count, data)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, sub_tenant_id, file_id) DO UPDATE SET
         dimension = EXCLUDED.dimension, row_count = EXCLUDED.row_count, data = EXCLUDED.data`,
      [scope.tenantId, scope.subTenantId, fileId, dimension, vectors.length / dimension, bytesOf(vectors)],
    );
  }

  private async get(
    on: SqlExecutor,
    scope: IndexScope,
    fileId: string,
    forUpdate: boolean,
  ): Promise<StoredVectors | null> {
    const [row] = await on.query<VectorsRow>(
      `SELECT dimension, row_count, data FROM search_raw.vectors WHERE ${KEY}${forUpdate ? ' FOR UPDATE' : ''}`,
      [scope.tenantId, scope.subTenantId, fileId],
    );
    if (!row) return null;
    const { dimension, row_count: rows } = row;
    return { dimension, rows, vectors: toFloat32(row.data, `"${fileId}"`, rows * dimension) };
  }
}
