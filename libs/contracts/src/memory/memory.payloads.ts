export interface UserAssistantPair {
  user: string;
  assistant: string;
}

export interface AddMemoryRequest {
  tenant_id: string;
  sub_tenant_id: string;
  raw_text?: string;
  user_assistant_pairs?: UserAssistantPair[];
  expiry_time?: number;
  infer: boolean;
  custom_instructions?: string;
  user_name?: string;
  memory_id?: string;
}

/** Tokens a model spent inferring memories; both 0 when the offline inference read the text. */
export interface InferenceUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * How an add's or a generate's memories were inferred: which inference read the text, what the
 * model spent, and, when the configured LLM failed, why the offline inference answered instead.
 */
export interface InferenceReport {
  /** `offline` (rule-based) or `llm:<model>`; `offline` after a fallback. */
  inference: string;
  usage: InferenceUsage;
  /** Only after a fallback: why the LLM was not used (never the key, the URL or the text). */
  inference_fallback?: string;
}

/** With `infer: true`, the inference fields too (InferenceReport); without, none of them. */
export interface AddMemoryResult extends Partial<InferenceReport> {
  success: boolean;
  user_memory_added: boolean;
  memory_id: string;
  source_id: string;
  chunks_created: number;
  original_chunks: number;
  inferred_chunks: number;
}

/** Generate memories from interactions: the pairs are read, never stored (docs/api.md, Memories). */
export interface GenerateMemoryRequest {
  tenant_id: string;
  sub_tenant_id: string;
  user_assistant_pairs: UserAssistantPair[];
  user_name?: string;
  /** Kept with each memory, and followed by an LLM inference; offline inference cannot read it. */
  custom_instructions?: string;
}

/** One generated memory: a standalone statement, stored and indexed as a memory of its own. */
export interface GeneratedMemory {
  memory_id: string;
  /** Equal to memory_id, as for every memory. */
  source_id: string;
  /** The statement, as retrieval returns it. */
  source_content: string;
  /** What the statement says: `fact`, `preference`, `plan` or `date`. */
  kind: string;
}

export interface GenerateMemoryResult extends InferenceReport {
  success: boolean;
  /** memories.length. */
  memories_generated: number;
  memories: GeneratedMemory[];
  /** Always 0: nothing of the conversation itself is stored. */
  original_chunks: number;
  /** One per generated memory. */
  inferred_chunks: number;
}

export interface RetrieveMemoryRequest {
  tenant_id: string;
  sub_tenant_id: string;
  query: string;
  max_count: number;
  user_name?: string;
}

export interface RetrievedMemory {
  source_id: string;
  source_content: string;
  memory_id: string;
  score: number;
}

export interface RetrieveMemoryResult {
  success: boolean;
  user_memories: RetrievedMemory[];
}

export interface DeleteMemoryRequest {
  tenant_id: string;
  sub_tenant_id: string;
  memory_id: string;
}

export interface DeleteMemoryResult {
  success: boolean;
  user_memory_deleted: boolean;
}

/** Memory text (UTF-8 bytes, over one write) above which a write may outlast a request's usual wait. */
export const LARGE_MEMORY_BYTES = 100_000;

/**
 * How long a write of `bytes` of memory text may take before its reply is given up (docs/api.md,
 * Memories: large memories): the usual request timeout (undefined) up to LARGE_MEMORY_BYTES, else
 * 30 s plus 1 s per 100 kB, since a memory is analysed, embedded and indexed whole before the add
 * answers (a million characters: over a thousand chunks).
 */
export function memoryWriteTimeoutMs(bytes: number): number | undefined {
  return bytes <= LARGE_MEMORY_BYTES ? undefined : 30_000 + Math.ceil(bytes / 100_000) * 1000;
}
