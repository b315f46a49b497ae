import { openSearchStores, RawEmbeddingsModule, SearchModule, SearchSettings } from '@trove/domain-search';
import { loadConfig } from '@trove/platform-config';
import { createLogger } from '@trove/platform-logging';
import { PostgresDatabase } from '@trove/platform-database';
import {
  DatabaseServiceConfig,
  exitOnStartupError,
  restrictNewFiles,
  runService,
} from '@trove/platform-runtime';
import { join, resolve } from 'node:path';

class SearchServiceConfig extends DatabaseServiceConfig {
  override PORT = 8084;
}

async function main(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig(SearchServiceConfig);
  const settings = loadConfig(SearchSettings);
  const database = await PostgresDatabase.connect(config.DATABASE_URL);
  const dataDir = join(resolve(config.DATA_DIR), 'search');
  const logger = createLogger({ name: 'search-service', level: config.LOG_LEVEL });
  const stores = await openSearchStores(settings, dataDir, (level, message) => logger[level](message));
  await runService({
    service: 'search',
    config,
    imports: [
      SearchModule.forRoot({
        database,
        stores,
        settings,
        log: (level, message) => logger[level](message),
      }),
      RawEmbeddingsModule.forRoot({
        database,
        vectorIndex: stores.vectorIndex,
        // Uploaded vectors in PostgreSQL, not on this pod's disk: every replica can index and
        // read back what another accepted, and a restart loses nothing.
        vectorStore: 'sql',
        dataDir,
      }),
    ],
    checks: {
      postgres: () => database.ping(),
      [`keyword index (${settings.KEYWORD_INDEX})`]: () => stores.keywordIndex.ping(),
      [`vector index (${settings.VECTOR_INDEX})`]: () => stores.vectorIndex.ping(),
    },
  });
}

main().catch(exitOnStartupError);
