import { PgliteDatabase } from '@trove/platform-database';
import { describeRawVectorStore } from '../../ports/raw-vector-store.contract';
import { SqlRawVectorStore } from './sql-raw-vector-store';

// The SQL statements on the embedded engine; the real server runs the same suite in
// sql-raw-vector-store.int-spec.ts.
describeRawVectorStore('SqlRawVectorStore (PGlite)', async () => {
  const db = await PgliteDatabase.open('memory://');
  const store = new SqlRawVectorStore(db);
  await store.migrate();
  return {
    store,
    another: () => Promise.resolve(new SqlRawVectorStore(db)),
    dispose: () => db.close(),
    // 2.4 MB, still many TOAST chunks; the full 24 MB takes PGlite about 8 s (the int-spec runs it).
    largestRows: 200,
  };
});
