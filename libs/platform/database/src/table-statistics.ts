import { SqlDatabase } from './sql-database';

/**
 * Keeps a table's planner statistics fresh on PGlite, which runs no autovacuum. Without them its
 * planner never learns that a table grew, and takes any index whose leading columns match a scope
 * where the primary key would find the rows: search.chunks' getMany at 100k chunks took 37 ms
 * instead of 4.7 ms; memory.memories' lookup of 50 memories by id among 20,000 took 20 ms instead
 * of 0.9 ms once a second index led with the sub-tenant (bench/memory-store.bench.mjs). So the
 * table is ANALYZEd once it has grown by a tenth, and by at least `minRows` (PostgreSQL's
 * autovacuum does this itself: there this does nothing).
 */
export class TableStatistics {
  private writtenSinceAnalyze = 0;
  private rowsAtAnalyze = 0;

  constructor(
    private readonly db: SqlDatabase,
    /** A schema-qualified table name from code, never from a request. */
    private readonly table: string,
    private readonly minRows = 1000,
  ) {}

  /** Counts rows written; ANALYZEs the table when enough have been since the last time. */
  async written(rows: number): Promise<void> {
    if (this.db.kind !== 'pglite') return;
    this.writtenSinceAnalyze += rows;
    if (this.writtenSinceAnalyze < Math.max(this.minRows, this.rowsAtAnalyze / 10)) return;
    this.writtenSinceAnalyze = 0;
    await this.db.query(`ANALYZE ${this.table}`);
    // The row count ANALYZE just recorded, rather than counting the table again.
    const [row] = await this.db.query<{ n: number }>(
      'SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass',
      [this.table],
    );
    this.rowsAtAnalyze = Math.max(0, Number(row?.n ?? 0));
  }
}
