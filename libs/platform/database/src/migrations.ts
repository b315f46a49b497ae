import { SqlDatabase } from './sql-database';

/** One step of a schema's history. Versions only ever grow; an applied step is never edited. */
export interface Migration {
  version: number;
  name: string;
  /** One or more statements; table names qualified with the schema (`tenant.tenants`). */
  sql: string;
}

/** A domain's Postgres schema and its ordered history. */
export interface MigrationSet {
  schema: string;
  migrations: readonly Migration[];
}

export interface MigrationResult {
  /** Versions applied by this call, in order (empty when the schema was up to date). */
  applied: number[];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Brings `schema` up to date: creates it and `<schema>.schema_migrations` when missing, then
 * applies the pending migrations in version order, all in one transaction (a failing step
 * leaves nothing half-done).
 *
 * Several instances may start at once: a transaction-scoped advisory lock keyed by the schema
 * name makes them queue, so the second one finds the work done. The lock also serialises
 * `CREATE SCHEMA IF NOT EXISTS`, which is not race-free on its own. On PGlite the lock is
 * trivially granted (one connection), and transactions are serialised anyway.
 */
export async function runMigrations(db: SqlDatabase, set: MigrationSet): Promise<MigrationResult> {
  const migrations = checkMigrationSet(set);
  const { schema } = set;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [MIGRATION_LOCK_CLASS, schema]);
    await tx.exec(
      `CREATE SCHEMA IF NOT EXISTS ${schema};
       CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       );`,
    );
    const rows = await tx.query<{ version: number }>(`SELECT version FROM ${schema}.schema_migrations`);
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MigrationError(
          `Migration ${schema} v${migration.version} (${migration.name}) failed: ${reason}`,
          error,
        );
      }
      await tx.query(`INSERT INTO ${schema}.schema_migrations (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return { applied };
  });
}

/** Versions recorded as applied in `schema`, ascending (empty when the schema has none yet). */
export async function appliedMigrations(db: SqlDatabase, schema: string): Promise<number[]> {
  checkSchemaName(schema);
  const exists = await db.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
    `${schema}.schema_migrations`,
  ]);
  if (!exists[0]?.present) return [];
  const rows = await db.query<{ version: number }>(
    `SELECT version FROM ${schema}.schema_migrations ORDER BY version`,
  );
  return rows.map((row) => row.version);
}

/** A migration step failed; the whole run was rolled back. `cause` is the driver's error. */
export class MigrationError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

// The first key of the two-key advisory lock: keeps our locks apart from any other user's.
const MIGRATION_LOCK_CLASS = 0x7472; // "tr"

function checkSchemaName(schema: string): void {
  // The schema name is spliced into SQL, so only plain lower-case identifiers are allowed.
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name '${schema}': use [a-z_][a-z0-9_]*`);
}

function checkMigrationSet(set: MigrationSet): Migration[] {
  checkSchemaName(set.schema);
  const sorted = [...set.migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((migration, index) => {
    if (!Number.isInteger(migration.version) || migration.version < 1) {
      throw new Error(`Migration '${migration.name}' of ${set.schema}: version must be a positive integer`);
    }
    if (index > 0 && sorted[index - 1]!.version === migration.version) {
      throw new Error(`Migrations of ${set.schema}: version ${migration.version} appears twice`);
    }
  });
  return sorted;
}
