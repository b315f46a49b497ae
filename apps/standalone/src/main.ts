import { Module } from '@nestjs/common';
import { TROVE_VERSION } from '@trove/contracts';
import { TenantModule } from '@trove/domain-tenant';
import { GatewayModule, setupOpenApi } from '@trove/gateway';
import { loadConfig } from '@trove/platform-config';
import { PgliteDatabase } from '@trove/platform-database';
import { HealthModule, HealthRegistry } from '@trove/platform-health';

import { createLogger } from '@trove/platform-logging';
import { attachMessageServer, createApp, exitOnStartupError } from '@trove/platform-runtime';
import { InProcessServer, InProcessTransportClient, TransportModule } from '@trove/platform-transport';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StandaloneConfig } from './standalone-config';

async function main(): Promise<void> {
  const config = loadConfig(StandaloneConfig);
  const logger = createLogger({ name: 'standalone', level: config.LOG_LEVEL });
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // One embedded Postgres for every domain; each keeps to its own schema, as in distributed mode.
  const database = await PgliteDatabase.open(join(dataDir, 'postgres'));
  const server = new InProcessServer();
  const transport = new InProcessTransportClient(server, config.REQUEST_TIMEOUT_MS);

  @Module({
    imports: [
      TransportModule.forClient(transport),
      HealthModule.forRoot({ name: 'standalone' }),
      GatewayModule.forRoot({ readinessOf: [] }),
      TenantModule.forRoot({ database, adminApiKey: config.ADMIN_API_KEY }),
    ],
  })
  class StandaloneModule {}

  const app = await createApp(StandaloneModule, { logger, bodyLimitBytes: config.MAX_BODY_BYTES, service: 'standalone' });
  app.get(HealthRegistry).register('postgres (embedded)', () => database.ping());
  attachMessageServer(app, server);
  setupOpenApi(app, TROVE_VERSION);
  await app.startAllMicroservices();
  await app.listen(config.PORT, config.HOST);
  const url = await app.getUrl();
  logger.info({ url, data_dir: dataDir }, 'standalone ready');
  process.stdout.write(`Trove is listening on ${url} (API docs: ${url}/docs, data: ${dataDir})\n`);
}

main().catch(exitOnStartupError);
