import { Embedder } from '@trove/embeddings';
import { SqlDatabase } from '@trove/platform-database';
import { Neo4jGraphStore } from './adapters/neo4j/neo4j-graph-store';
import { SqlGraphStore } from './adapters/sql/sql-graph-store';
import { LlmExtractor } from './extraction/llm/llm-extractor';
import { ThreadedOfflineExtractor } from './extraction/offline/threaded-offline-extractor';
import { GraphSettings } from './graph-settings';
import { GraphExtractor } from './ports/graph-extractor';
import { GraphStore } from './ports/graph-store';
import { SimilarNames } from './resolution/similar-names';

export interface GraphModuleOptions {
  /** The SQL database the graph keeps its `graph` schema in; needed when GRAPH_STORE=sql only. */
  database?: SqlDatabase;
  settings: GraphSettings;
  /**
   * Embeds names for entity resolution by similarity (GRAPH_RESOLVE_SIMILAR_NAMES): standalone
   * shares the search module's; the graph service makes its own from the EMBEDDINGS_* settings.
   * Without one, names resolve by their keys and aliases only.
   */
  embedder?: Embedder;
  /** The module closes the embedder at shutdown (the graph service made it for itself). */
  ownsEmbedder?: boolean;
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

/** The offline extractor's time limit grows by this much per chunk (~4 ms is what one takes). */
const EXTRACT_MS_PER_CHUNK = 100;

export function createGraphExtractor(settings: GraphSettings): GraphExtractor {
  switch (settings.GRAPH_EXTRACTOR) {
    case 'offline':
      return new ThreadedOfflineExtractor({
        timeoutMs: settings.GRAPH_EXTRACT_TIMEOUT_MS,
        perChunkMs: EXTRACT_MS_PER_CHUNK,
        workers: settings.GRAPH_EXTRACT_WORKERS,
        openPredicates: settings.GRAPH_OPEN_PREDICATES,
      });
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

/** Entity resolution by similarity, when it is on and an embedder was given. */
export function createSimilarNames(options: GraphModuleOptions, store: GraphStore): SimilarNames | null {
  if (!options.settings.GRAPH_RESOLVE_SIMILAR_NAMES || !options.embedder) return null;
  return new SimilarNames(store, options.embedder, { minCosine: options.settings.GRAPH_RESOLVE_MIN_COSINE });
}
