import { DynamicModule, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { closeStores, SqlDatabase } from '@trove/platform-database';
import { TenantStore } from './ports/tenant-store';
import { openTenantStore } from './tenant.adapters';
import { TenantController } from './tenant.controller';
import { TENANT_SERVICE_OPTIONS, TenantService, TenantServiceOptions } from './tenant.service';

/** What the app hands TenantModule: its database, and ADMIN_API_KEY when configured. */
export interface TenantModuleOptions extends TenantServiceOptions {
  /** Shared with the other domains; the tenant module keeps to the `tenant` schema. */
  database: SqlDatabase;
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
export class TenantModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly store: TenantStore,
    private readonly service: TenantService,
  ) {}

  static forRoot(options: TenantModuleOptions): DynamicModule {
    const { database, ...serviceOptions } = options;
    return {
      module: TenantModule,
      controllers: [TenantController],
      providers: [
        { provide: TENANT_SERVICE_OPTIONS, useValue: serviceOptions },
        { provide: TenantStore, useFactory: () => openTenantStore(database) },
        TenantService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    // Migrations first: the bootstrap key is written into the tables they create.
    await this.store.migrate();
    await this.service.bootstrap();
  }

  async onApplicationShutdown(): Promise<void> {
    await closeStores(this.store);
  }
}
