import { Module, OnApplicationShutdown } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TROVE_VERSION } from '@trove/contracts';
import { IngestionModule, openBlobStore, openJobQueue } from '@trove/domain-ingestion';
import { GraphModule } from '@trove/domain-graph';
import { MemoryModule } from '@trove/domain-memory';
import { openSearchStores, RawEmbeddingsModule, SearchModule } from '@trove/domain-search';
import { TenantModule } from '@trove/domain-tenant';
import {
  checkKeysBeforeBodies,
  GatewayModule,
  limitRequestRates,
  listenBaseUrl,
  resolveDownloadSigningKey,
  setupOpenApi,
} from '@trove/gateway';
import { PgliteDatabase } from '@trove/platform-database';
import { HealthModule, HealthRegistry } from '@trove/platform-health';
import { createLogger } from '@trove/platform-logging';
import { attachMessageServer, createApp } from '@trove/platform-runtime';
import { InProcessServer, InProcessTransportClient, TransportModule } from '@trove/platform-transport';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StandaloneSettings } from './standalone-config';

export interface StandaloneApp {
  app: NestFastifyApplication;
  dataDir: string;
}

/**
 * Everything in one process: the gateway and every domain module, the in-process transport, and
 * embedded stores under DATA_DIR. Not listening yet; main.ts (or a test) decides how to serve it.
 */
export async function createStandaloneApp(settings: StandaloneSettings): Promise<StandaloneApp> {
  const config = settings.app;
  const logger = createLogger({ name: 'standalone', level: config.LOG_LEVEL });
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // One embedded Postgres for every domain; each keeps to its own schema, as in distributed mode.
  const database = await PgliteDatabase.open(join(dataDir, 'postgres'));
  const search = await openSearchStores(settings.search, join(dataDir, 'search'), (level, message) =>
    logger[level](message),
  );
  const blobStore = openBlobStore(settings.ingestion, dataDir);
  const server = new InProcessServer();
  const transport = new InProcessTransportClient(server, config.REQUEST_TIMEOUT_MS);

  /** Closes the embedded database once every module has shut down. */
  class EmbeddedStores implements OnApplicationShutdown {
    async onApplicationShutdown(): Promise<void> {
      await database.close();
    }
  }

  @Module({
    providers: [EmbeddedStores],
    imports: [
      TransportModule.forClient(transport),
      HealthModule.forRoot({ name: 'standalone' }),
      GatewayModule.forRoot({
        readinessOf: [],
        authCacheTtlMs: config.AUTH_CACHE_TTL_MS,
        downloads: {
          signingKey: resolveDownloadSigningKey({ configured: config.DOWNLOAD_SIGNING_KEY, dataDir }).key,
          publicBaseUrl: config.PUBLIC_BASE_URL ?? listenBaseUrl(config.HOST, config.PORT),
        },
      }),
      TenantModule.forRoot({ database, adminApiKey: config.ADMIN_API_KEY }),
      SearchModule.forRoot({
        database,
        stores: search,
        settings: settings.search,
        log: (level, message) => logger[level](message),
      }),
      RawEmbeddingsModule.forRoot({
        database,
        vectorIndex: search.vectorIndex,
        // One process owns DATA_DIR: files are the fastest store (see SqlRawVectorStore).
        vectorStore: 'fs',
        dataDir: join(dataDir, 'search'),
      }),
      MemoryModule.forRoot({ database, settings: settings.memory }),
      // Names are compared with the search module's embedder (entity resolution by similarity).
      GraphModule.forRoot({ database, settings: settings.graph, embedder: search.embedder }),
      IngestionModule.forRoot({
        database,
        blobStore,
        queue: openJobQueue(settings.ingestion, { database }),
        settings: settings.ingestion,
        singleProcess: true,
      }),
    ],
  })
  class StandaloneModule {}

  const app = await createApp(StandaloneModule, {
    logger,
    bodyLimitBytes: config.MAX_BODY_BYTES,
    service: 'standalone',
    uploads: { fileSizeBytes: config.MAX_UPLOAD_BYTES },
    shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
  });
  checkKeysBeforeBodies(app);
  await limitRequestRates(app, { max: config.RATE_LIMIT_MAX, windowMs: config.RATE_LIMIT_WINDOW_MS });
  app.get(HealthRegistry).register('postgres (embedded)', () => database.ping());
  app.get(HealthRegistry).register(`blob store (${settings.ingestion.BLOB_STORE})`, () => blobStore.ping());
  const { KEYWORD_INDEX, VECTOR_INDEX } = settings.search;
  app.get(HealthRegistry).register(`keyword index (${KEYWORD_INDEX})`, () => search.keywordIndex.ping());
  app.get(HealthRegistry).register(`vector index (${VECTOR_INDEX})`, () => search.vectorIndex.ping());
  attachMessageServer(app, server);
  setupOpenApi(app, TROVE_VERSION);
  await app.startAllMicroservices();
  return { app, dataDir };
}
