import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { appliedMigrations, MigrationError, Migration, runMigrations } from './migrations';
import { isUniqueViolation, SqlDatabase, sqlState } from './sql-database';

/** Opens a fresh, empty database for one suite; `dispose` closes it and removes what it left. */
export type SqlDatabaseFactory = () => Promise<{ db: SqlDatabase; dispose(): Promise<void> }>;

const items: Migration[] = [
  { version: 1, name: 'items', sql: 'CREATE TABLE demo.items (id text PRIMARY KEY, n int8 NOT NULL);' },
  {
    version: 2,
    name: 'tags',
    sql: `ALTER TABLE demo.items ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
          CREATE INDEX items_tags ON demo.items USING gin (tags);`,
  },
];

/**
 * The behaviour every SqlDatabase adapter must show, so the same SQL behaves the same on
 * PostgreSQL and PGlite. Run by pglite-database.spec.ts and postgres-database.int-spec.ts.
 */
export function describeSqlDatabase(name: string, open: SqlDatabaseFactory): void {
  describe(`SqlDatabase contract: ${name}`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void>;

    before(async () => {
      ({ db, dispose } = await open());
    });
    after(async () => {
      await dispose();
    });

    it('answers ping', async () => {
      await db.ping();
    });

    it('binds $n parameters and parses rows the node-postgres way', async () => {
      const [row] = await db.query<Record<string, unknown>>(
        `SELECT $1::text AS t, $2::int4 AS i, $3::int8 AS big, $4::text[] AS arr, $5::jsonb AS j,
                '2024-01-02T03:04:05Z'::timestamptz AS at, 1.5::numeric AS n, $6::boolean AS b`,
        ['x', 7, '9007199254740993', ['a', 'b'], JSON.stringify({ k: 1 }), true],
      );
      assert.deepEqual(row, {
        t: 'x',
        i: 7,
        big: '9007199254740993',
        arr: ['a', 'b'],
        j: { k: 1 },
        at: new Date('2024-01-02T03:04:05Z'),
        n: '1.5',
        b: true,
      });
      const [count] = await db.query<{ c: string }>('SELECT count(*) AS c FROM (VALUES (1), (2)) AS v(x)');
      assert.equal(count!.c, '2');
    });

    it('runs a prepared statement like query(), again and again, with its own parameters each time', async () => {
      const sql = `SELECT $1::text AS t, $2::int8 AS big, $3::text[] AS arr, $4::jsonb AS j, $5::text AS none,
                          x FROM unnest($3::text[]) AS u(x) ORDER BY x LIMIT $6`;
      for (const [word, limit] of [
        ['x', 2],
        ["it's", 1],
        ['ü', 5],
      ] as const) {
        const args = [word, '9007199254740993', ['b', 'a', word], JSON.stringify({ k: [1] }), null, limit];
        const prepared = await db.prepared<Record<string, unknown>>(sql, args);
        assert.deepEqual(prepared, await db.query(sql, args));
        assert.equal(prepared.length, Math.min(3, limit));
        assert.deepEqual(prepared[0], {
          t: word,
          big: '9007199254740993',
          arr: ['b', 'a', word],
          j: { k: [1] },
          none: null,
          x: 'a',
        });
      }
      assert.deepEqual(await db.prepared('SELECT 1 AS one WHERE false'), []);
    });

    it('rejects a failing prepared statement with its SQLSTATE and keeps answering', async () => {
      await assert.rejects(
        db.prepared('SELECT nosuchcolumn FROM (VALUES (1)) AS v(x)'),
        (e) => sqlState(e) === '42703',
      );
      const divide = 'SELECT 1 / $1::int AS q';
      await assert.rejects(db.prepared(divide, [0]), (e) => sqlState(e) === '22012');
      assert.deepEqual(await db.prepared(divide, [1]), [{ q: 1 }]);
      await db.transaction(async (tx) => {
        assert.deepEqual(await tx.prepared(divide, [1]), [{ q: 1 }]);
      });
      await db.ping();
    });

    it('runs a prepared statement outside a transaction that another caller holds open', async () => {
      await db.exec(
        'CREATE SCHEMA IF NOT EXISTS prep; CREATE TABLE IF NOT EXISTS prep.seen (id text PRIMARY KEY);',
      );
      let release!: () => void;
      let inserted!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const written = new Promise<void>((resolve) => (inserted = resolve));
      const writer = db.transaction(async (tx) => {
        await tx.query('INSERT INTO prep.seen (id) VALUES ($1)', ['uncommitted']);
        inserted();
        await held;
        throw new Error('roll back');
      });
      await written;
      const reader = db.prepared<{ id: string }>('SELECT id FROM prep.seen WHERE id = $1', ['uncommitted']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await assert.rejects(writer, /roll back/);
      assert.deepEqual(await reader, []);
    });

    it('runs migrations into their own schema, in order, once', async () => {
      const first = await runMigrations(db, { schema: 'demo', migrations: [items[1]!, items[0]!] });
      assert.deepEqual(first.applied, [1, 2]);
      const again = await runMigrations(db, { schema: 'demo', migrations: items });
      assert.deepEqual(again.applied, []);
      assert.deepEqual(await appliedMigrations(db, 'demo'), [1, 2]);
      await db.query('INSERT INTO demo.items (id, n, tags) VALUES ($1, $2, $3)', ['a', 1, ['x']]);
      const rows = await db.query<{ tags: string[] }>('SELECT tags FROM demo.items WHERE $1 = ANY(tags)', [
        'x',
      ]);
      assert.deepEqual(rows, [{ tags: ['x'] }]);
    });

    it('applies only the new step when a migration is added later', async () => {
      const third: Migration = {
        version: 3,
        name: 'note',
        sql: 'ALTER TABLE demo.items ADD COLUMN note text;',
      };
      const result = await runMigrations(db, { schema: 'demo', migrations: [...items, third] });
      assert.deepEqual(result.applied, [3]);
    });

    it('lets concurrent runs of the same migrations queue instead of colliding', async () => {
      const set = {
        schema: 'race',
        migrations: [{ version: 1, name: 'r', sql: 'CREATE TABLE race.r (id int PRIMARY KEY);' }],
      };
      const results = await Promise.all([1, 2, 3, 4].map(() => runMigrations(db, set)));
      assert.deepEqual(results.map((r) => r.applied).sort(), [[], [], [], [1]]);
    });

    it('rolls back every step of a run when one fails', async () => {
      const broken: Migration[] = [
        { version: 1, name: 'ok', sql: 'CREATE TABLE broken.ok (id int);' },
        { version: 2, name: 'bad', sql: 'CREATE TABLE broken.bad (id nosuchtype);' },
      ];
      await assert.rejects(runMigrations(db, { schema: 'broken', migrations: broken }), (error: unknown) => {
        assert.ok(error instanceof MigrationError);
        assert.match(error.message, /broken v2 \(bad\) failed/);
        return true;
      });
      assert.deepEqual(await appliedMigrations(db, 'broken'), []);
      const [row] = await db.query<{ t: string | null }>(`SELECT to_regclass('broken.ok')::text AS t`);
      assert.equal(row!.t, null);
    });

    it('refuses schema names that are not plain identifiers, and duplicate versions', async () => {
      await assert.rejects(runMigrations(db, { schema: 'bad; DROP', migrations: [] }), /Invalid schema name/);
      await assert.rejects(
        runMigrations(db, { schema: 'dup', migrations: [items[0]!, { ...items[0]!, name: 'again' }] }),
        /appears twice/,
      );
    });

    it('commits a transaction and returns its result', async () => {
      const result = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO demo.items (id, n) VALUES ($1, $2)', ['t1', 1]);
        const rows = await tx.query<{ id: string }>('SELECT id FROM demo.items WHERE id = $1', ['t1']);
        return rows.length;
      });
      assert.equal(result, 1);
      assert.equal((await db.query('SELECT 1 FROM demo.items WHERE id = $1', ['t1'])).length, 1);
    });

    it('rolls a transaction back when its function throws, and rethrows the error', async () => {
      const failure = new Error('stop');
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO demo.items (id, n) VALUES ($1, $2)', ['t2', 1]);
          throw failure;
        }),
        (error) => error === failure,
      );
      assert.equal((await db.query('SELECT 1 FROM demo.items WHERE id = $1', ['t2'])).length, 0);
    });

    it('rolls back after a failing statement and exposes its SQLSTATE', async () => {
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO demo.items (id, n) VALUES ($1, $2)', ['t3', 1]);
          await tx.query('INSERT INTO demo.items (id, n) VALUES ($1, $2)', ['t3', 2]);
        }),
        (error) => isUniqueViolation(error),
      );
      assert.equal((await db.query('SELECT 1 FROM demo.items WHERE id = $1', ['t3'])).length, 0);
      await db.ping();
    });

    it('answers SERVICE_UNAVAILABLE once closed', async () => {
      const extra = await open();
      await extra.db.close();
      await assert.rejects(extra.db.ping(), (error: unknown) => {
        assert.ok(error instanceof DomainError);
        assert.equal(error.code, 'SERVICE_UNAVAILABLE');
        assert.match(error.message, /is unavailable/);
        return true;
      });
      await extra.dispose();
    });
  });
}
