import { runMigrations, SqlDatabase } from '@trove/platform-database';
import { ingestionMigrations } from '../../migrations/ingestion.migrations';
import { JobBacklog, JobPatch, JobRecord, JobStore } from '../../ports/job-store';
import { SourceKey } from '../../ports/source-store';
import { jobFromRow, KEY, keyParams, UNFINISHED } from './sql-source-rows';

/**
 * JobStore in SQL that runs unchanged on PostgreSQL and PGlite (`ingestion.jobs`). The job rules
 * live in the WHERE clauses: a write names the revision and lease owner it expects, so concurrent
 * workers and uploads settle by the database, not by timing.
 */
export class SqlJobStore extends JobStore {
  constructor(private readonly db: SqlDatabase) {
    super();
  }

  /** The jobs table is part of the `ingestion` schema, which this migrates (idempotent). */
  override async migrate(): Promise<void> {
    await runMigrations(this.db, ingestionMigrations);
  }

  async get(key: SourceKey): Promise<JobRecord | undefined> {
    const rows = await this.db.query(`SELECT * FROM ingestion.jobs WHERE ${KEY}`, keyParams(key));
    return rows[0] ? jobFromRow(rows[0]) : undefined;
  }

  async claim(key: SourceKey, owner: string, now: Date, leaseUntil: Date): Promise<JobRecord | undefined> {
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

  async update(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
  ): Promise<boolean> {
    return this.patchJob(key, revision, owner, patch, now, false);
  }

  async finish(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
  ): Promise<boolean> {
    return this.patchJob(key, revision, owner, patch, now, true);
  }

  async fail(key: SourceKey, revision: number, code: string, message: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE ingestion.jobs SET status = 'errored', error_code = COALESCE(error_code, $5), error_message = $6,
         lease_owner = NULL, lease_until = NULL, finished_at = $7, updated_at = $7
       WHERE ${KEY} AND revision = $4 AND NOT deleted AND status IN ${UNFINISHED} RETURNING 1`,
      [...keyParams(key), revision, code, message, now],
    );
    return rows.length > 0;
  }

  async touch(key: SourceKey, revision: number, now: Date): Promise<void> {
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

  async stalled(before: Date, limit: number): Promise<JobRecord[]> {
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

  /** Only unfinished rows: the partial index jobs_unfinished holds exactly these, finished ones are skipped. */
  async backlog(): Promise<JobBacklog> {
    const rows = await this.db.query<{ status: string; n: string; oldest: Date | string | null }>(
      `SELECT status, count(*) AS n, min(queued_at) AS oldest FROM ingestion.jobs
       WHERE status IN ${UNFINISHED} AND NOT deleted GROUP BY status`,
    );
    const backlog: JobBacklog = { queued: 0, processing: 0, graph_creation: 0, oldest_queued_at: null };
    for (const row of rows) {
      if (row.status !== 'queued' && row.status !== 'processing' && row.status !== 'graph_creation') continue;
      backlog[row.status] = Number(row.n);
      if (row.status === 'queued' && row.oldest !== null) backlog.oldest_queued_at = new Date(row.oldest);
    }
    return backlog;
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
      'indexed_at',
    ] as const) {
      if (patch[field] === undefined) continue;
      params.push(patch[field]);
      sets.push(`${field} = $${params.length}`);
    }
    if (patch.graph !== undefined) {
      params.push(JSON.stringify(patch.graph));
      sets.push(`graph = $${params.length}::jsonb`);
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
