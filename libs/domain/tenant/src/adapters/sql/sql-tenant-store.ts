import { Scope } from '@trove/contracts';
import { runMigrations, SqlDatabase, SqlExecutor } from '@trove/platform-database';
import { tenantMigrations } from '../../migrations/tenant.migrations';
import {
  ApiKeyRecord,
  EnsureOutcome,
  NewApiKey,
  SubTenantKey,
  SubTenantRecord,
  TenantRecord,
  TenantStore,
} from '../../ports/tenant-store';

interface ApiKeyRow {
  api_key_id: string;
  owner_id: string;
  scopes: Scope[];
  display_prefix: string;
  bootstrap: boolean;
  created_at: Date;
  revoked_at: Date | null;
}

interface TenantRow {
  tenant_id: string;
  owner_id: string;
  created_at: Date;
}

interface SubTenantRow {
  sub_tenant_id: string;
  created_at: Date;
}

const KEY_COLUMNS = 'api_key_id, owner_id, scopes, display_prefix, bootstrap, created_at, revoked_at';

// Two-key advisory lock (class, key) taken while the bootstrap key changes, so instances that
// start together do not each revoke the other's key.
const BOOTSTRAP_LOCK = [0x7472, 0x626b] as const; // "tr", "bk"

/**
 * The tenant store in SQL that runs unchanged on PostgreSQL and on PGlite (both are the same
 * PostgreSQL engine, and SqlDatabase parses rows identically on both). Why one base class and
 * two thin adapters rather than two copies: the rules about keys and tenants live in this SQL,
 * and two copies would drift apart. The adapters still exist as separate classes because they
 * are what the module picks by `database.kind`, what the contract suite runs against, and the
 * place for an engine-specific override if one is ever needed.
 */
export abstract class SqlTenantStore extends TenantStore {
  protected constructor(protected readonly db: SqlDatabase) {
    super();
  }

  /** Brings the `tenant` schema up to date; safe to call from several instances at once. */
  override async migrate(): Promise<void> {
    await runMigrations(this.db, tenantMigrations);
  }

  async createApiKey(key: NewApiKey): Promise<ApiKeyRecord> {
    return this.db.transaction(async (tx) => {
      await ensureOwner(tx, key.ownerId);
      return insertKey(tx, key, false);
    });
  }

  async findActiveApiKey(keyHash: string): Promise<ApiKeyRecord | null> {
    const rows = await this.db.query<ApiKeyRow>(
      `SELECT ${KEY_COLUMNS} FROM tenant.api_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
      [keyHash],
    );
    return rows[0] ? toKey(rows[0]) : null;
  }

  async findApiKeyById(apiKeyId: string): Promise<ApiKeyRecord | null> {
    const rows = await this.db.query<ApiKeyRow>(
      `SELECT ${KEY_COLUMNS} FROM tenant.api_keys WHERE api_key_id = $1`,
      [apiKeyId],
    );
    return rows[0] ? toKey(rows[0]) : null;
  }

  async listApiKeys(ownerId?: string): Promise<ApiKeyRecord[]> {
    const rows = await this.db.query<ApiKeyRow>(
      `SELECT ${KEY_COLUMNS} FROM tenant.api_keys WHERE $1::text IS NULL OR owner_id = $1
       ORDER BY created_at, created_seq`,
      [ownerId ?? null],
    );
    return rows.map(toKey);
  }

  async revokeApiKey(apiKeyId: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE tenant.api_keys SET revoked_at = now() WHERE api_key_id = $1 AND revoked_at IS NULL RETURNING 1`,
      [apiKeyId],
    );
    return rows.length > 0;
  }

  async findBootstrapKey(): Promise<ApiKeyRecord | null> {
    const rows = await this.db.query<ApiKeyRow>(
      `SELECT ${KEY_COLUMNS} FROM tenant.api_keys WHERE bootstrap AND revoked_at IS NULL`,
    );
    return rows[0] ? toKey(rows[0]) : null;
  }

