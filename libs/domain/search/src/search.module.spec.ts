import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { appliedMigrations, PgliteDatabase, StoreLifecycle } from '@trove/platform-database';
import { TransportModule } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import { FsRawVectorStore } from './adapters/fs/fs-raw-vector-store';
import { SqlChunkStore } from './adapters/sql/sql-chunk-store';
import { SqlRawBatchStore } from './adapters/sql/sql-raw-batch-store';
import { SqlRawVectorStore } from './adapters/sql/sql-raw-vector-store';
import { ChunkStore } from './ports/chunk-store';
import { RawBatchStore } from './ports/raw-batch-store';
import { RawVectorStore } from './ports/raw-vector-store';
import { RawEmbeddingsModule } from './raw-embeddings/raw-embeddings.module';
import { openSearchStores, RawVectorStoreKind } from './search.adapters';
import { SearchModule } from './search.module';
import { SearchSettings } from './search-settings';

/** Records `name` when the store's close() runs, then closes it as before. */
function recordClose(store: StoreLifecycle, name: string, closed: string[]): void {
  const close = store.close.bind(store);
  store.close = async () => {
    closed.push(name);
    await close();
  };
}

/** Both search modules over PGlite and the embedded indexes, as the standalone process builds them. */
async function start(vectorStore: RawVectorStoreKind) {
  const dataDir = await mkdtemp(join(tmpdir(), 'trove-search-module-'));
  const database = await PgliteDatabase.open('memory://');
  const settings = Object.assign(new SearchSettings(), {
    EMBEDDINGS_PROVIDER: 'hashing',
    SEARCH_WORKER_THREADS: 0,
  });
  const stores = await openSearchStores(settings, dataDir);
  @Module({
    imports: [
      TransportModule.forClient(new RecordingTransportClient()),
      SearchModule.forRoot({ database, stores, settings }),
      RawEmbeddingsModule.forRoot({ database, vectorIndex: stores.vectorIndex, vectorStore, dataDir }),
    ],
  })
  class AppModule {}
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  return {
    app,
    database,
    stores,
    async dispose() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('SearchModule and RawEmbeddingsModule', () => {
  it('migrate their stores at init through the ports, and close every store at shutdown', async () => {
    const { app, database, stores, dispose } = await start('fs');
    try {
      // The chunk store and the batch store created their schemas: no adapter was singled out.
      assert.deepEqual(await appliedMigrations(database, 'search'), [1, 2]);
      assert.deepEqual(await appliedMigrations(database, 'search_raw'), [1, 2, 3]);
      assert.ok(app.get(ChunkStore) instanceof SqlChunkStore);
      assert.ok(app.get(RawBatchStore) instanceof SqlRawBatchStore);
      assert.ok(app.get(RawVectorStore) instanceof FsRawVectorStore);
      const closed: string[] = [];
      recordClose(stores.vectorIndex, 'vector index', closed);
      recordClose(stores.keywordIndex, 'keyword index', closed);
      recordClose(app.get(ChunkStore), 'chunk store', closed);
      recordClose(app.get(RawBatchStore), 'raw batch store', closed);
      recordClose(app.get(RawVectorStore), 'raw vector store', closed);
      await app.close();
      assert.deepEqual(closed.sort(), [
        'chunk store',
        'keyword index',
        'raw batch store',
        'raw vector store',
        'vector index',
      ]);
    } finally {
      await dispose();
    }
  });

  it('keep raw vectors in the shared database when told `sql` (the distributed search service)', async () => {
    const { app, dispose } = await start('sql');
    try {
      assert.ok(app.get(RawVectorStore) instanceof SqlRawVectorStore);
      await app.close();
    } finally {
      await dispose();
    }
  });
});
