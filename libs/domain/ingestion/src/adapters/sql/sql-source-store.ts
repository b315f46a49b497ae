import { runMigrations, SqlDatabase } from '@trove/platform-database';
import { ingestionMigrations } from '../../migrations/ingestion.migrations';
import {
  ExtractedContent,
  ListPosition,
  SourceKey,
  SourceRecord,
  SourceStore,
  SourceUpload,
} from '../../ports/source-store';
import { KEY, keyParams, sourceFromRow, SOURCE_SELECT } from './sql-source-rows';

/**
 * SourceStore in SQL that runs unchanged on PostgreSQL and PGlite (the `ingestion` schema). An
 * upload and a delete also write the source's row of `ingestion.jobs` (SqlJobStore's table) in
 * the same transaction, so the record and its job always name the same revision.
 */
export class SqlSourceStore extends SourceStore {
  constructor(private readonly db: SqlDatabase) {
    super();
  }

  override async migrate(): Promise<void> {
    await runMigrations(this.db, ingestionMigrations);
  }

  async saveUpload(upload: SourceUpload, now: Date): Promise<{ revision: number; replaced: boolean }> {
    return this.db.transaction(async (tx) => {
      const [{ revision } = { revision: '0' }] = await tx.query<{ revision: string }>(
        "SELECT nextval('ingestion.revisions') AS revision",
      );
      const [row] = await tx.query<{ replaced: boolean }>(
        `INSERT INTO ingestion.sources (tenant_id, sub_tenant_id, source_id, type, title, description, note, url,
           file_name, mime_type, content_type, size_bytes, has_blob, document_metadata, tenant_metadata,
           revision, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb, $16, $17, $17)
         ON CONFLICT (tenant_id, sub_tenant_id, source_id) DO UPDATE SET
           type = EXCLUDED.type, title = EXCLUDED.title, extracted_title = '', description = EXCLUDED.description,
           note = EXCLUDED.note, url = EXCLUDED.url, file_name = EXCLUDED.file_name, mime_type = EXCLUDED.mime_type,
           content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes, has_blob = EXCLUDED.has_blob,
           format = NULL, text = '', markdown = '', page_count = NULL,
           document_metadata = EXCLUDED.document_metadata, tenant_metadata = EXCLUDED.tenant_metadata,
           revision = EXCLUDED.revision, updated_at = EXCLUDED.updated_at
         RETURNING (xmax <> 0) AS replaced`,
        [
          ...keyParams(upload),
          upload.type,
          upload.title,
          upload.description,
          upload.note,
          upload.url,
          upload.file_name,
          upload.mime_type,
          upload.content_type,
          upload.size_bytes,
          upload.has_blob,
          JSON.stringify(upload.document_metadata),
          JSON.stringify(upload.tenant_metadata),
          revision,
          now,
        ],
      );
      // The lease stays: a worker still busy with the previous revision finishes first, then
      // moves on to this one (its finishJob fails on the new revision).
      await tx.query(
        `INSERT INTO ingestion.jobs (tenant_id, sub_tenant_id, source_id, revision, status, size_bytes, queued_at, updated_at)
         VALUES ($1, $2, $3, $4, 'queued', $5, $6, $6)
         ON CONFLICT (tenant_id, sub_tenant_id, source_id) DO UPDATE SET
           revision = EXCLUDED.revision, status = 'queued', deleted = false, error_code = NULL, error_message = NULL,
           attempts = 0, chunks_total = 0, chunks_indexed = 0, size_bytes = EXCLUDED.size_bytes,
           queued_at = EXCLUDED.queued_at, started_at = NULL, indexed_at = NULL, finished_at = NULL,
           updated_at = EXCLUDED.updated_at, graph = NULL`,
        [...keyParams(upload), revision, upload.size_bytes, now],
      );
      return { revision: Number(revision), replaced: row?.replaced ?? false };
    });
  }

