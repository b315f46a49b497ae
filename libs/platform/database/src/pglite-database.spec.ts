import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { runMigrations } from './migrations';
import { PgliteDatabase } from './pglite-database';
import { MAX_PREPARED_STATEMENTS } from './pglite-statements';
import { describeSqlDatabase } from './sql-database.contract';

describeSqlDatabase('PgliteDatabase (memory)', async () => {
  const db = await PgliteDatabase.open('memory://');
  return { db, dispose: () => db.close() };
});

it('PgliteDatabase keeps data and migrations in its data directory across restarts', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'trove-pglite-'));
  try {
    const set = {
      schema: 'keep',
      migrations: [{ version: 1, name: 'k', sql: 'CREATE TABLE keep.k (v text);' }],
    };
    const first = await PgliteDatabase.open(dir);
    assert.equal(first.kind, 'pglite');
    assert.deepEqual((await runMigrations(first, set)).applied, [1]);
    await first.query('INSERT INTO keep.k (v) VALUES ($1)', ['kept']);
    await first.close();

    const second = await PgliteDatabase.open(dir);
    assert.deepEqual((await runMigrations(second, set)).applied, []);
    assert.deepEqual(await second.query('SELECT v FROM keep.k'), [{ v: 'kept' }]);
    await second.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('PgliteDatabase keeps at most MAX_PREPARED_STATEMENTS prepared, and prepares a text again when its table changed shape', async () => {
  const db = await PgliteDatabase.open('memory://');
  try {
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 40; i++) {
      assert.deepEqual(await db.query(`SELECT ${i} AS n`), [{ n: i }]);
    }
    const [held] = await db.query<{ n: string }>('SELECT count(*) AS n FROM pg_prepared_statements');
    assert.ok(Number(held!.n) <= MAX_PREPARED_STATEMENTS, `${held!.n} statements held`);
    assert.deepEqual(await db.query('SELECT 0 AS n'), [{ n: 0 }]);

    await db.exec('CREATE TABLE shape (a int); INSERT INTO shape VALUES (1);');
    assert.deepEqual(await db.query('SELECT * FROM shape'), [{ a: 1 }]);
    await db.exec('ALTER TABLE shape ADD COLUMN b text DEFAULT $$x$$;');
    assert.deepEqual(await db.query('SELECT * FROM shape'), [{ a: 1, b: 'x' }]);
    // Inside a transaction the error stands (it aborted the transaction); the next use is fresh.
    await db.exec('ALTER TABLE shape ADD COLUMN c int DEFAULT 3;');
    await assert.rejects(
      db.transaction((tx) => tx.query('SELECT * FROM shape')),
      (e: unknown) => (e as { code?: string }).code === '0A000',
    );
    assert.deepEqual(await db.transaction((tx) => tx.query('SELECT * FROM shape')), [{ a: 1, b: 'x', c: 3 }]);
  } finally {
    await db.close();
  }
});
