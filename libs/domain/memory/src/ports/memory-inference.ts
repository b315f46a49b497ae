import { InferenceUsage, UserAssistantPair } from '@trove/contracts';
import { StatementKind } from '../inference/statement-signals';

/** What an inference reads: a text or a conversation, who "I" is, and when it was said. */
export interface MemoryInferenceInput {
  raw_text?: string;
  user_assistant_pairs?: UserAssistantPair[];
  /** Who "I" is; "The user" when unknown. */
  user_name?: string;
  /** Free-text guidance from the caller: what to keep, how to phrase it. */
  custom_instructions?: string;
  /** The moment relative dates ("next Friday", "yesterday") are resolved against. */
  reference_time: Date;
}

/** One inferred memory: a short statement that stands on its own. */
export interface InferredMemory {
  text: string;
  kind: StatementKind;
}

/** What one inference gave, and who gave it. */
export interface MemoryInferenceResult {
  /** The statements, in the order they were said, without duplicates; [] when nothing is worth keeping. */
  memories: InferredMemory[];
  /** Who read the text: `offline`, or `llm:<model>`; `offline` after a fallback. */
  inference: string;
  /** What the model spent, including on an answer that could not be used; zeros offline. */
  usage: InferenceUsage;
  /**
   * Set when the configured inference failed and the offline one answered instead: why, in words
   * fit for a caller (no key, no URL, nothing of the text).
   */
  fallback?: string;
}

export const NO_USAGE: Readonly<InferenceUsage> = Object.freeze({ prompt_tokens: 0, completion_tokens: 0 });

/**
 * Turns what a user said into standalone statements worth remembering: `infer: true` adds and
 * generate_user_memory both go through it. The offline, rule-based adapter is the default; the
 * LLM-backed one (MEMORY_INFERENCE=llm) replaces it from config without the service changing.
 * An adapter never fails for its model's sake: it answers with the offline inference instead.
 */
export abstract class MemoryInference {
  /** The configured inference: `offline`, or `llm:<model>`. */
  abstract readonly name: string;

  abstract infer(input: MemoryInferenceInput): Promise<MemoryInferenceResult>;
}
