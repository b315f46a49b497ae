import { Module } from '@nestjs/common';
import { ServiceNames, TROVE_VERSION } from '@trove/contracts';
import {
  checkKeysBeforeBodies,
  GatewayConfig,
  GatewayModule,
  limitRequestRates,
  listenBaseUrl,
  resolveDownloadSigningKey,
  setupOpenApi,
} from '@trove/gateway';
import { loadConfig } from '@trove/platform-config';
import { HealthModule } from '@trove/platform-health';
import { createApp, restrictNewFiles } from '@trove/platform-runtime';
import { createLogger } from '@trove/platform-logging';
import { NatsPayloadStash, NatsTransportClient, TransportModule } from '@trove/platform-transport';

async function main(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig(GatewayConfig);
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const signing = resolveDownloadSigningKey({ configured: config.DOWNLOAD_SIGNING_KEY });
  if (signing.source === 'ephemeral') {
    logger.warn(
      'DOWNLOAD_SIGNING_KEY is unset: download links the gateway signs (embedded blob store) die with this process and are not valid on other replicas',
    );
  }
  const stash = new NatsPayloadStash({
    url: config.NATS_URL,
    prefix: config.SUBJECT_PREFIX,
    name: 'trove-gateway',
  });
  const transport = new NatsTransportClient({
    url: config.NATS_URL,
    prefix: config.SUBJECT_PREFIX,
    timeoutMs: config.REQUEST_TIMEOUT_MS,
    name: 'trove-gateway',
    stash,
  });

  @Module({
    imports: [
      TransportModule.forClient(transport, stash),
      HealthModule.forRoot({ name: 'gateway' }),
      GatewayModule.forRoot({
        readinessOf: [...ServiceNames],
        authCacheTtlMs: config.AUTH_CACHE_TTL_MS,
        downloads: {
          signingKey: signing.key,
          publicBaseUrl: config.PUBLIC_BASE_URL ?? listenBaseUrl(config.HOST, config.PORT),
        },
      }),
    ],
  })
  class GatewayAppModule {}

  const app = await createApp(GatewayAppModule, {
    logger,
    bodyLimitBytes: config.MAX_BODY_BYTES,
    service: 'gateway',
    uploads: { fileSizeBytes: config.MAX_UPLOAD_BYTES },
    shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
  });
  checkKeysBeforeBodies(app);
  await limitRequestRates(app, { max: config.RATE_LIMIT_MAX, windowMs: config.RATE_LIMIT_WINDOW_MS });
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
