import { PgliteDatabase } from '@trove/platform-database';
import { describeRawBatchStore } from '../../ports/raw-batch-store.contract';
import { SqlRawBatchStore } from './sql-raw-batch-store';

// The SQL statements on the embedded engine; the real server runs the same suite in
// sql-raw-batch-store.int-spec.ts.
describeRawBatchStore('SqlRawBatchStore (PGlite)', async () => {
  const db = await PgliteDatabase.open('memory://');
  return {
    store: new SqlRawBatchStore(db),
    another: () => Promise.resolve(new SqlRawBatchStore(db)),
    dispose: () => db.close(),
  };
});
