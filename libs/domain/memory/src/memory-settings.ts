import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';

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
   * How much a retrieved memory with a speaker lifts the memories saved after it that answer it:
   * its reply when it asks something, and the answer to another speaker's follow-up question
   * about it: `1 − (1 − own) × (1 − w × its score)`. 0 turns it off.
   * docs/api.md, Memories; measured on LoCoMo and unseen conversations in docs/benchmarks.md.
   */
  @IsNumber()
  @Min(0)
  @Max(1)
  MEMORY_REPLY_WEIGHT = 0.5;

  /**
   * When the retrieved memories come from several speakers (`user_name`) and the query names some
   * of them, their memories are lifted: `1 − (1 − score) × (1 − w)`. 0 turns it off.
   * docs/api.md, Memories; measured on LoCoMo in docs/benchmarks.md.
   */
  @IsNumber()
  @Min(0)
  @Max(1)
  MEMORY_SPEAKER_WEIGHT = 0.2;

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

  /**
   * Who infers memories (`infer: true` adds, generate_user_memory): `offline` (the default: rules,
   * no model, no network) or `llm`, any OpenAI-compatible chat endpoint (MEMORY_LLM_URL,
   * MEMORY_LLM_MODEL). An LLM that fails on a request is replaced by `offline` for that request.
   */
  @IsIn(['offline', 'llm'], { message: 'MEMORY_INFERENCE must be offline or llm' })
  MEMORY_INFERENCE: 'offline' | 'llm' = 'offline';

  /** Root of the chat endpoint, with or without `/v1`: `https://api.openai.com`, `http://localhost:11434`. */
  @ValidateIf((s: MemorySettings) => s.MEMORY_INFERENCE === 'llm')
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'MEMORY_LLM_URL must be an http(s) URL when MEMORY_INFERENCE=llm' },
  )
  MEMORY_LLM_URL?: string;

  @ValidateIf((s: MemorySettings) => s.MEMORY_INFERENCE === 'llm')
  @IsString({ message: 'MEMORY_LLM_MODEL is required when MEMORY_INFERENCE=llm' })
  MEMORY_LLM_MODEL?: string;

  /** Sent as a bearer token; never logged, never in an answer. */
  @IsOptional()
  @IsString()
  MEMORY_LLM_API_KEY?: string;

  /**
   * One inference's time box, retries included; past it the offline inference answers. It runs on
   * the request's path: keep it well under REQUEST_TIMEOUT_MS (default 5000), or the caller may be
   * told 503 while the memory is still being written.
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  MEMORY_LLM_TIMEOUT_MS = 3_000;
}
