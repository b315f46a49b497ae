import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
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

  it('survives its connection being killed in the middle of a transaction, between two statements', async () => {
    // The server ending a checked-out connection that is between queries makes node-postgres emit
    // 'error' on that client; with no listener, that is an uncaught exception and the process
    // dies (a PostgreSQL restart took a whole distributed deployment down this way).
    const db = await PostgresDatabase.connect(scratch.url);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      await assert.rejects(
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await db.query('SELECT pg_terminate_backend($1)', [row!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.query('SELECT 1');
        }),
        (error: unknown) => error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(uncaught, []);
      assert.deepEqual(await db.query('SELECT 1 AS one'), [{ one: 1 }], 'the pool serves again');
    } finally {
      process.off('uncaughtException', onUncaught);
      await db.close();
    }
  });
});
