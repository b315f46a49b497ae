import { Pool, PoolClient } from 'pg';
import { SqlDatabase, SqlExecutor, statementName } from './sql-database';
import { mapPostgresError } from './postgres-errors';

export interface PostgresDatabaseOptions {
  /** Pool size (default 10). */
  max?: number;
  /** How long to wait for a connection before answering SERVICE_UNAVAILABLE (default 5000 ms). */
  connectionTimeoutMillis?: number;
}

/** SqlDatabase on a real PostgreSQL server through a node-postgres pool. */
export class PostgresDatabase extends SqlDatabase {
  readonly kind = 'postgres' as const;

  private constructor(private readonly pool: Pool) {
    super();
  }

  /**
   * Creates the pool without touching the server: connections open on first use, so a
   * service can start while PostgreSQL is still coming up and report it through `ping()`.
   */
  static async connect(url: string, options: PostgresDatabaseOptions = {}): Promise<PostgresDatabase> {
    const pool = new Pool({
      connectionString: url,
      max: options.max ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    });
    // An idle client losing its connection emits 'error' on the pool; unhandled, that would
    // crash the process. The pool discards the client, and the next query reports the outage.
    pool.on('error', () => undefined);
    return new PostgresDatabase(pool);
  }

  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    try {
      const result = await this.pool.query(sql, params as unknown[]);
      return result.rows as T[];
    } catch (error) {
      throw mapPostgresError(error);
    }
  }

  prepared<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return runPrepared<T>(this.pool, sql, params);
  }

  async exec(sql: string): Promise<void> {
    try {
      await this.pool.query(sql);
    } catch (error) {
      throw mapPostgresError(error);
    }
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw mapPostgresError(error);
    }
    let broken: unknown;
    // The server can end this connection while it is checked out and between two statements (a
    // restart, an admin's pg_terminate_backend). node-postgres then emits 'error' on the client,
    // which the pool listens for only while the client is idle: without a listener here it is an
    // uncaught exception that ends the process. The next statement fails on its own (mapped to
    // SERVICE_UNAVAILABLE), and the client goes back to the pool as broken.
    const onConnectionError = (error: unknown) => {
      broken ??= error;
    };
    client.on('error', onConnectionError);
    try {
      await client.query('BEGIN');
      const result = await fn(new ClientExecutor(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // The connection is unusable: hand it back as broken so the pool destroys it.
        broken = rollbackError;
      }
      throw mapPostgresError(error);
    } finally {
      client.off('error', onConnectionError);
      client.release(broken !== undefined);
    }
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}

class ClientExecutor implements SqlExecutor {
  constructor(private readonly client: PoolClient) {}

  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    try {
      const result = await this.client.query(sql, params as unknown[]);
      return result.rows as T[];
    } catch (error) {
      throw mapPostgresError(error);
    }
  }

  prepared<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return runPrepared<T>(this.client, sql, params);
  }

  async exec(sql: string): Promise<void> {
    try {
      await this.client.query(sql);
    } catch (error) {
      throw mapPostgresError(error);
    }
  }
}

/** A named statement: node-postgres prepares it once per connection (pooled or held) and reuses it. */
async function runPrepared<T>(on: Pool | PoolClient, sql: string, params: readonly unknown[]): Promise<T[]> {
  try {
    const result = await on.query({ name: statementName(sql), text: sql, values: params as unknown[] });
    return result.rows as T[];
  } catch (error) {
    throw mapPostgresError(error);
  }
}
