import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PgliteDatabase } from './pglite-database';
import { TableStatistics } from './table-statistics';

it('TableStatistics ANALYZEs a PGlite table once enough rows were written, then as it grows by a tenth', async () => {
  const db = await PgliteDatabase.open('memory://');
  try {
    await db.exec('CREATE TABLE t (id int PRIMARY KEY)');
    const reltuples = async () =>
      Number(
        (
          await db.query<{ n: number }>(
            "SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 't'::regclass",
          )
        )[0]!.n,
      );
    const insert = (from: number, to: number) =>
      db.query('INSERT INTO t SELECT generate_series($1::int, $2::int)', [from, to]);
    const statistics = new TableStatistics(db, 't', 100);
    await insert(1, 99);
    await statistics.written(99);
    assert.equal(await reltuples(), -1, 'not yet: never analysed');
    await insert(100, 150);
    await statistics.written(51);
    assert.equal(await reltuples(), 150);
    await insert(151, 240);
    await statistics.written(90);
    assert.equal(await reltuples(), 150, 'grown by less than the minimum');
    await insert(241, 260);
    await statistics.written(20);
    assert.equal(await reltuples(), 260);
  } finally {
    await db.close();
  }
});
