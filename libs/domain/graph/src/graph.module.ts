import { DynamicModule, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { SqlDatabase } from '@trove/platform-database';
import { Neo4jGraphStore } from './adapters/neo4j/neo4j-graph-store';
import { SqlGraphStore } from './adapters/sql/sql-graph-store';
import { DEFAULT_GRAPH_CONTEXT, GraphContextBuilder } from './context/graph-context';
import { LlmExtractor } from './extraction/llm/llm-extractor';
import { OfflineExtractor } from './extraction/offline/offline-extractor';
import { GraphSettings } from './graph-settings';
import { GraphController } from './graph.controller';
import { GRAPH_SETTINGS, GraphService } from './graph.service';
import { GraphExtractor } from './ports/graph-extractor';
import { GraphStore } from './ports/graph-store';

export interface GraphModuleOptions {
  /** The SQL database the embedded graph store keeps its `graph` schema in. */
  database: SqlDatabase;
  settings: GraphSettings;
}

/** The one place that picks the graph's adapters from its settings. */
export function openGraphStore(options: GraphModuleOptions): GraphStore {
  const { settings } = options;
  switch (settings.GRAPH_STORE) {
    case 'sql':
      return new SqlGraphStore(options.database);
    case 'neo4j':
      return Neo4jGraphStore.connect({
        url: settings.NEO4J_URL!,
        user: settings.NEO4J_USER,
        password: settings.NEO4J_PASSWORD,
      });
  }
}

export function createGraphExtractor(settings: GraphSettings): GraphExtractor {
  switch (settings.GRAPH_EXTRACTOR) {
    case 'offline':
      return new OfflineExtractor();
    case 'llm':
      return new LlmExtractor({
        baseUrl: settings.GRAPH_LLM_URL!,
        model: settings.GRAPH_LLM_MODEL!,
        apiKey: settings.GRAPH_LLM_API_KEY,
        jsonMode: settings.GRAPH_LLM_JSON_MODE,
        timeoutMs: settings.GRAPH_LLM_TIMEOUT_MS,
        concurrency: settings.GRAPH_LLM_CONCURRENCY,
      });
  }
}

/**
 * The graph domain: GraphPatterns handlers over the graph store and the extractor. At init it
 * migrates the store; at shutdown it closes it.
 */
@Module({})
export class GraphModule implements OnModuleInit, OnApplicationShutdown {
  constructor(private readonly store: GraphStore) {}

  static forRoot(options: GraphModuleOptions): DynamicModule {
    return {
      module: GraphModule,
      controllers: [GraphController],
      providers: [
        { provide: GRAPH_SETTINGS, useValue: options.settings },
        { provide: GraphStore, useFactory: () => openGraphStore(options) },
        { provide: GraphExtractor, useFactory: () => createGraphExtractor(options.settings) },
        {
          provide: GraphContextBuilder,
          inject: [GraphStore],
          useFactory: (store: GraphStore) =>
            new GraphContextBuilder(store, {
              ...DEFAULT_GRAPH_CONTEXT,
              maxPaths: options.settings.GRAPH_CONTEXT_MAX_PATHS,
            }),
        },
        GraphService,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    await this.store.migrate();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
