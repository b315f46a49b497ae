import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import { ServiceName } from '@trove/contracts';
import { createLogger } from '@trove/platform-logging';
import { HealthModule, HealthRegistry } from '@trove/platform-health';
import { MetricsModule } from '@trove/platform-metrics';
import { createApp } from './create-app';
import {
  NatsPayloadStash,
  NatsTransportClient,
  PrefixedNatsServer,
  TransportModule,
} from '@trove/platform-transport';
import { attachMessageServer } from './message-server';
import { ServiceConfig } from './service-config';

export interface RunServiceOptions {
  service: ServiceName;
  config: ServiceConfig;
  /** The domain modules this process hosts, built from its validated config. */
  imports: (DynamicModule | Type<unknown>)[];
  /** Readiness checks of the stores the process opened (name → probe). */
  checks?: Record<string, () => Promise<void | Record<string, unknown>>>;
  /** Runs once the process listens (the tenant service prints a generated admin key there). */
  afterListen?: (app: INestApplication) => void | Promise<void>;
}

/**
 * Starts one distributed service: its domain modules answer their message patterns over NATS
 * (queue group `<service>-service`, so instances share load) and /healthz, /readyz, /metrics over HTTP.
 */
export async function runService(options: RunServiceOptions): Promise<void> {
  const { service, config } = options;
  const name = `${service}-service`;
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const stash = new NatsPayloadStash({
    url: config.NATS_URL,
    prefix: config.SUBJECT_PREFIX,
    name: `trove-${name}`,
  });
  const transport = new NatsTransportClient({
    url: config.NATS_URL,
    prefix: config.SUBJECT_PREFIX,
    timeoutMs: config.REQUEST_TIMEOUT_MS,
    name: `trove-${name}`,
    stash,
  });

  @Module({
    imports: [
      TransportModule.forClient(transport, stash),
      HealthModule.forRoot({ name, services: [service] }),
      // Prometheus scrapes each process; this port is only reachable inside the cluster.
      MetricsModule,
      ...options.imports,
    ],
  })
  class ServiceModule {}

  const app = await createApp(ServiceModule, {
    logger,
    bodyLimitBytes: 64 * 1024,
    service,
    shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
  });
  const registry = app.get(HealthRegistry);
  registry.register('nats', () => transport.ping());
  for (const [check, probe] of Object.entries(options.checks ?? {})) registry.register(check, probe);

  attachMessageServer(
    app,
    new PrefixedNatsServer({
      url: config.NATS_URL,
      prefix: config.SUBJECT_PREFIX,
      queue: name,
      name: `trove-${name}`,
      stash,
    }),
  );
  await app.startAllMicroservices();
  await app.listen(config.PORT, config.HOST);
  logger.info(
    { url: await app.getUrl(), nats: config.NATS_URL, prefix: config.SUBJECT_PREFIX },
    `${name} ready`,
  );
  await options.afterListen?.(app);
}

/** A process that cannot start says why in one readable block and exits non-zero. */
export function exitOnStartupError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Trove failed to start: ${message}\n`);
  process.exit(1);
}
