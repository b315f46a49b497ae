import { runMigrations, SqlDatabase, TableStatistics } from '@trove/platform-database';
import { memoryMigrations } from '../../migrations/memory.migrations';
import {
  GraphPendingMemory,
  MemoryKey,
  MemoryRecord,
  MemoryRevision,
  MemoryStore,
} from '../../ports/memory-store';

const keyOf = (key: MemoryKey) => JSON.stringify([key.tenant_id, key.sub_tenant_id, key.memory_id]);

const COLUMNS = `tenant_id, sub_tenant_id, memory_id, content, raw_text, user_assistant_pairs, user_name,
  custom_instructions, infer, inferred, original_chunks, inferred_chunks, expires_at, created_at, updated_at,
  graph_pending, inference, inference_usage`;

/** Rows of memory.memories joined with `k`, an unnest of key arrays $1, $2, $3. */
const KEY_JOIN =
  'm.tenant_id = k.tenant_id AND m.sub_tenant_id = k.sub_tenant_id AND m.memory_id = k.memory_id';

const keyColumns = (keys: MemoryKey[]) => [
  keys.map((k) => k.tenant_id),
  keys.map((k) => k.sub_tenant_id),
  keys.map((k) => k.memory_id),
];

/**
 * MemoryStore in SQL that runs unchanged on PostgreSQL and PGlite (the engines differ only
 * inside SqlDatabase, so one class serves both modes).
 */
export class SqlMemoryStore extends MemoryStore {
  /** PGlite's planner statistics: lookups by id use the primary key, not the order of saving. */
  private readonly statistics: TableStatistics;

  constructor(private readonly db: SqlDatabase) {
    super();
    this.statistics = new TableStatistics(db, 'memory.memories');
  }

  override async migrate(): Promise<void> {
    await runMigrations(this.db, memoryMigrations);
  }

