import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';

/** Settings of the graph domain, read from the environment by the app that hosts it. */
export class GraphSettings {
  /**
   * Who reads entities and relations out of text: `offline` (the default: no model, no network)
   * or `llm`, any OpenAI-compatible chat endpoint (GRAPH_LLM_URL, GRAPH_LLM_MODEL).
   */
  @IsIn(['offline', 'llm'], { message: 'GRAPH_EXTRACTOR must be offline or llm' })
  GRAPH_EXTRACTOR: 'offline' | 'llm' = 'offline';

  /** Root of the chat endpoint, with or without `/v1`: `https://api.openai.com`, `http://localhost:11434`. */
  @ValidateIf((s: GraphSettings) => s.GRAPH_EXTRACTOR === 'llm')
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'GRAPH_LLM_URL must be an http(s) URL when GRAPH_EXTRACTOR=llm' },
  )
  GRAPH_LLM_URL?: string;

  @ValidateIf((s: GraphSettings) => s.GRAPH_EXTRACTOR === 'llm')
  @IsString({ message: 'GRAPH_LLM_MODEL is required when GRAPH_EXTRACTOR=llm' })
  GRAPH_LLM_MODEL?: string;

  /** Sent as a bearer token; never logged. */
  @IsOptional()
  @IsString()
  GRAPH_LLM_API_KEY?: string;

  /**
   * `json_schema` (structured outputs: OpenAI, vLLM, recent Ollama) or `json_object` (JSON mode
   * only, for servers without schemas; the schema then travels in the prompt).
   */
  @IsIn(['json_schema', 'json_object'], { message: 'GRAPH_LLM_JSON_MODE must be json_schema or json_object' })
  GRAPH_LLM_JSON_MODE: 'json_schema' | 'json_object' = 'json_schema';

  /** Per request, from sending it to reading the whole answer. */
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  GRAPH_LLM_TIMEOUT_MS = 60_000;

  /** Chunks of one source sent to the endpoint at once. */
  @IsInt()
  @Min(1)
  @Max(32)
  GRAPH_LLM_CONCURRENCY = 4;

  /**
   * The offline extractor works in a thread of its own; a source it has not read within this many
   * milliseconds, plus 100 per chunk, is given up (it gets no graph, and is logged) and the thread
   * is replaced, so one pathological text cannot stall the graph of every later source.
   */
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  GRAPH_EXTRACT_TIMEOUT_MS = 10_000;

  /**
   * Threads the offline extractor reads sources in, one source each at a time. More read several
   * sources at once (ingestion runs INGESTION_CONCURRENCY jobs side by side), each thread taking a
   * core while it works and holding its own copy of the rules.
   */
  @IsInt({ message: 'GRAPH_EXTRACT_WORKERS must be an integer from 1 to 16' })
  @Min(1, { message: 'GRAPH_EXTRACT_WORKERS must be an integer from 1 to 16' })
  @Max(16, { message: 'GRAPH_EXTRACT_WORKERS must be an integer from 1 to 16' })
  GRAPH_EXTRACT_WORKERS = 1;

  /**
   * The offline extractor also keeps relations whose words match no canonical predicate, named by
   * their lemmatised verb and preposition ("win", "premier at"), at confidence 0.55. Off by
   * default: they are rarely facts a reader would state (docs/api.md, Graph relations).
   */
  @IsBoolean()
  GRAPH_OPEN_PREDICATES = false;

  /**
   * Where the graph lives: `sql` (the default: a `graph` schema in the app's SQL database, PGlite
   * embedded or PostgreSQL) or `neo4j`, a Neo4j 5 server (NEO4J_URL).
   */
  @IsIn(['sql', 'neo4j'], { message: 'GRAPH_STORE must be sql or neo4j' })
  GRAPH_STORE: 'sql' | 'neo4j' = 'sql';

  /** The server's Bolt URL: `bolt://neo4j:7687`, or `neo4j://…` for a cluster's routing. */
  @ValidateIf((s: GraphSettings) => s.GRAPH_STORE === 'neo4j')
  @IsString({ message: 'NEO4J_URL is required when GRAPH_STORE=neo4j' })
  @Matches(/^(bolt|neo4j)(\+s|\+ssc)?:\/\/\S+$/, {
    message: 'NEO4J_URL must be a bolt:// or neo4j:// URL when GRAPH_STORE=neo4j',
  })
  NEO4J_URL?: string;

  /** With NEO4J_PASSWORD, basic auth; without it, none (a server with auth disabled). */
  @IsOptional()
  @IsString()
  NEO4J_USER?: string;

  /** Never logged. */
  @IsOptional()
  @IsString()
  NEO4J_PASSWORD?: string;

  /**
   * Entity resolution by similarity: a person named in a new way ("Gerald R. Ford") joins the
   * sub-tenant's person of a compatible name ("Gerald Ford") when their names' embeddings are at
   * least GRAPH_RESOLVE_MIN_COSINE alike (the configured embedding model; docs/api.md).
   */
  @IsBoolean()
  GRAPH_RESOLVE_SIMILAR_NAMES = true;

  @IsNumber()
  @Min(0)
  @Max(1)
  GRAPH_RESOLVE_MIN_COSINE = 0.85;

  /** Query paths a `graph_context` answer holds at most. */
  @IsInt()
  @Min(1)
  @Max(100)
  GRAPH_CONTEXT_MAX_PATHS = 10;

  /**
   * Graph-aware ranking (docs/api.md, Search): a context request with `rank` re-scores a chunk
   * holding evidence `e` of a relation on the query's paths, or between two of its entities, as
   * `1 − (1 − score)(1 − w·e)`, w being this weight. 0: no re-ranking (the chunks in their order,
   * cut to `keep`). Default measured by bench/graph-ranking.bench.mjs.
   */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  GRAPH_RANKING_WEIGHT = 0.2;

  /**
   * Chunks one extraction request may carry: a source's whole chunk list arrives in one request
   * (its graph is replaced atomically). The default holds the largest document ingestion accepts
   * (64 MiB of text is about 65,000 chunks of 256 tokens).
   */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  GRAPH_MAX_CHUNKS_PER_REQUEST = 100_000;
}