  async get(key: SourceKey): Promise<SourceRecord | undefined> {
    const rows = await this.db.query(
      `${SOURCE_SELECT} WHERE s.tenant_id = $1 AND s.sub_tenant_id = $2 AND s.source_id = $3`,
      keyParams(key),
    );
    return rows[0] ? sourceFromRow(rows[0]) : undefined;
  }

  async getMany(tenantId: string, subTenantId: string, sourceIds: string[]): Promise<SourceRecord[]> {
    if (sourceIds.length === 0) return [];
    const rows = await this.db.query(
      `${SOURCE_SELECT} WHERE s.tenant_id = $1 AND s.sub_tenant_id = $2 AND s.source_id = ANY($3::text[])`,
      [tenantId, subTenantId, sourceIds],
    );
    return rows.map(sourceFromRow);
  }

  async list(
    tenantId: string,
    subTenantId: string,
    limit: number,
    after?: ListPosition,
  ): Promise<SourceRecord[]> {
    const rows = after
      ? await this.db.query(
          `${SOURCE_SELECT} WHERE s.tenant_id = $1 AND s.sub_tenant_id = $2 AND (s.created_at, s.source_id) > ($3, $4)
           ORDER BY s.created_at, s.source_id LIMIT $5`,
          [tenantId, subTenantId, after.created_at, after.source_id, limit],
        )
      : await this.db.query(
          `${SOURCE_SELECT} WHERE s.tenant_id = $1 AND s.sub_tenant_id = $2 ORDER BY s.created_at, s.source_id LIMIT $3`,
          [tenantId, subTenantId, limit],
        );
    return rows.map(sourceFromRow);
  }

  async count(tenantId: string, subTenantId: string): Promise<number> {
    const [row] = await this.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM ingestion.sources WHERE tenant_id = $1 AND sub_tenant_id = $2',
      [tenantId, subTenantId],
    );
    return Number(row?.n ?? 0);
  }

  async countBySubTenant(tenantId: string): Promise<Map<string, number>> {
    const rows = await this.db.query<{ sub_tenant_id: string; n: string }>(
      'SELECT sub_tenant_id, count(*) AS n FROM ingestion.sources WHERE tenant_id = $1 GROUP BY sub_tenant_id',
      [tenantId],
    );
    return new Map(rows.map((r) => [r.sub_tenant_id, Number(r.n)]));
  }

  async saveContent(
    key: SourceKey,
    revision: number,
    content: ExtractedContent,
    now: Date,
  ): Promise<boolean> {
    const fetched = content.fetched;
    const rows = await this.db.query(
      `UPDATE ingestion.sources SET extracted_title = $5, format = $6, text = $7, markdown = $8, page_count = $9,
         content_type = $10, size_bytes = COALESCE($11, size_bytes),
         has_blob = has_blob OR $12, updated_at = $13
       WHERE ${KEY} AND revision = $4 RETURNING 1`,
      [
        ...keyParams(key),
        revision,
        content.extracted_title,
        content.format,
        content.text,
        content.markdown,
        content.page_count,
        content.content_type,
        fetched?.size_bytes ?? null,
        fetched !== undefined,
        now,
      ],
    );
    return rows.length > 0;
  }

  async delete(tenantId: string, subTenantId: string, sourceIds: string[], now: Date): Promise<string[]> {
    if (sourceIds.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ source_id: string }>(
        `DELETE FROM ingestion.sources WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_id = ANY($3::text[])
         RETURNING source_id`,
        [tenantId, subTenantId, sourceIds],
      );
      await tx.query(
        `UPDATE ingestion.jobs SET deleted = true, updated_at = $4
         WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_id = ANY($3::text[])`,
        [tenantId, subTenantId, sourceIds, now],
      );
      return rows.map((r) => r.source_id);
    });
  }

  async deleteSubTenant(tenantId: string, subTenantId: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM ingestion.sources WHERE tenant_id = $1 AND sub_tenant_id = $2', [
        tenantId,
        subTenantId,
      ]);
      await tx.query(
        'UPDATE ingestion.jobs SET deleted = true, updated_at = $3 WHERE tenant_id = $1 AND sub_tenant_id = $2',
        [tenantId, subTenantId, now],
      );
    });
  }
}
