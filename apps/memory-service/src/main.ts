import { MemoryModule, MemorySettings } from '@trove/domain-memory';
import { loadConfig } from '@trove/platform-config';
import { PostgresDatabase } from '@trove/platform-database';
import {
  DatabaseServiceConfig,
  exitOnStartupError,
  restrictNewFiles,
  runService,
} from '@trove/platform-runtime';

class MemoryServiceConfig extends DatabaseServiceConfig {
  override PORT = 8083;
}

async function main(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig(MemoryServiceConfig);
  const settings = loadConfig(MemorySettings);
  const database = await PostgresDatabase.connect(config.DATABASE_URL);
  await runService({
    service: 'memory',
    config,
    imports: [MemoryModule.forRoot({ database, settings })],
    checks: { postgres: () => database.ping() },
  });
}

main().catch(exitOnStartupError);
