import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createScratchPostgresDatabase, ScratchPostgresDatabase } from '@trove/testing';
import { appliedMigrations, runMigrations } from './migrations';
import { PostgresDatabase } from './postgres-database';
import { describeSqlDatabase } from './sql-database.contract';

describeSqlDatabase('PostgresDatabase', async () => {
  const scratch = await createScratchPostgresDatabase();
  const db = await PostgresDatabase.connect(scratch.url, { max: 4 });
  return {
    db,
    async dispose() {
      await db.close();
      await scratch.drop();
    },
  };
});

describe('PostgresDatabase across processes', () => {
  let scratch: ScratchPostgresDatabase;
  before(async () => {
    scratch = await createScratchPostgresDatabase();
  });
  after(async () => {
    await scratch.drop();
  });

  it('serialises migrations started at once by separate instances (one pool each)', async () => {
    const instances = await Promise.all(
      [1, 2, 3, 4, 5].map(() => PostgresDatabase.connect(scratch.url, { max: 2 })),
    );
    const set = {
      schema: 'shared',
      migrations: [
        { version: 1, name: 'a', sql: 'CREATE TABLE shared.a (id int PRIMARY KEY);' },
        { version: 2, name: 'b', sql: 'CREATE TABLE shared.b (id int PRIMARY KEY); SELECT pg_sleep(0.05);' },
      ],
    };
    try {
      const results = await Promise.all(instances.map((db) => runMigrations(db, set)));
      const applied = results.map((r) => r.applied).filter((versions) => versions.length > 0);
      assert.deepEqual(applied, [[1, 2]]);
      assert.deepEqual(await appliedMigrations(instances[0]!, 'shared'), [1, 2]);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  });

  it('sees a rolled-back transaction from no other connection', async () => {
    const db = await PostgresDatabase.connect(scratch.url);
    try {
      await db.exec('CREATE TABLE public.t (id int PRIMARY KEY)');
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO public.t (id) VALUES ($1)', [1]);
          assert.equal((await db.query('SELECT 1 FROM public.t')).length, 0, 'uncommitted row leaked');
          throw new Error('abort');
        }),
        /abort/,
      );
      assert.equal((await db.query('SELECT 1 FROM public.t')).length, 0);
    } finally {
      await db.close();
    }
  });
});
