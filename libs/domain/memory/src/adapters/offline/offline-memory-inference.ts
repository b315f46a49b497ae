import { inferStatements } from '../../inference/infer-statements';
import { InferredMemory, MemoryInference, MemoryInferenceInput } from '../../ports/memory-inference';

/**
 * MemoryInference by rules (libs/domain/memory/src/inference): no model, no network. It cannot
 * follow free text, so `custom_instructions` is ignored here; the service still stores it with
 * each memory, and an LLM inference configured later receives it.
 */
export class OfflineMemoryInference extends MemoryInference {
  readonly name = 'offline';

  infer(input: MemoryInferenceInput): Promise<InferredMemory[]> {
    return Promise.resolve(
      inferStatements({
        raw_text: input.raw_text,
        user_assistant_pairs: input.user_assistant_pairs,
        user_name: input.user_name,
        reference_time: input.reference_time,
      }),
    );
  }
}
