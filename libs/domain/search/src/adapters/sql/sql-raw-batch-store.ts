import { IndexingStatus } from '@trove/contracts';
import { runMigrations, SqlDatabase } from '@trove/platform-database';
import { IndexScope } from '../../ports/index-scope';
import { PendingBatch, RawBatch, RawBatchStore } from '../../ports/raw-batch-store';
import { rawEmbeddingsMigrations } from '../../migrations/raw.migrations';

interface BatchRow {
  file_id: string;
  dimension: number;
  row_count: number;
  removed_rows: number[];
  status: IndexingStatus;
  error_code: string | null;
  error_message: string | null;
  generation: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `file_id, dimension, row_count, removed_rows, status, error_code, error_message, generation,
  created_at, updated_at`;
const KEY = 'tenant_id = $1 AND sub_tenant_id = $2 AND file_id = $3';
/** Indexing is owed and nobody alive holds it: queued, or processing under a lease that ran out. */
const OWED = `status IN ('queued', 'processing') AND (lease_until IS NULL OR lease_until < now())`;
/** SET clause taking a batch for indexing: the lease token and its length in ms are parameters. */
const take = (token: string, leaseMs: string) =>
  `status = 'processing', lease_token = ${token}, lease_until = now() + ${leaseMs} * interval '1 millisecond',
   updated_at = now()`;

function toBatch(row: BatchRow): RawBatch {
  return {
    fileId: row.file_id,
    dimension: row.dimension,
    rowCount: row.row_count,
    removedRows: row.removed_rows,
    status: row.status,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    generation: row.generation,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * RawBatchStore in SQL, unchanged on PostgreSQL and PGlite (rows are small: no vectors here).
 * Indexing leases are claimed with conditional UPDATEs, so replicas sharing the database never
 * index one batch at once.
 */
export class SqlRawBatchStore extends RawBatchStore {
  constructor(private readonly db: SqlDatabase) {
    super();
  }

  override async migrate(): Promise<void> {
    await runMigrations(this.db, rawEmbeddingsMigrations);
  }

  async get(scope: IndexScope, fileId: string): Promise<RawBatch | null> {
    const [row] = await this.db.query<BatchRow>(`SELECT ${COLUMNS} FROM search_raw.batches WHERE ${KEY}`, [
      scope.tenantId,
      scope.subTenantId,
      fileId,
    ]);
    return row ? toBatch(row) : null;
  }

  async replace(
    scope: IndexScope,
    fileId: string,
    shape: { dimension: number; rowCount: number },
  ): Promise<{ generation: number; replaced: boolean }> {
    // xmax is 0 on a freshly inserted row and set on one the conflict clause updated.
    const [row] = await this.db.query<{ generation: number; replaced: boolean }>(
      `INSERT INTO search_raw.batches (tenant_id, sub_tenant_id, file_id, dimension, row_count, status,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'queued', now(), now())
       ON CONFLICT (tenant_id, sub_tenant_id, file_id) DO UPDATE SET
         dimension = EXCLUDED.dimension, row_count = EXCLUDED.row_count, removed_rows = '{}',
         status = 'queued', error_code = NULL, error_message = NULL,
         generation = search_raw.batches.generation + 1, updated_at = now()
       RETURNING generation, (xmax <> 0) AS replaced`,
      [scope.tenantId, scope.subTenantId, fileId, shape.dimension, shape.rowCount],
    );
    return { generation: row!.generation, replaced: row!.replaced };
  }

  async requeue(scope: IndexScope, fileId: string): Promise<number | null> {
    const [row] = await this.db.query<{ generation: number }>(
      `UPDATE search_raw.batches SET status = 'queued', error_code = NULL, error_message = NULL,
         generation = generation + 1, updated_at = now()
       WHERE ${KEY} RETURNING generation`,
      [scope.tenantId, scope.subTenantId, fileId],
    );
    return row ? row.generation : null;
  }

  async setStatus(
    scope: IndexScope,
    fileId: string,
    generation: number,
    status: IndexingStatus,
    error?: { code: string; message: string },
  ): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE search_raw.batches SET status = $5, error_code = $6, error_message = $7, updated_at = now()
       WHERE ${KEY} AND generation = $4 RETURNING 1`,
      [
        scope.tenantId,
        scope.subTenantId,
        fileId,
        generation,
        status,
        error?.code ?? null,
        error?.message ?? null,
      ],
    );
    return rows.length > 0;
  }

  async removeRows(scope: IndexScope, fileId: string, rows: number[]): Promise<void> {
    await this.db.query(
      `UPDATE search_raw.batches
       SET removed_rows = ARRAY(SELECT DISTINCT r FROM unnest(removed_rows || $4::int[]) AS r ORDER BY r),
           updated_at = now()
       WHERE ${KEY}`,
      [scope.tenantId, scope.subTenantId, fileId, rows],
    );
  }

  async delete(scope: IndexScope, fileId: string): Promise<RawBatch | null> {
    const [row] = await this.db.query<BatchRow>(
      `DELETE FROM search_raw.batches WHERE ${KEY} RETURNING ${COLUMNS}`,
      [scope.tenantId, scope.subTenantId, fileId],
    );
    return row ? toBatch(row) : null;
  }

  async deleteSubTenant(scope: IndexScope): Promise<void> {
    await this.db.query('DELETE FROM search_raw.batches WHERE tenant_id = $1 AND sub_tenant_id = $2', [
      scope.tenantId,
      scope.subTenantId,
    ]);
  }

  async claim(
    scope: IndexScope,
    fileId: string,
    generation: number,
    token: string,
    leaseMs: number,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE search_raw.batches SET ${take('$5', '$6')}
       WHERE ${KEY} AND generation = $4 AND ${OWED} RETURNING 1`,
      [scope.tenantId, scope.subTenantId, fileId, generation, token, leaseMs],
    );
    return rows.length > 0;
  }

  async claimNext(token: string, leaseMs: number): Promise<PendingBatch | null> {
    // SKIP LOCKED: a batch another caller is claiming at this moment is passed over, not waited for.
    const [row] = await this.db.query<{
      tenant_id: string;
      sub_tenant_id: string;
      file_id: string;
      generation: number;
    }>(
      `UPDATE search_raw.batches AS b SET ${take('$1', '$2')}
       FROM (SELECT tenant_id, sub_tenant_id, file_id FROM search_raw.batches
             WHERE ${OWED} ORDER BY updated_at LIMIT 1 FOR UPDATE SKIP LOCKED) AS owed
       WHERE b.tenant_id = owed.tenant_id AND b.sub_tenant_id = owed.sub_tenant_id
         AND b.file_id = owed.file_id
       RETURNING b.tenant_id, b.sub_tenant_id, b.file_id, b.generation`,
      [token, leaseMs],
    );
    if (!row) return null;
    return {
      scope: { tenantId: row.tenant_id, subTenantId: row.sub_tenant_id },
      fileId: row.file_id,
      generation: row.generation,
    };
  }

  async renew(scope: IndexScope, fileId: string, token: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE search_raw.batches SET lease_until = now() + $5 * interval '1 millisecond'
       WHERE ${KEY} AND lease_token = $4 AND lease_until >= now() RETURNING 1`,
      [scope.tenantId, scope.subTenantId, fileId, token, leaseMs],
    );
    return rows.length > 0;
  }

  async release(scope: IndexScope, fileId: string, token: string): Promise<void> {
    await this.db.query(
      `UPDATE search_raw.batches SET lease_token = NULL, lease_until = NULL
       WHERE ${KEY} AND lease_token = $4`,
      [scope.tenantId, scope.subTenantId, fileId, token],
    );
  }

  async countBySubTenant(tenantId: string): Promise<Map<string, number>> {
    const rows = await this.db.query<{ sub_tenant_id: string; n: string }>(
      `SELECT sub_tenant_id, sum(row_count - cardinality(removed_rows)) AS n FROM search_raw.batches
       WHERE tenant_id = $1 GROUP BY sub_tenant_id`,
      [tenantId],
    );
    return new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [r.sub_tenant_id, Number(r.n)]));
  }
}
