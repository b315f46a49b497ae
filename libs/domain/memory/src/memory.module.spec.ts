import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { appliedMigrations, PgliteDatabase } from '@trove/platform-database';
import { TransportModule } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import { SqlMemoryStore } from './adapters/sql/sql-memory-store';
import { MemorySettings } from './memory-settings';
import { MemoryModule } from './memory.module';
import { MemoryStore } from './ports/memory-store';

describe('MemoryModule', () => {
  it('picks the store, migrates it through the port at init and closes it at shutdown', async () => {
    const database = await PgliteDatabase.open('memory://');
    @Module({
      imports: [
        TransportModule.forClient(new RecordingTransportClient()),
        MemoryModule.forRoot({
          database,
          settings: Object.assign(new MemorySettings(), {
            MEMORY_ALPHA: 0.5,
            MEMORY_SWEEP_INTERVAL_MS: 60_000,
          }),
        }),
      ],
    })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    let closed = 0;
    try {
      const store = app.get(MemoryStore);
      assert.ok(store instanceof SqlMemoryStore);
      assert.deepEqual(await appliedMigrations(database, 'memory'), [1]);
      const close = store.close.bind(store);
      store.close = async () => {
        closed++;
        await close();
      };
    } finally {
      await app.close();
      await database.close();
    }
    assert.equal(closed, 1);
  });
});