  async setBootstrapKey(key: NewApiKey): Promise<ApiKeyRecord> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...BOOTSTRAP_LOCK]);
      await ensureOwner(tx, key.ownerId);
      await tx.query(
        `UPDATE tenant.api_keys SET revoked_at = now()
          WHERE bootstrap AND revoked_at IS NULL AND key_hash <> $1`,
        [key.keyHash],
      );
      const rows = await tx.query<ApiKeyRow>(
        `INSERT INTO tenant.api_keys (api_key_id, owner_id, key_hash, display_prefix, scopes, bootstrap)
         VALUES ($1, $2, $3, $4, $5, true)
         ON CONFLICT (key_hash) DO UPDATE
           SET owner_id = EXCLUDED.owner_id, scopes = EXCLUDED.scopes, bootstrap = true, revoked_at = NULL
         RETURNING ${KEY_COLUMNS}`,
        [key.apiKeyId, key.ownerId, key.keyHash, key.displayPrefix, key.scopes],
      );
      return toKey(rows[0]!);
    });
  }

  async createBootstrapKeyIfAbsent(key: NewApiKey): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...BOOTSTRAP_LOCK]);
      const live = await tx.query(`SELECT 1 FROM tenant.api_keys WHERE bootstrap AND revoked_at IS NULL`);
      if (live.length > 0) return false;
      await ensureOwner(tx, key.ownerId);
      await insertKey(tx, key, true);
      return true;
    });
  }

  async createTenant(tenantId: string, ownerId: string): Promise<TenantRecord | null> {
    return this.db.transaction(async (tx) => {
      await ensureOwner(tx, ownerId);
      const rows = await tx.query<TenantRow>(
        `INSERT INTO tenant.tenants (tenant_id, owner_id) VALUES ($1, $2)
         ON CONFLICT (tenant_id) DO NOTHING
         RETURNING tenant_id, owner_id, created_at`,
        [tenantId, ownerId],
      );
      if (!rows[0]) return null;
      await tx.query(
        `INSERT INTO tenant.sub_tenants (tenant_id, sub_tenant_id, created_at) VALUES ($1, $1, $2)`,
        [tenantId, rows[0].created_at],
      );
      return toTenant(rows[0]);
    });
  }

  async findTenant(tenantId: string): Promise<TenantRecord | null> {
    const rows = await this.db.query<TenantRow>(
      `SELECT tenant_id, owner_id, created_at FROM tenant.tenants WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows[0] ? toTenant(rows[0]) : null;
  }

  async listSubTenants(tenantId: string): Promise<SubTenantRecord[]> {
    // The default sub-tenant first, then by age; the id breaks ties so the order is stable.
    const rows = await this.db.query<SubTenantRow>(
      `SELECT sub_tenant_id, created_at FROM tenant.sub_tenants WHERE tenant_id = $1
        ORDER BY sub_tenant_id <> tenant_id, created_at, sub_tenant_id`,
      [tenantId],
    );
    return rows.map(toSubTenant);
  }

  async findSubTenant(tenantId: string, subTenantId: string): Promise<SubTenantRecord | null> {
    const rows = await this.db.query<SubTenantRow>(
      `SELECT sub_tenant_id, created_at FROM tenant.sub_tenants WHERE tenant_id = $1 AND sub_tenant_id = $2`,
      [tenantId, subTenantId],
    );
    return rows[0] ? toSubTenant(rows[0]) : null;
  }

  async ensureSubTenants(refs: SubTenantKey[]): Promise<EnsureOutcome[]> {
    if (refs.length === 0) return [];
    const keyOf = (ref: SubTenantKey) => JSON.stringify([ref.tenantId, ref.subTenantId]);
    const outcomes = new Map<string, EnsureOutcome>();
    // Nearly every call is for sub-tenants that exist: a read answers those, and only the rest
    // pay for the insert.
    const existing = await this.db.query<{ tenant_id: string; sub_tenant_id: string }>(
      `SELECT s.tenant_id, s.sub_tenant_id FROM tenant.sub_tenants s
       JOIN unnest($1::text[], $2::text[]) AS w(tenant_id, sub_tenant_id)
         ON s.tenant_id = w.tenant_id AND s.sub_tenant_id = w.sub_tenant_id`,
      [refs.map((ref) => ref.tenantId), refs.map((ref) => ref.subTenantId)],
    );
    for (const row of existing) {
      outcomes.set(keyOf({ tenantId: row.tenant_id, subTenantId: row.sub_tenant_id }), 'existed');
    }
    const missing = [...new Map(refs.map((ref) => [keyOf(ref), ref])).values()].filter(
      (ref) => !outcomes.has(keyOf(ref)),
    );
    if (missing.length > 0) {
      // INSERT … SELECT from the tenants that exist, so a missing tenant inserts nothing instead of
      // failing on the foreign key; ON CONFLICT so concurrent first writes agree on who created it.
      const rows = await this.db.query<{ i: string; created: boolean; tenant_exists: boolean }>(
        `WITH wanted AS (
           SELECT w.tenant_id, w.sub_tenant_id, w.i
           FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS w(tenant_id, sub_tenant_id, i)),
         inserted AS (
           INSERT INTO tenant.sub_tenants (tenant_id, sub_tenant_id)
           SELECT w.tenant_id, w.sub_tenant_id FROM wanted w JOIN tenant.tenants t ON t.tenant_id = w.tenant_id
           ON CONFLICT (tenant_id, sub_tenant_id) DO NOTHING
           RETURNING tenant_id, sub_tenant_id)
         SELECT w.i, i.tenant_id IS NOT NULL AS created, t.tenant_id IS NOT NULL AS tenant_exists
         FROM wanted w
         LEFT JOIN inserted i ON i.tenant_id = w.tenant_id AND i.sub_tenant_id = w.sub_tenant_id
         LEFT JOIN tenant.tenants t ON t.tenant_id = w.tenant_id`,
        [missing.map((ref) => ref.tenantId), missing.map((ref) => ref.subTenantId)],
      );
      for (const row of rows) {
        const ref = missing[Number(row.i) - 1]!;
        outcomes.set(keyOf(ref), row.created ? 'created' : row.tenant_exists ? 'existed' : 'no-tenant');
      }
    }
    return refs.map((ref) => outcomes.get(keyOf(ref))!);
  }

  async deleteSubTenant(tenantId: string, subTenantId: string): Promise<boolean> {
    const rows = await this.db.query(
      `DELETE FROM tenant.sub_tenants WHERE tenant_id = $1 AND sub_tenant_id = $2 RETURNING 1`,
      [tenantId, subTenantId],
    );
    return rows.length > 0;
  }
}

async function ensureOwner(tx: SqlExecutor, ownerId: string): Promise<void> {
  await tx.query(`INSERT INTO tenant.owners (owner_id) VALUES ($1) ON CONFLICT (owner_id) DO NOTHING`, [
    ownerId,
  ]);
}

async function insertKey(tx: SqlExecutor, key: NewApiKey, bootstrap: boolean): Promise<ApiKeyRecord> {
  const rows = await tx.query<ApiKeyRow>(
    `INSERT INTO tenant.api_keys (api_key_id, owner_id, key_hash, display_prefix, scopes, bootstrap)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${KEY_COLUMNS}`,
    [key.apiKeyId, key.ownerId, key.keyHash, key.displayPrefix, key.scopes, bootstrap],
  );
  return toKey(rows[0]!);
}

function toKey(row: ApiKeyRow): ApiKeyRecord {
  return {
    apiKeyId: row.api_key_id,
    ownerId: row.owner_id,
    scopes: row.scopes,
    displayPrefix: row.display_prefix,
    bootstrap: row.bootstrap,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

function toTenant(row: TenantRow): TenantRecord {
  return { tenantId: row.tenant_id, ownerId: row.owner_id, createdAt: row.created_at };
}

function toSubTenant(row: SubTenantRow): SubTenantRecord {
  return { subTenantId: row.sub_tenant_id, createdAt: row.created_at };
}
