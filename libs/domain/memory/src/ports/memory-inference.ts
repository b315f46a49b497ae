import { UserAssistantPair } from '@trove/contracts';
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

/**
 * Turns what a user said into standalone statements worth remembering: `infer: true` adds and
 * generate_user_memory both go through it. The offline, rule-based adapter is the default; an
 * LLM-backed one (@trove/platform-llm) replaces it from config without the service changing.
 */
export abstract class MemoryInference {
  /** Reported with generated memories: `offline`, or `llm:<model>`. */
  abstract readonly name: string;

  /** The statements, in the order they were said, without duplicates; [] when nothing is worth keeping. */
  abstract infer(input: MemoryInferenceInput): Promise<InferredMemory[]>;
}
