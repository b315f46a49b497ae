import { IsBoolean, IsInt, IsNumber, Max, Min } from 'class-validator';

/** Settings of the memory domain, read from the environment by the app that hosts it. */
export class MemorySettings {
  /** How often expired memories are erased from every store (docs/api.md, Memories). */
  @IsInt()
  @Min(100)
  @Max(60_000)
  MEMORY_SWEEP_INTERVAL_MS = 15_000;

  /** Semantic weight of memory retrieval's hybrid search (measured on LoCoMo: see README). */
  @IsNumber()
  @Min(0)
  @Max(1)
  MEMORY_ALPHA = 0.5;

  /**
   * Extract added memories into the knowledge graph, in the background (status `graph_creation`
   * until done). false: no extraction, status `completed` once indexed; deletes still erase the
   * graph facts of memories extracted before.
   */
  @IsBoolean()
  MEMORY_GRAPH = true;

  /** How often the graph worker looks for memories to extract (adds also start it at once). */
  @IsInt()
  @Min(100)
  @Max(60_000)
  MEMORY_GRAPH_INTERVAL_MS = 1_000;

  /** Most memories the graph worker claims at a time (4 of them in flight to the graph service). */
  @IsInt()
  @Min(1)
  @Max(1_000)
  MEMORY_GRAPH_BATCH = 32;
}
