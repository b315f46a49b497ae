import { Module } from '@nestjs/common';
import { ServiceNames, TROVE_VERSION } from '@trove/contracts';
import { GatewayConfig, GatewayModule, setupOpenApi } from '@trove/gateway';
import { loadConfig } from '@trove/platform-config';
import { HealthModule } from '@trove/platform-health';
import { createApp } from '@trove/platform-runtime';
import { createLogger } from '@trove/platform-logging';
import { NatsPayloadStash, NatsTransportClient, TransportModule } from '@trove/platform-transport';

async function main(): Promise<void> {
  const config = loadConfig(GatewayConfig);
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const transport = new NatsTransportClient({
    url: config.NATS_URL,
    prefix: config.SUBJECT_PREFIX,
    timeoutMs: config.REQUEST_TIMEOUT_MS,
    name: 'trove-gateway',
  });
  const stash = new NatsPayloadStash({
    url: config.NATS_URL,
    prefix: config.SUBJECT_PREFIX,
    name: 'trove-gateway',
  });

  @Module({
    imports: [
      TransportModule.forClient(transport, stash),
      HealthModule.forRoot({ name: 'gateway' }),
      GatewayModule.forRoot({ readinessOf: [...ServiceNames], authCacheTtlMs: config.AUTH_CACHE_TTL_MS }),
    ],
  })
  class GatewayAppModule {}

  const app = await createApp(GatewayAppModule, {
    logger,
    bodyLimitBytes: config.MAX_BODY_BYTES,
    service: 'gateway',
  });
  setupOpenApi(app, TROVE_VERSION);
  await app.listen(config.PORT, config.HOST);
  logger.info(
    { url: await app.getUrl(), nats: config.NATS_URL, prefix: config.SUBJECT_PREFIX },
    'gateway ready',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Trove gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
