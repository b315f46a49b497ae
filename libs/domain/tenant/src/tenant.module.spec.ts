import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { TenantPatterns } from '@trove/contracts';
import { appliedMigrations, PgliteDatabase } from '@trove/platform-database';
import { TransportModule } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import { PgliteTenantStore } from './adapters/sql/pglite-tenant-store';
import { TenantStore } from './ports/tenant-store';
import { TenantController } from './tenant.controller';
import { TenantModule, TenantModuleOptions } from './tenant.module';

async function start(options: TenantModuleOptions) {
  @Module({
    imports: [TransportModule.forClient(new RecordingTransportClient()), TenantModule.forRoot(options)],
  })
  class AppModule {}
  return NestFactory.createApplicationContext(AppModule, { logger: false });
}

describe('TenantModule', () => {
  it('answers every TenantPatterns message', () => {
    const handled = Object.getOwnPropertyNames(TenantController.prototype).flatMap(
      (name) =>
        (Reflect.getMetadata(
          PATTERN_METADATA,
          (TenantController.prototype as unknown as Record<string, object>)[name]!,
        ) ?? []) as string[],
    );
    assert.deepEqual([...handled].sort(), Object.values(TenantPatterns).sort());
  });

  it('migrates, picks the adapter by database kind and installs the configured admin key at init', async () => {
    const database = await PgliteDatabase.open('memory://');
    const adminApiKey = 'sk_live_moduleTestAdminKey0000000000000000000';
    const app = await start({ database, adminApiKey });
    try {
      assert.deepEqual(await appliedMigrations(database, 'tenant'), [1, 2, 3]);
      assert.ok(app.get(TenantStore) instanceof PgliteTenantStore);
      const controller = app.get(TenantController);
      const { principal } = await controller.verifyApiKey({ apiKey: adminApiKey });
      assert.deepEqual(principal?.scopes, ['read', 'write', 'admin']);
      const created = await controller.createTenant({ principal: principal!, tenant_id: 'via-module' });
      assert.equal(created.default_sub_tenant_id, 'via-module');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
