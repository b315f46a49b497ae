import { SqlDatabase } from '@trove/platform-database';
import { Neo4jGraphStore } from './adapters/neo4j/neo4j-graph-store';
import { SqlGraphStore } from './adapters/sql/sql-graph-store';
import { LlmExtractor } from './extraction/llm/llm-extractor';
import { OfflineExtractor } from './extraction/offline/offline-extractor';
import { GraphSettings } from './graph-settings';
import { GraphExtractor } from './ports/graph-extractor';
import { GraphStore } from './ports/graph-store';

export interface GraphModuleOptions {
  /** The SQL database the graph keeps its `graph` schema in; needed when GRAPH_STORE=sql only. */
  database?: SqlDatabase;
  settings: GraphSettings;
}

/** The one place that picks the graph's adapters from its settings. */
export function openGraphStore(options: GraphModuleOptions): GraphStore {
  const { settings } = options;
  switch (settings.GRAPH_STORE) {
    case 'sql':
      if (!options.database) throw new Error('GRAPH_STORE=sql needs a SQL database');
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
