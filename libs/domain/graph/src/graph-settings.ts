import { IsIn, IsInt, Max, Min } from 'class-validator';

/** Settings of the graph domain, read from the environment by the app that hosts it. */
export class GraphSettings {
  /** Who reads entities and relations out of text: the offline extractor (no model, no network). */
  @IsIn(['offline'], { message: 'GRAPH_EXTRACTOR must be offline' })
  GRAPH_EXTRACTOR = 'offline' as const;

  /** Query paths a `graph_context` answer holds at most. */
  @IsInt()
  @Min(1)
  @Max(100)
  GRAPH_CONTEXT_MAX_PATHS = 10;

  /** Chunks one extraction request may carry (a source's chunks arrive in batches of at most this). */
  @IsInt()
  @Min(1)
  @Max(10_000)
  GRAPH_MAX_CHUNKS_PER_REQUEST = 2_000;
}
