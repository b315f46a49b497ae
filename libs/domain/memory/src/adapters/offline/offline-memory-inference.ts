import { inferStatements } from '../../inference/infer-statements';
import {
  MemoryInference,
  MemoryInferenceInput,
  MemoryInferenceResult,
  NO_USAGE,
} from '../../ports/memory-inference';

/**
 * MemoryInference by rules (libs/domain/memory/src/inference): no model, no network. It cannot
 * follow free text, so `custom_instructions` is ignored here; the service still stores it with
 * each memory, and the LLM inference (MEMORY_INFERENCE=llm) receives it.
 */
export class OfflineMemoryInference extends MemoryInference {
  readonly name = 'offline';

  infer(input: MemoryInferenceInput): Promise<MemoryInferenceResult> {
    return Promise.resolve({
      memories: inferStatements({
        raw_text: input.raw_text,
        user_assistant_pairs: input.user_assistant_pairs,
        user_name: input.user_name,
        reference_time: input.reference_time,
      }),
      inference: this.name,
      usage: { ...NO_USAGE },
    });
  }
}
