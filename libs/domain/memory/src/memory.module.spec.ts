import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GraphPatterns } from '@trove/contracts';
import { appliedMigrations, PgliteDatabase } from '@trove/platform-database';
import { TransportModule } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import { SqlMemoryStore } from './adapters/sql/sql-memory-store';
import { MemorySettings } from './memory-settings';
import { MemoryModule } from './memory.module';
import { MemoryStore } from './ports/memory-store';
import { memory } from './ports/memory-store.contract';
import { until } from './testing/memory.test-rig';

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
      assert.deepEqual(await appliedMigrations(database, 'memory'), [1, 2, 3, 4]);
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

  it('starts the graph worker: memories left pending are extracted at its first tick, none with MEMORY_GRAPH off', async () => {
    for (const enabled of [true, false]) {
      const database = await PgliteDatabase.open('memory://');
      const store = new SqlMemoryStore(database);
      await store.migrate();
      await store.save([memory({ graph_pending: true })]);
      const transport = new RecordingTransportClient().respond(GraphPatterns.extract, () => ({
        entities: 1,
        relations: 0,
        extractor: 'offline',
      }));
      @Module({
        imports: [
          TransportModule.forClient(transport),
          MemoryModule.forRoot({
            database,
            settings: Object.assign(new MemorySettings(), {
              MEMORY_GRAPH: enabled,
              MEMORY_GRAPH_INTERVAL_MS: 100,
            }),
          }),
        ],
      })
      class AppModule {}
      const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
      try {
        // Off, three intervals pass without a message.
        if (enabled) await until(() => transport.sent.length > 0);
        else await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        await app.close();
      }
      const [record] = await store.getLive('t1', 't1', ['m1'], new Date('2026-01-02T00:00:00Z'));
      await database.close();
      assert.deepEqual(
        transport.sent.map((m) => m.pattern),
        enabled ? [GraphPatterns.extract] : [],
      );
      // Shutdown waited for the pass under way, which recorded its outcome.
      assert.equal(record?.graph_pending, !enabled);
    }
  });
});
