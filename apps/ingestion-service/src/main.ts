import { IngestionModule, IngestionSettings, openBlobStore, openJobQueue } from '@trove/domain-ingestion';
import { loadConfig } from '@trove/platform-config';
import { PostgresDatabase } from '@trove/platform-database';
import {
  DatabaseServiceConfig,
  exitOnStartupError,
  restrictNewFiles,
  runService,
} from '@trove/platform-runtime';
import { resolve } from 'node:path';

class IngestionServiceConfig extends DatabaseServiceConfig {
  override PORT = 8082;
}

async function main(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig(IngestionServiceConfig);
  const settings = loadConfig(IngestionSettings);
  const database = await PostgresDatabase.connect(config.DATABASE_URL);
  const blobStore = openBlobStore(settings, resolve(config.DATA_DIR));
  const queue = openJobQueue(settings, {
    database,
    nats: { url: config.NATS_URL, prefix: config.SUBJECT_PREFIX, name: 'trove-ingestion-service' },
  });
  await runService({
    service: 'ingestion',
    config,
    imports: [IngestionModule.forRoot({ database, blobStore, queue, settings, singleProcess: false })],
    checks: {
      postgres: () => database.ping(),
      [`blob store (${settings.BLOB_STORE})`]: () => blobStore.ping(),
      'job queue (JetStream)': () => queue.ping(),
    },
  });
}

main().catch(exitOnStartupError);
