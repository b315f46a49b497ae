import { PGlite, Transaction, types } from '@electric-sql/pglite';
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '@trove/contracts';
import { PgliteStatements } from './pglite-statements';
import { SqlDatabase, SqlExecutor } from './sql-database';

/**
 * SqlDatabase on an embedded PGlite (PostgreSQL compiled to WebAssembly), the zero-setup
 * default. One instance is shared by every module of the standalone process; each module
 * keeps to its own schema.
 */
export class PgliteDatabase extends SqlDatabase {
  readonly kind = 'pglite' as const;

  private readonly statements: PgliteStatements;

  private constructor(private readonly db: PGlite) {
    super();
    this.statements = new PgliteStatements(db);
  }

  /** Opens (creating when needed) the database in `dataDir`; `'memory://'` keeps it in memory. */
  static async open(dataDir: string): Promise<PgliteDatabase> {
    const db = await PGlite.create(dataDir, {
      // node-postgres leaves int8 as a string (it may not fit a JS number); do the same so
      // code that passes on PGlite cannot break on PostgreSQL. Arrays of int8 follow suit.
      parsers: { [types.INT8]: (value: string) => value },
    });
    if (!dataDir.includes('://')) ownerOnly(dataDir);
    return new PgliteDatabase(db);
  }

  /**
   * Every statement runs prepared (pglite-statements.ts), under the locks PGlite's own query()
   * takes: never inside a transaction another caller holds open.
   */
  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return guard(async () => {
      await this.db._checkReady();
      return this.db._runExclusiveTransaction(() =>
        this.db._runExclusiveQuery(() => this.statements.run<T>(sql, params, false)),
      );
    });
  }

  /** query(): on PGlite every statement is prepared. */
  async prepared<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.query<T>(sql, params);
  }

  async exec(sql: string): Promise<void> {
    await guard(() => this.db.exec(sql));
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    // PGlite.transaction issues BEGIN/COMMIT/ROLLBACK and holds its single connection meanwhile.
    return guard(() =>
      this.db.transaction((tx) => fn(new TransactionExecutor(tx, this.db, this.statements))),
    );
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

class TransactionExecutor implements SqlExecutor {
  constructor(
    private readonly tx: Transaction,
    private readonly db: PGlite,
    private readonly statements: PgliteStatements,
  ) {}

  /** Inside the transaction (whose lock its caller holds): the database's prepared statements. */
  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    // A finished transaction refuses further statements with PGlite's own error.
    if (this.tx.closed) return (await this.tx.query<T>(sql, params as unknown[])).rows;
    return this.db._runExclusiveQuery(() => this.statements.run<T>(sql, params, true));
  }

  async prepared<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.query<T>(sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.tx.exec(sql);
  }
}

// A closed embedded database is the in-process equivalent of an unreachable server.
async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && /PGlite is closed/i.test(error.message)) {
      throw new DomainError('SERVICE_UNAVAILABLE', `PGlite is unavailable: ${error.message}`);
    }
    throw error;
  }
}

/**
 * PGlite unpacks a new database's files from its bundled image as 666, whatever the process's
 * umask (files it creates later follow the umask). Folders 700 and files 600, so that only this
 * user can read the data (restrictNewFiles covers everything else).
 */
function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}
