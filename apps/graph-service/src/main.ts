import { GraphModule, GraphSettings } from '@trove/domain-graph';
import { loadConfig } from '@trove/platform-config';
import { PostgresDatabase } from '@trove/platform-database';
import {
  DatabaseServiceConfig,
  exitOnStartupError,
  restrictNewFiles,
  runService,
} from '@trove/platform-runtime';

class GraphServiceConfig extends DatabaseServiceConfig {
  override PORT = 8085;
}

async function main(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig(GraphServiceConfig);
  const settings = loadConfig(GraphSettings);
  // The graph lives in PostgreSQL (its `graph` schema) unless GRAPH_STORE=neo4j.
  const database =
    settings.GRAPH_STORE === 'sql' ? await PostgresDatabase.connect(config.DATABASE_URL) : undefined;
  await runService({
    service: 'graph',
    config,
    imports: [GraphModule.forRoot({ database, settings })],
    checks: database ? { postgres: () => database.ping() } : {},
  });
}

main().catch(exitOnStartupError);
