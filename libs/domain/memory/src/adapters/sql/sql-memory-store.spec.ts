import { PgliteDatabase } from '@trove/platform-database';
import { describeMemoryStore } from '../../ports/memory-store.contract';
import { SqlMemoryStore } from './sql-memory-store';

describeMemoryStore('SqlMemoryStore on PGlite', async () => {
  const db = await PgliteDatabase.open('memory://');
  const store = new SqlMemoryStore(db);
  await store.migrate();
  return { store, dispose: () => db.close() };
});
