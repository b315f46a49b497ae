import { messages, parse, PGlite, protocol } from '@electric-sql/pglite';
import { statementName } from './sql-database';

/** Statements kept prepared on the engine, at most; the least recently used one is closed first. */
export const MAX_PREPARED_STATEMENTS = 256;

/** What a prepared statement needs per call: its name, parameter types and row shape. */
interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** The statement's RowDescription, or none for a statement that returns no rows. */
  rows: messages.BackendMessage | undefined;
}

/**
 * Every statement of a PgliteDatabase, prepared once on the engine. PGlite's own query() sends six
 * protocol messages per call, each a separate call into the engine (parse, describe, bind,
 * describe, execute, sync), and PostgreSQL parses and plans the text every time. Here a text is
 * parsed once into a named statement (described once), and each call is one message of bind,
 * execute and sync; PostgreSQL's plan cache then keeps a generic plan once it has settled on one.
 * Per statement this costs about half of query() (docs/benchmarks.md).
 *
 * The caller holds PGlite's locks (run() is called inside _runExclusiveQuery). Statements are
 * session-wide and outlive transactions, so a text prepared inside one is reused outside it. At most
 * MAX_PREPARED_STATEMENTS stay prepared (texts built from values come and go); a statement whose
 * result shape changed under it (a migration altered its table: SQLSTATE 0A000) is prepared again,
 * at once outside a transaction, and at its next use inside one (the error aborted that one).
 */
export class PgliteStatements {
  private readonly statements = new Map<string, PreparedStatement>();

  constructor(private readonly db: PGlite) {}

  /** Runs `sql`; `inTransaction` when the caller holds a transaction open (no sync to disk then). */
  async run<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
    try {
      return await this.execute<T>(sql, params, !inTransaction);
    } catch (error) {
      if ((error as { code?: unknown }).code !== '0A000' || !this.statements.has(sql)) throw error;
      await this.close(sql);
      // The error aborted the caller's transaction: the next use prepares the text again.
      if (inTransaction) throw error;
      return this.execute<T>(sql, params, true);
    }
  }

  private async execute<T>(sql: string, params: readonly unknown[], syncToFs: boolean): Promise<T[]> {
    const statement = await this.statement(sql);
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
      { syncToFs },
    );
    const described = statement.rows ? [statement.rows, ...answer] : answer;
    return (parse.parseResults(described, this.db.parsers)[0]?.rows ?? []) as T[];
  }

  private async statement(sql: string): Promise<PreparedStatement> {
    const known = this.statements.get(sql);
    if (known) {
      // Most recently used last: a Map iterates in insertion order.
      this.statements.delete(sql);
      this.statements.set(sql, known);
      return known;
    }
    while (this.statements.size >= MAX_PREPARED_STATEMENTS) {
      await this.close(this.statements.keys().next().value!);
    }
    const name = statementName(sql);
    const { messages: answer } = await this.db.execProtocol(
      concat([
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
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

  private async close(sql: string): Promise<void> {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    await this.db.execProtocol(
      concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
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
