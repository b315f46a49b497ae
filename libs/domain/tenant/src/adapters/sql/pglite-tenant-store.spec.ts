import assert from 'node:assert/strict';
import { it } from 'node:test';
import { appliedMigrations, PgliteDatabase } from '@trove/platform-database';
import { describeTenantStore } from '../../ports/tenant-store.contract';
import { PgliteTenantStore } from './pglite-tenant-store';
import { PostgresTenantStore } from './postgres-tenant-store';

describeTenantStore('PgliteTenantStore', async () => {
  const db = await PgliteDatabase.open('memory://');
  const store = new PgliteTenantStore(db);
  await store.migrate();
  return { store, dispose: () => db.close() };
});

it('PgliteTenantStore migrates the tenant schema idempotently and refuses a PostgreSQL-kind database', async () => {
  const db = await PgliteDatabase.open('memory://');
  try {
    const store = new PgliteTenantStore(db);
    await store.migrate();
    await store.migrate();
    assert.deepEqual(await appliedMigrations(db, 'tenant'), [1, 2, 3]);
    assert.throws(() => new PostgresTenantStore(db), /needs a PostgreSQL database, got 'pglite'/);
  } finally {
    await db.close();
  }
});
