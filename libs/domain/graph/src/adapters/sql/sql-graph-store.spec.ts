import { PgliteDatabase } from '@trove/platform-database';
import { describeGraphStore } from '../../ports/graph-store.contract';
import { SqlGraphStore } from './sql-graph-store';

describeGraphStore('SqlGraphStore on PGlite', async () => {
  const db = await PgliteDatabase.open('memory://');
  const store = new SqlGraphStore(db);
  await store.migrate();
  return { store, dispose: () => db.close() };
});
