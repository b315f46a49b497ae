import { GraphModule, GraphSettings } from '@trove/domain-graph';
import { createEmbedder } from '@trove/embeddings';
import { createLogger } from '@trove/platform-logging';
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
  // Names are compared with the configured embedding model (EMBEDDINGS_*, as the search service
  // reads them) for entity resolution by similarity; a model that cannot be had is reported and
  // the hashing embedder stands in.
  const logger = createLogger({ name: 'graph-service', level: config.LOG_LEVEL });
  const embedder = settings.GRAPH_RESOLVE_SIMILAR_NAMES
    ? // createEmbedder reads the environment's EMBEDDINGS_* by name; one model process: a source's names are few.
      await createEmbedder(
        { ...process.env, EMBEDDINGS_PROCESSES: 1 },
        { log: (level, message) => logger[level](message) },
      )
    : undefined;
  await runService({
    service: 'graph',
    config,
    imports: [GraphModule.forRoot({ database, settings, embedder, ownsEmbedder: true })],
    checks: database ? { postgres: () => database.ping() } : {},
  });
}

main().catch(exitOnStartupError);
