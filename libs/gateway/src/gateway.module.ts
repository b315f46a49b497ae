import { DynamicModule, Inject, Module, OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { healthPattern, ReadinessReport } from '@trove/contracts';
import { HealthRegistry } from '@trove/platform-health';
import { ContentTypeGuard } from '@trove/platform-http';
import { TransportClient } from '@trove/platform-transport';
import { AccessGuard } from './auth/access.guard';
import { ApiKeyVerifier } from './auth/api-key.verifier';
import { BearerStrategy } from './auth/bearer.strategy';
import { TenantAccessService } from './auth/tenant-access.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { TenantStatsService } from './tenants/tenant-stats.service';
import { TenantsController } from './tenants/tenants.controller';
import { MemoriesController } from './memories/memories.controller';
import { SearchController } from './search/search.controller';
import { GraphController } from './graph/graph.controller';
import { McpController } from './mcp/mcp.controller';
import { MetricsController } from './metrics/metrics.controller';
import { EventsController } from './events/events.controller';
import { StatusEventHub } from './events/status-hub';
import { WebhooksController } from './webhooks/webhooks.controller';
import { ConsoleController } from './console/console.controller';
import { GATEWAY_OPTIONS, GatewayModuleOptions } from './gateway-options';
import { sourcesControllers, sourcesProviders } from './sources/sources.providers';
import { embeddingsControllers, embeddingsProviders } from './embeddings/embeddings.providers';

/**
 * The HTTP face of Trove: auth, validation and the mapping of routes to message patterns.
 * Needs a global TransportClient (TransportModule) and HealthRegistry (HealthModule).
 */
@Module({})
export class GatewayModule implements OnModuleInit {
  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayModuleOptions,
    private readonly registry: HealthRegistry,
    private readonly transport: TransportClient,
  ) {}

  static forRoot(options: GatewayModuleOptions): DynamicModule {
    return {
      module: GatewayModule,
      imports: [PassportModule],
      controllers: [
        TenantsController,
        ApiKeysController,
        MemoriesController,
        SearchController,
        GraphController,
        McpController,
        MetricsController,
        EventsController,
        WebhooksController,
        ConsoleController,
        ...sourcesControllers,
        ...embeddingsControllers,
      ],
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: options },
        { provide: APP_GUARD, useClass: ContentTypeGuard },
        ApiKeyVerifier,
        BearerStrategy,
        TenantAccessService,
        TenantStatsService,
        AccessGuard,
        StatusEventHub,
        ...sourcesProviders(options.downloads),
        ...embeddingsProviders,
      ],
    };
  }

  onModuleInit(): void {
    this.registry.register('transport', () => this.transport.ping());
    for (const service of this.options.readinessOf) {
      this.registry.register(`${service}-service`, async () => {
        const report = await this.transport.send<ReadinessReport>(
          healthPattern(service),
          {},
          { timeoutMs: 1500 },
        );
        const failing = report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail ?? 'failed'}`);
        if (!report.ready) throw new Error(failing.join('; '));
        // Every store the service depends on, by name: what it reports about itself, or "ok".
        return Object.fromEntries(report.checks.map((c) => [c.name, c.info ?? 'ok'] as const));
      });
    }
  }
}
