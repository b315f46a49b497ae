import { IsInt, IsNumber, Max, Min } from 'class-validator';

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
}
