import { ChunkInput } from '@trove/contracts';
import { runMigrations, SqlDatabase, TableStatistics } from '@trove/platform-database';
import { searchMigrations } from '../../migrations/search.migrations';
import { IndexScope } from '../../ports/index-scope';
import {
  ChunkCounts,
  ChunkRecord,
  ChunkStore,
  EXACT_COUNT_LIMIT,
  ScanCursor,
  ScannedChunk,
  SourceChunks,
} from '../../ports/chunk-store';

const COLUMNS = `chunk_uuid, source_id, source_type, source_title, kind, position, content, start_offset,
  created_at, updated_at, document_metadata, tenant_metadata`;

/**
 * ChunkStore in SQL that runs unchanged on PostgreSQL and PGlite: the engines differ only inside
 * SqlDatabase, so one class serves both. Rows are written with unnest() over parallel arrays: one
 * statement for a whole source, whatever its number of chunks.
 */
export class SqlChunkStore extends ChunkStore {
  /** PGlite's planner statistics of search.chunks (TableStatistics). */
  private readonly statistics: TableStatistics;

  constructor(private readonly db: SqlDatabase) {
    super();
    this.statistics = new TableStatistics(db, 'search.chunks');
  }

  override async migrate(): Promise<void> {
    await runMigrations(this.db, searchMigrations);
  }

  /**
   * Two statements for the whole batch: the old chunks of every source go, then every new chunk
   * comes in from unnest() over one array per column, joined to its source's row by ordinal.
   */
  async replaceSources(sources: SourceChunks[]): Promise<void> {
    if (sources.length === 0) return;
    const bySource = <T>(pick: (entry: SourceChunks) => T) => sources.map(pick);
    const chunks = sources.flatMap((entry, n) => entry.chunks.map((chunk) => ({ n: n + 1, chunk })));
    const byChunk = <T>(pick: (chunk: ChunkInput) => T) => chunks.map(({ chunk }) => pick(chunk));
    await this.db.transaction(async (tx) => {
      await tx.query(
        `DELETE FROM search.chunks c
         USING unnest($1::text[], $2::text[], $3::text[]) AS s(tenant_id, sub_tenant_id, source_id)
         WHERE c.tenant_id = s.tenant_id AND c.sub_tenant_id = s.sub_tenant_id AND c.source_id = s.source_id`,
        [
          bySource((e) => e.scope.tenantId),
          bySource((e) => e.scope.subTenantId),
          bySource((e) => e.source.source_id),
        ],
      );
      if (chunks.length === 0) return;
      await tx.query(
        `INSERT INTO search.chunks (tenant_id, sub_tenant_id, source_id, source_type, source_title, created_at,
           updated_at, document_metadata, tenant_metadata, chunk_uuid, kind, position, content, start_offset)
         SELECT s.tenant_id, s.sub_tenant_id, s.source_id, s.source_type, s.source_title, s.created_at, s.updated_at,
           s.document_metadata::jsonb, s.tenant_metadata::jsonb, c.chunk_uuid, c.kind, c.position, c.content, c.start_offset
         FROM unnest($10::int[], $11::text[], $12::text[], $13::int[], $14::text[], $15::int[])
           AS c(n, chunk_uuid, kind, position, content, start_offset)
         JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[],
             $8::text[], $9::text[]) WITH ORDINALITY
           AS s(tenant_id, sub_tenant_id, source_id, source_type, source_title, created_at, updated_at,
             document_metadata, tenant_metadata, n)
           ON s.n = c.n
         ON CONFLICT (tenant_id, sub_tenant_id, chunk_uuid) DO UPDATE SET
           source_id = EXCLUDED.source_id, source_type = EXCLUDED.source_type, source_title = EXCLUDED.source_title,
           created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, kind = EXCLUDED.kind,
           position = EXCLUDED.position, content = EXCLUDED.content, start_offset = EXCLUDED.start_offset,
           document_metadata = EXCLUDED.document_metadata, tenant_metadata = EXCLUDED.tenant_metadata`,
        [
          bySource((e) => e.scope.tenantId),
          bySource((e) => e.scope.subTenantId),
          bySource((e) => e.source.source_id),
          bySource((e) => e.source.source_type),
          bySource((e) => e.source.title ?? ''),
          bySource((e) => e.source.created_at),
          bySource((e) => e.source.updated_at),
          bySource((e) => JSON.stringify(e.source.document_metadata ?? {})),
          bySource((e) => JSON.stringify(e.source.tenant_metadata ?? {})),
          chunks.map(({ n }) => n),
          byChunk((c) => c.chunk_uuid),
          byChunk((c) => c.kind),
          byChunk((c) => c.position),
          byChunk((c) => c.text),
          byChunk((c) => c.start),
        ],
      );
    });
    await this.statistics.written(chunks.length);
  }

