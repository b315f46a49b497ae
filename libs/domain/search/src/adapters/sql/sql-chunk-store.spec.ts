import { PgliteDatabase } from '@trove/platform-database';
import { describeChunkStore } from '../../ports/chunk-store.contract';
import { SqlChunkStore } from './sql-chunk-store';

// The SQL statements on the embedded engine; the real server runs the same suite in
// sql-chunk-store.int-spec.ts.
describeChunkStore('SqlChunkStore (PGlite)', async () => {
  const db = await PgliteDatabase.open('memory://');
  return {
    store: new SqlChunkStore(db),
    another: () => Promise.resolve(new SqlChunkStore(db)),
    dispose: () => db.close(),
  };
});