  async isProvisioned(tenantId: string, subTenantId: string): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM memory.provisioned WHERE tenant_id = $1 AND sub_tenant_id = $2',
      [tenantId, subTenantId],
    );
    return rows.length > 0;
  }

  /**
   * One statement for the whole batch, whatever its size: rows come from unnest() over one array
   * per column, and the provisioning is a data-modifying WITH of the same statement (so both
   * happen or neither does). Timestamps and JSON travel as text, which node-postgres and PGlite
   * both put into array parameters unchanged. Only the creation time comes back (returning every
   * column doubled the statement's time on PGlite). Rows are inserted in the batch's order, so
   * `seq` numbers them as they were given; a replaced memory keeps its number.
   */
  async save(records: MemoryRecord[]): Promise<MemoryRecord[]> {
    if (records.length === 0) return [];
    if (new Set(records.map(keyOf)).size < records.length) {
      throw new Error('SqlMemoryStore.save: two records with the same key in one batch');
    }
    const column = <T>(pick: (record: MemoryRecord) => T) => records.map(pick);
    const rows = await this.db.query<MemoryKey & { created_at: Date }>(
      `WITH provisioned AS (
         INSERT INTO memory.provisioned (tenant_id, sub_tenant_id)
         SELECT DISTINCT p.tenant_id, p.sub_tenant_id FROM unnest($1::text[], $2::text[]) AS p(tenant_id, sub_tenant_id)
         ON CONFLICT DO NOTHING)
       INSERT INTO memory.memories (${COLUMNS})
       SELECT m.tenant_id, m.sub_tenant_id, m.memory_id, m.content, m.raw_text, m.pairs::jsonb, m.user_name,
         m.custom_instructions, m.infer, m.inferred::jsonb, m.original_chunks, m.inferred_chunks, m.expires_at,
         m.created_at, m.updated_at, m.graph_pending, m.inference, m.inference_usage::jsonb
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::boolean[], $10::text[], $11::int[], $12::int[], $13::timestamptz[], $14::timestamptz[], $15::timestamptz[],
         $16::boolean[], $17::text[], $18::text[])
         WITH ORDINALITY AS m(tenant_id, sub_tenant_id, memory_id, content, raw_text, pairs, user_name,
           custom_instructions, infer, inferred, original_chunks, inferred_chunks, expires_at, created_at, updated_at,
           graph_pending, inference, inference_usage, position)
       ORDER BY m.position
       ON CONFLICT (tenant_id, sub_tenant_id, memory_id) DO UPDATE SET
         content = EXCLUDED.content, raw_text = EXCLUDED.raw_text,
         user_assistant_pairs = EXCLUDED.user_assistant_pairs, user_name = EXCLUDED.user_name,
         custom_instructions = EXCLUDED.custom_instructions, infer = EXCLUDED.infer, inferred = EXCLUDED.inferred,
         original_chunks = EXCLUDED.original_chunks, inferred_chunks = EXCLUDED.inferred_chunks,
         expires_at = EXCLUDED.expires_at, updated_at = EXCLUDED.updated_at,
         graph_pending = EXCLUDED.graph_pending, inference = EXCLUDED.inference,
         inference_usage = EXCLUDED.inference_usage, revision = memories.revision + 1
       RETURNING tenant_id, sub_tenant_id, memory_id, created_at`,
      [
        column((r) => r.tenant_id),
        column((r) => r.sub_tenant_id),
        column((r) => r.memory_id),
        column((r) => r.content),
        column((r) => r.raw_text),
        column((r) => (r.user_assistant_pairs === null ? null : JSON.stringify(r.user_assistant_pairs))),
        column((r) => r.user_name),
        column((r) => r.custom_instructions),
        column((r) => r.infer),
        column((r) => JSON.stringify(r.inferred)),
        column((r) => r.original_chunks),
        column((r) => r.inferred_chunks),
        column((r) => r.expires_at?.toISOString() ?? null),
        column((r) => r.created_at.toISOString()),
        column((r) => r.updated_at.toISOString()),
        column((r) => r.graph_pending),
        column((r) => r.inference),
        column((r) => (r.inference_usage === null ? null : JSON.stringify(r.inference_usage))),
      ],
    );
    await this.statistics.written(records.length);
    // Only what the statement may have changed comes back: the text was just sent.
    const createdAt = new Map(rows.map((row) => [keyOf(row), row.created_at]));
    return records.map((record) => ({ ...record, created_at: createdAt.get(keyOf(record))! }));
  }

  async getLive(
    tenantId: string,
    subTenantId: string,
    memoryIds: string[],
    now: Date,
  ): Promise<MemoryRecord[]> {
    if (memoryIds.length === 0) return [];
    return this.db.query<MemoryRecord>(
      `SELECT ${COLUMNS} FROM memory.memories
       WHERE tenant_id = $1 AND sub_tenant_id = $2 AND memory_id = ANY($3::text[])
         AND (expires_at IS NULL OR expires_at > $4)`,
      [tenantId, subTenantId, memoryIds, now],
    );
  }

  async savedAfter(
    tenantId: string,
    subTenantId: string,
    memoryIds: string[],
    count: number,
    now: Date,
  ): Promise<Map<string, MemoryRecord[]>> {
    const after = new Map<string, MemoryRecord[]>();
    if (memoryIds.length === 0 || count < 1) return after;
    // Expired ones come back too, so that one ends its thread instead of being skipped over.
    const rows = await this.db.query<MemoryRecord & { after_id: string; position: string }>(
      `SELECT k.memory_id AS after_id, n.* FROM memory.memories k
       CROSS JOIN LATERAL (
         SELECT ${COLUMNS}, m.seq AS position FROM memory.memories m
         WHERE m.tenant_id = k.tenant_id AND m.sub_tenant_id = k.sub_tenant_id AND m.seq > k.seq
         ORDER BY m.seq LIMIT $4) n
       WHERE k.tenant_id = $1 AND k.sub_tenant_id = $2 AND k.memory_id = ANY($3::text[])
       ORDER BY k.memory_id, n.position`,
      [tenantId, subTenantId, memoryIds, count],
    );
    const ended = new Set<string>();
    for (const { after_id, position, ...record } of rows) {
      if (ended.has(after_id)) continue;
      if (record.expires_at !== null && record.expires_at <= now) {
        ended.add(after_id);
        continue;
      }
      const thread = after.get(after_id);
      if (thread) thread.push(record);
      else after.set(after_id, [record]);
    }
    return after;
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
       WHERE ${KEY_JOIN}
       RETURNING 1`,
      keyColumns(keys),
    );
    return rows.length;
  }

  async deleteSubTenant(tenantId: string, subTenantId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM memory.memories WHERE tenant_id = $1 AND sub_tenant_id = $2', [
        tenantId,
        subTenantId,
      ]);
      await tx.query('DELETE FROM memory.provisioned WHERE tenant_id = $1 AND sub_tenant_id = $2', [
        tenantId,
        subTenantId,
      ]);
    });
  }

  async countBySubTenant(tenantId: string, now: Date): Promise<Map<string, number>> {
    const rows = await this.db.query<{ sub_tenant_id: string; n: string }>(
      `SELECT sub_tenant_id, count(*) AS n FROM memory.memories
       WHERE tenant_id = $1 AND (expires_at IS NULL OR expires_at > $2) GROUP BY sub_tenant_id`,
      [tenantId, now],
    );
    return new Map(rows.map((r) => [r.sub_tenant_id, Number(r.n)]));
  }

  /**
   * SKIP LOCKED: rows another worker is claiming at this moment are passed over, not waited for;
   * the claim itself (graph_claimed_until) keeps them from the next callers.
   */
  async claimGraphPending(now: Date, limit: number, claimUntil: Date): Promise<GraphPendingMemory[]> {
    const rows = await this.db.query<GraphPendingMemory>(
      `UPDATE memory.memories m SET graph_claimed_until = $3
       FROM (SELECT tenant_id, sub_tenant_id, memory_id FROM memory.memories
             WHERE graph_pending AND (graph_claimed_until IS NULL OR graph_claimed_until <= $1)
               AND (expires_at IS NULL OR expires_at > $1)
             ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED) AS k
       WHERE ${KEY_JOIN}
       RETURNING m.tenant_id, m.sub_tenant_id, m.memory_id, m.content, m.original_chunks, m.revision, m.updated_at`,
      [now, limit, claimUntil],
    );
    // RETURNING follows no order: the oldest first, as the claim chose them.
    return rows.sort((a, b) => a.updated_at.getTime() - b.updated_at.getTime());
  }

  async markGraphDone(revisions: MemoryRevision[]): Promise<MemoryKey[]> {
    if (revisions.length === 0) return [];
    return this.db.query<MemoryKey>(
      `WITH k AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])
                    AS k(tenant_id, sub_tenant_id, memory_id, revision)),
       done AS (UPDATE memory.memories m
                SET graph_pending = m.graph_pending AND m.revision <> k.revision, graph_claimed_until = NULL
                FROM k WHERE ${KEY_JOIN}
                RETURNING m.tenant_id, m.sub_tenant_id, m.memory_id)
       SELECT k.tenant_id, k.sub_tenant_id, k.memory_id FROM k
       WHERE NOT EXISTS (SELECT 1 FROM done m WHERE ${KEY_JOIN})`,
      [...keyColumns(revisions), revisions.map((r) => r.revision)],
    );
  }

  async postponeGraph(keys: MemoryKey[], until: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.query(
      `UPDATE memory.memories m SET graph_claimed_until = $4
       FROM unnest($1::text[], $2::text[], $3::text[]) AS k(tenant_id, sub_tenant_id, memory_id)
       WHERE ${KEY_JOIN}`,
      [...keyColumns(keys), until],
    );
  }
}
