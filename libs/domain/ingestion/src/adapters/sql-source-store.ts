import { runMigrations, SqlDatabase } from '@trove/platform-database';
import { ingestionMigrations } from '../migrations/ingestion.migrations';
import {
  ExtractedContent,
  JobPatch,
  JobRecord,
  ListPosition,
  SourceKey,
  SourceRecord,
  SourceStore,
  SourceUpload,
} from '../ports/source-store';
import { jobFromRow, sourceFromRow, SOURCE_SELECT, UNFINISHED } from './sql-source-rows';

const KEY = 'tenant_id = $1 AND sub_tenant_id = $2 AND source_id = $3';

function keyParams(key: SourceKey): unknown[] {
  return [key.tenant_id, key.sub_tenant_id, key.source_id];
}

/**
 * SourceStore in SQL that runs unchanged on PostgreSQL and PGlite (the `ingestion` schema). The
 * job rules live in the WHERE clauses: a write names the revision and lease owner it expects, so
 * concurrent workers and uploads settle by the database, not by timing.
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
           queued_at = EXCLUDED.queued_at, started_at = NULL, finished_at = NULL, updated_at = EXCLUDED.updated_at`,
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

  async getJob(key: SourceKey): Promise<JobRecord | undefined> {
    const rows = await this.db.query(`SELECT * FROM ingestion.jobs WHERE ${KEY}`, keyParams(key));
    return rows[0] ? jobFromRow(rows[0]) : undefined;
  }

  async claimJob(key: SourceKey, owner: string, now: Date, leaseUntil: Date): Promise<JobRecord | undefined> {
    const rows = await this.db.query(
      `UPDATE ingestion.jobs SET status = 'processing', attempts = attempts + 1, lease_owner = $4, lease_until = $6,
         started_at = COALESCE(started_at, $5), updated_at = $5
       WHERE ${KEY} AND NOT deleted AND status IN ${UNFINISHED}
         AND (lease_owner IS NULL OR lease_owner = $4 OR lease_until < $5)
       RETURNING *`,
      [...keyParams(key), owner, now, leaseUntil],
    );
    return rows[0] ? jobFromRow(rows[0]) : undefined;
  }

  async renewLease(key: SourceKey, owner: string, leaseUntil: Date): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE ingestion.jobs SET lease_until = $5 WHERE ${KEY} AND lease_owner = $4 RETURNING 1`,
      [...keyParams(key), owner, leaseUntil],
    );
    return rows.length > 0;
  }

  async updateJob(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
  ): Promise<boolean> {
    return this.patchJob(key, revision, owner, patch, now, false);
  }

  async finishJob(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
  ): Promise<boolean> {
    return this.patchJob(key, revision, owner, patch, now, true);
  }

  async failJob(
    key: SourceKey,
    revision: number,
    code: string,
    message: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE ingestion.jobs SET status = 'errored', error_code = COALESCE(error_code, $5), error_message = $6,
         lease_owner = NULL, lease_until = NULL, finished_at = $7, updated_at = $7
       WHERE ${KEY} AND revision = $4 AND NOT deleted AND status IN ${UNFINISHED} RETURNING 1`,
      [...keyParams(key), revision, code, message, now],
    );
    return rows.length > 0;
  }

  async touchJob(key: SourceKey, revision: number, now: Date): Promise<void> {
    await this.db.query(`UPDATE ingestion.jobs SET updated_at = $5 WHERE ${KEY} AND revision = $4`, [
      ...keyParams(key),
      revision,
      now,
    ]);
  }

  async dropLease(key: SourceKey, owner: string): Promise<void> {
    await this.db.query(`DELETE FROM ingestion.jobs WHERE ${KEY} AND deleted AND lease_owner = $4`, [
      ...keyParams(key),
      owner,
    ]);
    await this.db.query(
      `UPDATE ingestion.jobs SET lease_owner = NULL, lease_until = NULL WHERE ${KEY} AND lease_owner = $4`,
      [...keyParams(key), owner],
    );
  }

  async stalledJobs(before: Date, limit: number): Promise<JobRecord[]> {
    const rows = await this.db.query(
      `SELECT * FROM ingestion.jobs
       WHERE status IN ${UNFINISHED} AND NOT deleted AND updated_at < $1 AND (lease_until IS NULL OR lease_until < $1)
       ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map(jobFromRow);
  }

  async releaseAllLeases(): Promise<void> {
    await this.db.query(
      'UPDATE ingestion.jobs SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL',
    );
  }

  async purgeTombstones(now: Date): Promise<number> {
    const rows = await this.db.query(
      'DELETE FROM ingestion.jobs WHERE deleted AND (lease_until IS NULL OR lease_until < $1) RETURNING 1',
      [now],
    );
    return rows.length;
  }

  private async patchJob(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
    release: boolean,
  ): Promise<boolean> {
    const sets: string[] = ['updated_at = $6'];
    const params: unknown[] = [...keyParams(key), revision, owner, now];
    for (const field of [
      'status',
      'chunks_total',
      'chunks_indexed',
      'size_bytes',
      'error_code',
      'error_message',
    ] as const) {
      if (patch[field] === undefined) continue;
      params.push(patch[field]);
      sets.push(`${field} = $${params.length}`);
    }
    if (patch.status === 'completed' || patch.status === 'errored') sets.push('finished_at = $6');
    if (release) sets.push('lease_owner = NULL', 'lease_until = NULL');
    const rows = await this.db.query(
      `UPDATE ingestion.jobs SET ${sets.join(', ')}
       WHERE ${KEY} AND revision = $4 AND lease_owner = $5 AND NOT deleted RETURNING 1`,
      params,
    );
    return rows.length > 0;
  }
}
