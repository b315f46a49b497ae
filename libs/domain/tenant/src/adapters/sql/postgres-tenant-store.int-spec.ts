import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PostgresDatabase } from '@trove/platform-database';
import { createScratchPostgresDatabase } from '@trove/testing';
import { generateApiKey, generateApiKeyId, hashApiKey } from '../../api-key';
import { describeTenantStore } from '../../ports/tenant-store.contract';
import { PostgresTenantStore } from './postgres-tenant-store';

describeTenantStore('PostgresTenantStore', async () => {
  const scratch = await createScratchPostgresDatabase();
  const db = await PostgresDatabase.connect(scratch.url, { max: 4 });
  const store = new PostgresTenantStore(db);
  await store.migrate();
  return {
    store,
    async dispose() {
      await db.close();
      await scratch.drop();
    },
  };
});

it('PostgresTenantStore instances starting together migrate once and agree on one bootstrap key', async () => {
  const scratch = await createScratchPostgresDatabase();
  const databases = await Promise.all([1, 2, 3].map(() => PostgresDatabase.connect(scratch.url, { max: 2 })));
  try {
    const stores = databases.map((db) => new PostgresTenantStore(db));
    await Promise.all(stores.map((store) => store.migrate()));
    const created = await Promise.all(
      stores.map((store) => {
        const apiKey = generateApiKey();
        return store.createBootstrapKeyIfAbsent({
          apiKeyId: generateApiKeyId(),
          ownerId: 'admin',
          keyHash: hashApiKey(apiKey),
          displayPrefix: apiKey.slice(0, 12),
          scopes: ['read', 'write', 'admin'],
        });
      }),
    );
    assert.equal(created.filter(Boolean).length, 1);
  } finally {
    await Promise.all(databases.map((db) => db.close()));
    await scratch.drop();
  }
});
