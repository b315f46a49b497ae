import { DynamicModule, Module, OnModuleInit } from '@nestjs/common';
import { SqlDatabase } from '@trove/platform-database';
import { PgliteTenantStore } from './adapters/pglite-tenant-store';
import { PostgresTenantStore } from './adapters/postgres-tenant-store';
import { SqlTenantStore } from './adapters/sql-tenant-store';
import { TenantStore } from './ports/tenant-store';
import { TenantController } from './tenant.controller';
import { TENANT_SERVICE_OPTIONS, TenantService, TenantServiceOptions } from './tenant.service';

/** What the app hands TenantModule: its database, and ADMIN_API_KEY when configured. */
export interface TenantModuleOptions extends TenantServiceOptions {
  /** Shared with the other domains; the tenant module keeps to the `tenant` schema. */
  database: SqlDatabase;
}

/** Picks the store adapter matching the database engine. */
export function createTenantStore(database: SqlDatabase): SqlTenantStore {
  switch (database.kind) {
    case 'postgres':
      return new PostgresTenantStore(database);
    case 'pglite':
      return new PgliteTenantStore(database);
  }
}

/**
 * The tenant domain: the TenantPatterns message handlers over the store chosen by
 * `database.kind`. At init it migrates the `tenant` schema, then makes sure a bootstrap admin
 * key exists. It exports nothing: other code reaches it through messages only.
 *
 * Assumes a global `TransportClient` provider (the app registers one, e.g. with
 * `TransportModule.forClient`), which the service publishes TenantEvents through.
 */
@Module({})
export class TenantModule implements OnModuleInit {
  constructor(
    private readonly store: SqlTenantStore,
    private readonly service: TenantService,
  ) {}

  static forRoot(options: TenantModuleOptions): DynamicModule {
    const { database, ...serviceOptions } = options;
    return {
      module: TenantModule,
      controllers: [TenantController],
      providers: [
        { provide: TENANT_SERVICE_OPTIONS, useValue: serviceOptions },
        { provide: SqlTenantStore, useFactory: () => createTenantStore(database) },
        { provide: TenantStore, useExisting: SqlTenantStore },
        TenantService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    // Migrations first: the bootstrap key is written into the tables they create.
    await this.store.migrate();
    await this.service.bootstrap();
  }
}
