import { messages, parse, PGlite, protocol, Transaction, types } from '@electric-sql/pglite';
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '@trove/contracts';
import { SqlDatabase, SqlExecutor, statementName } from './sql-database';

/** What a statement prepared on the engine needs per call: its name, parameter types and row shape. */
interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** The statement's RowDescription, or none for a statement that returns no rows. */
  rows: messages.BackendMessage | undefined;
}

/**
 * SqlDatabase on an embedded PGlite (PostgreSQL compiled to WebAssembly), the zero-setup
 * default. One instance is shared by every module of the standalone process; each module
 * keeps to its own schema.
 */
export class PgliteDatabase extends SqlDatabase {
  readonly kind = 'pglite' as const;

  /** Statements prepared on the engine, by their text (PGlite is one connection for its life). */
  private readonly statements = new Map<string, PreparedStatement>();

  private constructor(private readonly db: PGlite) {
    super();
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

  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await guard(() => this.db.query<T>(sql, params as unknown[]))).rows;
  }

  /**
   * query() sends six protocol messages to the engine, one call each: parse, describe, bind,
   * describe, execute, sync; PostgreSQL parses and plans the text every time. Here the text is
   * parsed once (a named statement, described once) and every call is one message of bind,
   * execute and sync, under the same locks query() takes, so it never runs inside another
   * caller's transaction. PostgreSQL's plan cache then plans it once it settles on a generic plan.
   */
  async prepared<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return guard(() =>
      this.db._runExclusiveTransaction(() =>
        this.db._runExclusiveQuery(async () => {
          const statement = this.statements.get(sql) ?? (await this.prepare(sql));
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serialize = this.db.serializers[statement.parameterTypes[i]!];
            return serialize ? serialize(value) : String(value);
          });
          const { messages: answer } = await this.db.execProtocol(
            concat([
              protocol.serialize.bind({ statement: statement.name, values }),
              protocol.serialize.execute({}),
              protocol.serialize.sync(),
            ]),
          );
          const described = statement.rows ? [statement.rows, ...answer] : answer;
          return (parse.parseResults(described, this.db.parsers)[0]?.rows ?? []) as T[];
        }),
      ),
    );
  }

  private async prepare(sql: string): Promise<PreparedStatement> {
    const name = statementName(sql);
    const { messages: answer } = await this.db.execProtocol(
      concat([
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const parameters = answer.find(
      (m): m is messages.ParameterDescriptionMessage => m.name === 'parameterDescription',
    );
    const statement: PreparedStatement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      rows: answer.find((m) => m.name === 'rowDescription'),
    };
    this.statements.set(sql, statement);
    return statement;
  }

  async exec(sql: string): Promise<void> {
    await guard(() => this.db.exec(sql));
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    // PGlite.transaction issues BEGIN/COMMIT/ROLLBACK and holds its single connection meanwhile.
    return guard(() => this.db.transaction((tx) => fn(new TransactionExecutor(tx))));
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

class TransactionExecutor implements SqlExecutor {
  constructor(private readonly tx: Transaction) {}

  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.tx.query<T>(sql, params as unknown[])).rows;
  }

  /** Inside a transaction, a plain query: statements prepared on the engine belong to the database's own calls. */
  async prepared<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.query<T>(sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.tx.exec(sql);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
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
