import { createHash } from 'node:crypto';

/** The engines behind a SqlDatabase; every SQL statement we write must run on both. */
export type SqlDatabaseKind = 'postgres' | 'pglite';

/**
 * Runs statements on one connection: the database itself, or an open transaction.
 * Row values are parsed the node-postgres way on both engines: int8 and numeric as strings,
 * timestamptz as Date, json/jsonb as objects, arrays as arrays.
 */
export interface SqlExecutor {
  /** Runs ONE statement with `$1`-style parameters (JS arrays bind as Postgres arrays) and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * query() for a statement on a hot path: the connection keeps it parsed, keyed by its text, and
   * once PostgreSQL's plan cache settles on a generic plan, planned; a call then sends only its
   * parameters. Same parameters, rows and errors as query(). For a fixed set of texts only (each
   * text stays prepared for the connection's life): never for SQL built from values.
   */
  prepared<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Runs a script of one or more statements without parameters (migrations). PGlite's
   * parameterised path refuses multi-statement text, so scripts need their own entry point.
   */
  exec(sql: string): Promise<void>;
}

/**
 * Framework-free SQL access shared by every domain service: a real PostgreSQL server or an
 * embedded PGlite database, behind the same calls. Failures that mean the server cannot be
 * reached reject with DomainError('SERVICE_UNAVAILABLE'); anything else (constraint
 * violations, syntax errors) rejects with the driver's error, whose `code` is the SQLSTATE.
 */
export abstract class SqlDatabase implements SqlExecutor {
  abstract readonly kind: SqlDatabaseKind;

  abstract query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;

  abstract prepared<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;

  abstract exec(sql: string): Promise<void>;

  /**
   * Runs `fn` inside BEGIN … COMMIT, rolling back when it throws. Inside `fn` use only `tx`:
   * PGlite has a single connection, so a call on the database itself would wait for the
   * transaction to end, and never would.
   */
  abstract transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;

  /** Resolves when the database answers a trivial query; rejects with SERVICE_UNAVAILABLE otherwise. */
  abstract ping(): Promise<void>;

  /** Releases connections (or the embedded engine); calling it again is harmless. Further queries reject. */
  abstract close(): Promise<void>;
}

/** SQLSTATE of a driver error (both drivers expose it as `code`), or undefined. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** True when `error` is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** A prepared statement's name: its text's digest, so that one text is one statement per connection. */
export function statementName(sql: string): string {
  return `trove_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}
