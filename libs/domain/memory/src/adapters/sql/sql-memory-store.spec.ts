import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PgliteDatabase, runMigrations } from '@trove/platform-database';
import { memoryMigrations } from '../../migrations/memory.migrations';
import { describeMemoryStore, memory } from '../../ports/memory-store.contract';
import { SqlMemoryStore } from './sql-memory-store';

describeMemoryStore('SqlMemoryStore on PGlite', async () => {
  const db = await PgliteDatabase.open('memory://');
  const store = new SqlMemoryStore(db);
  await store.migrate();
  return { store, dispose: () => db.close() };
});

it('numbers the memories saved before the order of saving existed by when they were created', async () => {
  const db = await PgliteDatabase.open('memory://');
  try {
    const before = {
      ...memoryMigrations,
      migrations: memoryMigrations.migrations.filter((m) => m.version < 4),
    };
    await runMigrations(db, before);
    const store = new SqlMemoryStore(db);
    // Saved in one order, created in another (as a replaced or imported memory can be).
    const at = (minute: number) => new Date(`2026-01-01T00:0${minute}:00Z`);
    await store.save([
      memory({ memory_id: 'third', created_at: at(3) }),
      memory({ memory_id: 'first', created_at: at(1) }),
      memory({ memory_id: 'second', created_at: at(2) }),
    ]);
    await store.migrate();
    await store.save([memory({ memory_id: 'fourth', created_at: at(4) })]);
    const after = await store.savedAfter('t1', 't1', ['first'], 3, new Date('2026-06-01T00:00:00Z'));
    assert.deepEqual(
      after.get('first')?.map((m) => m.memory_id),
      ['second', 'third', 'fourth'],
    );
  } finally {
    await db.close();
  }
});
