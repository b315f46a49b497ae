import { DynamicModule, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { loadConfig } from '@trove/platform-config';
import { closeStores, SqlDatabase } from '@trove/platform-database';
import { AddressGuard } from '@trove/platform-http';
import { TenantStore } from './ports/tenant-store';
import { openTenantStore, openWebhookStore } from './tenant.adapters';
import { WebhookStore } from './ports/webhook-store';
import { WebhookController } from './webhooks/webhook.controller';
import { WebhookDeliverer } from './webhooks/webhook-deliverer';
import { WebhookSender } from './webhooks/webhook-sender';
import { splitCidrs, WebhookSettings } from './webhooks/webhook-settings';
import { WEBHOOK_LIMITS, WebhookService } from './webhooks/webhook.service';
import { TenantController } from './tenant.controller';
import { TENANT_SERVICE_OPTIONS, TenantService, TenantServiceOptions } from './tenant.service';

/** What the app hands TenantModule: its database, and ADMIN_API_KEY when configured. */
export interface TenantModuleOptions extends TenantServiceOptions {
  /** Shared with the other domains; the tenant module keeps to the `tenant` schema. */
  database: SqlDatabase;
  /** Webhook settings; read from the environment (loadConfig) when absent. */
  webhooks?: WebhookSettings;
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
    private readonly sender: WebhookSender,
  ) {}

  static forRoot(options: TenantModuleOptions): DynamicModule {
    const { database, webhooks, ...serviceOptions } = options;
    const w = webhooks ?? loadConfig(WebhookSettings);
    const guard = new AddressGuard(splitCidrs(w.WEB_FETCH_ALLOWED_CIDRS));
    return {
      module: TenantModule,
      controllers: [TenantController, WebhookController],
      providers: [
        { provide: TENANT_SERVICE_OPTIONS, useValue: serviceOptions },
        { provide: TenantStore, useFactory: () => openTenantStore(database) },
        TenantService,
        { provide: WebhookStore, useFactory: () => openWebhookStore(database) },
        { provide: AddressGuard, useValue: guard },
        { provide: WebhookSender, useFactory: () => new WebhookSender(guard, w.WEBHOOK_TIMEOUT_MS) },
        {
          provide: WebhookDeliverer,
          inject: [WebhookStore, WebhookSender],
          useFactory: (store: WebhookStore, sender: WebhookSender) =>
            new WebhookDeliverer(store, sender, {
              maxAttempts: w.WEBHOOK_MAX_ATTEMPTS,
              retryBaseMs: w.WEBHOOK_RETRY_BASE_MS,
              retryMaxMs: w.WEBHOOK_RETRY_MAX_MS,
              logSize: w.WEBHOOK_LOG_SIZE,
              concurrency: w.WEBHOOK_CONCURRENCY,
            }),
        },
        { provide: WEBHOOK_LIMITS, useValue: { maxPerTenant: w.WEBHOOK_MAX_PER_TENANT } },
        WebhookService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    // Migrations first: the bootstrap key is written into the tables they create.
    await this.store.migrate();
    await this.service.bootstrap();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sender.close();
    await closeStores(this.store);
  }
}
