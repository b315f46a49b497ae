import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { runMigrations } from './migrations';
import { PgliteDatabase } from './pglite-database';
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
