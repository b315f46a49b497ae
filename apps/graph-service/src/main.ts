import { GraphModule, GraphSettings } from '@trove/domain-graph';
import { createEmbedder, EmbeddingSettings } from '@trove/embeddings';
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

/** The EMBEDDINGS_* settings (as the search service reads them), on one model process: a source's names are few. */
function embeddingSettingsFrom(env: NodeJS.ProcessEnv): EmbeddingSettings {
  const pick = (name: string) => (env[name]?.trim() ? env[name] : undefined);
  return {
    EMBEDDINGS_PROVIDER: pick('EMBEDDINGS_PROVIDER'),
    MODELS_DIR: pick('MODELS_DIR'),
    EMBEDDINGS_MODEL_DIR: pick('EMBEDDINGS_MODEL_DIR'),
    EMBEDDINGS_POOLING: pick('EMBEDDINGS_POOLING'),
    EMBEDDINGS_THREADS: pick('EMBEDDINGS_THREADS'),
    EMBEDDINGS_PROCESSES: 1,
    EMBEDDINGS_MAVEN: pick('EMBEDDINGS_MAVEN'),
    EMBEDDINGS_REQUIRE_MODEL: pick('EMBEDDINGS_REQUIRE_MODEL'),
    EMBEDDINGS_MODEL_PATH: pick('EMBEDDINGS_MODEL_PATH'),
    EMBEDDINGS_URL: pick('EMBEDDINGS_URL'),
    EMBEDDINGS_MODEL: pick('EMBEDDINGS_MODEL'),
    EMBEDDINGS_API_KEY: pick('EMBEDDINGS_API_KEY'),
    EMBEDDINGS_DIMENSION: pick('EMBEDDINGS_DIMENSION'),
  };
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
    ? await createEmbedder(embeddingSettingsFrom(process.env), {
        log: (level, message) => logger[level](message),
      })
    : undefined;
  await runService({
    service: 'graph',
    config,
    imports: [GraphModule.forRoot({ database, settings, embedder, ownsEmbedder: true })],
    checks: database ? { postgres: () => database.ping() } : {},
  });
}

main().catch(exitOnStartupError);
