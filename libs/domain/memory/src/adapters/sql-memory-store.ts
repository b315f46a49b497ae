import { runMigrations, SqlDatabase } from '@trove/platform-database';
import { memoryMigrations } from '../migrations/memory.migrations';
import { MemoryKey, MemoryRecord, MemoryStore } from '../ports/memory-store';

const COLUMNS = `tenant_id, sub_tenant_id, memory_id, content, raw_text, user_assistant_pairs, user_name,
  custom_instructions, infer, inferred, original_chunks, inferred_chunks, expires_at, created_at, updated_at`;

/**
 * MemoryStore in SQL that runs unchanged on PostgreSQL and PGlite (the engines differ only
 * inside SqlDatabase, so one class serves both modes).
 */
export class SqlMemoryStore extends MemoryStore {
  constructor(private readonly db: SqlDatabase) {
    super();
  }

  async migrate(): Promise<void> {
    await runMigrations(this.db, memoryMigrations);
  }

  async provision(tenantId: string, subTenantId: string): Promise<void> {
    await this.db.query(
      'INSERT INTO memory.provisioned (tenant_id, sub_tenant_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [tenantId, subTenantId],
    );
  }

  async isProvisioned(tenantId: string, subTenantId: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM memory.provisioned WHERE tenant_id = $1 AND sub_tenant_id = $2', [
      tenantId,
      subTenantId,
    ]);
    return rows.length > 0;
  }

  async upsert(record: MemoryRecord): Promise<MemoryRecord> {
    const [row] = await this.db.query<MemoryRecord>(
      `INSERT INTO memory.memories (${COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15)
       ON CONFLICT (tenant_id, sub_tenant_id, memory_id) DO UPDATE SET
         content = EXCLUDED.content, raw_text = EXCLUDED.raw_text,
         user_assistant_pairs = EXCLUDED.user_assistant_pairs, user_name = EXCLUDED.user_name,
         custom_instructions = EXCLUDED.custom_instructions, infer = EXCLUDED.infer, inferred = EXCLUDED.inferred,
         original_chunks = EXCLUDED.original_chunks, inferred_chunks = EXCLUDED.inferred_chunks,
         expires_at = EXCLUDED.expires_at, updated_at = EXCLUDED.updated_at
       RETURNING ${COLUMNS}`,
      [
        record.tenant_id,
        record.sub_tenant_id,
        record.memory_id,
        record.content,
        record.raw_text,
        record.user_assistant_pairs === null ? null : JSON.stringify(record.user_assistant_pairs),
        record.user_name,
        record.custom_instructions,
        record.infer,
        JSON.stringify(record.inferred),
        record.original_chunks,
        record.inferred_chunks,
        record.expires_at,
        record.created_at,
        record.updated_at,
      ],
    );
    return row!;
  }

  async getLive(tenantId: string, subTenantId: string, memoryIds: string[], now: Date): Promise<MemoryRecord[]> {
    if (memoryIds.length === 0) return [];
    return this.db.query<MemoryRecord>(
      `SELECT ${COLUMNS} FROM memory.memories
       WHERE tenant_id = $1 AND sub_tenant_id = $2 AND memory_id = ANY($3::text[])
         AND (expires_at IS NULL OR expires_at > $4)`,
      [tenantId, subTenantId, memoryIds, now],
    );
  }

  async delete(key: MemoryKey): Promise<boolean> {
    const rows = await this.db.query(
      'DELETE FROM memory.memories WHERE tenant_id = $1 AND sub_tenant_id = $2 AND memory_id = $3 RETURNING 1',
      [key.tenant_id, key.sub_tenant_id, key.memory_id],
    );
    return rows.length > 0;
  }

  async listExpired(now: Date, limit: number): Promise<MemoryKey[]> {
    return this.db.query<MemoryKey>(
      `SELECT tenant_id, sub_tenant_id, memory_id FROM memory.memories
       WHERE expires_at IS NOT NULL AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
      [now, limit],
    );
  }

  async deleteMany(keys: MemoryKey[]): Promise<number> {
    if (keys.length === 0) return 0;
    const rows = await this.db.query(
      `DELETE FROM memory.memories m
       USING unnest($1::text[], $2::text[], $3::text[]) AS k(tenant_id, sub_tenant_id, memory_id)
       WHERE m.tenant_id = k.tenant_id AND m.sub_tenant_id = k.sub_tenant_id AND m.memory_id = k.memory_id
       RETURNING 1`,
      [keys.map((k) => k.tenant_id), keys.map((k) => k.sub_tenant_id), keys.map((k) => k.memory_id)],
    );
    return rows.length;
  }

  async deleteSubTenant(tenantId: string, subTenantId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM memory.memories WHERE tenant_id = $1 AND sub_tenant_id = $2', [tenantId, subTenantId]);
      await tx.query('DELETE FROM memory.provisioned WHERE tenant_id = $1 AND sub_tenant_id = $2', [tenantId, subTenantId]);
    });
  }

  async countBySubTenant(tenantId: string, now: Date): Promise<Record<string, number>> {
    const rows = await this.db.query<{ sub_tenant_id: string; n: string }>(
      `SELECT sub_tenant_id, count(*) AS n FROM memory.memories
       WHERE tenant_id = $1 AND (expires_at IS NULL OR expires_at > $2) GROUP BY sub_tenant_id`,
      [tenantId, now],
    );
    return Object.fromEntries(rows.map((r) => [r.sub_tenant_id, Number(r.n)]));
  }
}