  async getMany(scope: IndexScope, ids: string[]): Promise<ChunkRecord[]> {
    if (ids.length === 0) return [];
    return this.db.query<ChunkRecord>(
      `SELECT ${COLUMNS} FROM search.chunks WHERE tenant_id = $1 AND sub_tenant_id = $2 AND chunk_uuid = ANY($3::text[])`,
      [scope.tenantId, scope.subTenantId, ids],
    );
  }

  async range(scope: IndexScope, sourceId: string, from: number, to: number): Promise<ChunkRecord[]> {
    return this.db.query<ChunkRecord>(
      `SELECT ${COLUMNS} FROM search.chunks
       WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_id = $3 AND kind = 'original'
         AND position BETWEEN $4 AND $5
       ORDER BY position`,
      [scope.tenantId, scope.subTenantId, sourceId, from, to],
    );
  }

  async deleteBySources(scope: IndexScope, sourceIds: string[]): Promise<number> {
    if (sourceIds.length === 0) return 0;
    const rows = await this.db.query<{ n: string }>(
      `WITH gone AS (
         DELETE FROM search.chunks WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_id = ANY($3::text[])
         RETURNING 1)
       SELECT count(*) AS n FROM gone`,
      [scope.tenantId, scope.subTenantId, sourceIds],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async deleteSubTenant(scope: IndexScope): Promise<void> {
    await this.db.query('DELETE FROM search.chunks WHERE tenant_id = $1 AND sub_tenant_id = $2', [
      scope.tenantId,
      scope.subTenantId,
    ]);
  }

  async countBySubTenant(tenantId: string): Promise<Map<string, ChunkCounts>> {
    const rows = await this.db.query<{
      sub_tenant_id: string;
      source_type: string;
      chunks: string;
      sources: string;
    }>(
      `SELECT sub_tenant_id, source_type, count(*) AS chunks, count(DISTINCT source_id) AS sources
       FROM search.chunks WHERE tenant_id = $1 GROUP BY sub_tenant_id, source_type`,
      [tenantId],
    );
    const counts = new Map<string, ChunkCounts>();
    for (const row of rows) {
      let entry = counts.get(row.sub_tenant_id);
      if (!entry) counts.set(row.sub_tenant_id, (entry = { chunks: 0, sourcesByType: {} }));
      entry.chunks += Number(row.chunks);
      entry.sourcesByType[row.source_type] = Number(row.sources);
    }
    return counts;
  }

  async tenantIds(): Promise<string[]> {
    const rows = await this.db.query<{ tenant_id: string }>('SELECT DISTINCT tenant_id FROM search.chunks');
    return rows.map((row) => row.tenant_id);
  }

  /**
   * The planner's row estimate (pg_class.reltuples: kept by autovacuum on PostgreSQL, by
   * TableStatistics on PGlite) when it is past the limit; otherwise a count that stops there, so
   * a scrape never scans more than EXACT_COUNT_LIMIT index entries.
   */
  async estimatedCount(): Promise<number> {
    const [stats] = await this.db.query<{ n: number | string | null }>(
      "SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'search.chunks'::regclass",
    );
    const estimate = Number(stats?.n ?? -1);
    if (estimate >= EXACT_COUNT_LIMIT) return Math.round(estimate);
    const [row] = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM search.chunks LIMIT ${EXACT_COUNT_LIMIT}) bounded`,
    );
    return Number(row?.n ?? 0);
  }

  async countTenant(tenantId: string): Promise<number> {
    const [row] = await this.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM search.chunks WHERE tenant_id = $1',
      [tenantId],
    );
    return Number(row?.n ?? 0);
  }

  /** Keyset pagination on the primary key: each page is one index range, wherever the scan is. */
  async scan(tenantId: string, after: ScanCursor | null, limit: number): Promise<ScannedChunk[]> {
    return this.db.query<ScannedChunk>(
      `SELECT sub_tenant_id, chunk_uuid, source_id, source_type, kind, content FROM search.chunks
       WHERE tenant_id = $1 AND (sub_tenant_id, chunk_uuid) > ($2, $3)
       ORDER BY sub_tenant_id, chunk_uuid LIMIT $4`,
      [tenantId, after?.subTenantId ?? '', after?.chunkUuid ?? '', limit],
    );
  }
}
