import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { appliedMigrations, PgliteDatabase } from '@trove/platform-database';
import { TransportModule } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import { FsBlobStore } from './adapters/fs/fs-blob-store';
import { SqlJobQueue } from './adapters/sql/sql-job-queue';
import { SqlJobStore } from './adapters/sql/sql-job-store';
import { SqlSourceStore } from './adapters/sql/sql-source-store';
import { openJobQueue } from './ingestion.adapters';
import { IngestionSettings } from './ingestion-settings';
import { IngestionModule } from './ingestion.module';
import { JobStore } from './ports/job-store';
import { SourceStore } from './ports/source-store';

/** Records the lifecycle calls a module makes on a store, whatever the adapter. */
function recorded<T extends { migrate(): Promise<void>; close(): Promise<void> }>(
  store: T,
  calls: string[],
  name: string,
): T {
  const migrate = store.migrate.bind(store);
  const close = store.close.bind(store);
  store.migrate = async () => {
    calls.push(`${name}.migrate`);
    await migrate();
  };
  store.close = async () => {
    calls.push(`${name}.close`);
    await close();
  };
  return store;
}

describe('IngestionModule', () => {
  it('migrates every store through its port at init and closes each at shutdown, whatever the adapter', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trove-ingestion-module-'));
    const database = await PgliteDatabase.open('memory://');
    const calls: string[] = [];
    const queue = recorded(openJobQueue(new IngestionSettings(), { database }), calls, 'queue');
    const blobStore = recorded(new FsBlobStore(join(dataDir, 'blobs')), calls, 'blobs');
    @Module({
      imports: [
        TransportModule.forClient(new RecordingTransportClient()),
        IngestionModule.forRoot({
          database,
          blobStore,
          queue,
          settings: new IngestionSettings(),
          singleProcess: true,
          worker: false,
        }),
      ],
    })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    try {
      assert.ok(queue instanceof SqlJobQueue, 'no NATS settings: the embedded queue');
      assert.ok(app.get(SourceStore) instanceof SqlSourceStore);
      assert.ok(app.get(JobStore) instanceof SqlJobStore);
      assert.deepEqual(await appliedMigrations(database, 'ingestion'), [1, 2]);
      assert.deepEqual(calls, ['queue.migrate', 'blobs.migrate']);
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    assert.deepEqual(calls, ['queue.migrate', 'blobs.migrate', 'queue.close', 'blobs.close']);
  });
});
