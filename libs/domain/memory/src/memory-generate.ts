import { GenerateMemoryRequest, GenerateMemoryResult, InferenceUsage } from '@trove/contracts';
import { randomUUID } from 'node:crypto';
import { inferenceReport, PreparedAdd } from './memory-add';
import { InferredMemory, MemoryInferenceResult } from './ports/memory-inference';

// generate_user_memory from inferred statements to index messages and its answer: the parts of
// MemoryService.generate that need no store. Generated memories are then written as adds are.

/**
 * Memory `index` of `count`'s share of one call's tokens: an even split, the remainder going one
 * token each to the first memories, so the shares add up to the call's usage exactly.
 */
export function usageShare(usage: InferenceUsage, index: number, count: number): InferenceUsage {
  const share = (total: number) => Math.floor(total / count) + (index < total % count ? 1 : 0);
  return { prompt_tokens: share(usage.prompt_tokens), completion_tokens: share(usage.completion_tokens) };
}

/**
 * A generated memory: one inferred statement, stored as a memory of its own with no original
 * text (content is the statement; the conversation it came from is not kept) and indexed as one
 * inferred chunk, `{memory_id}_inferred_0`. It records who inferred it and its share of the tokens.
 */
export function prepareGenerated(
  request: GenerateMemoryRequest,
  statement: InferredMemory,
  now: Date,
  graphPending: boolean,
  inference: { name: string; usage: InferenceUsage },
): PreparedAdd {
  const memoryId = randomUUID();
  return {
    record: {
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
      memory_id: memoryId,
      content: statement.text,
      raw_text: null,
      user_assistant_pairs: null,
      user_name: request.user_name ?? null,
      custom_instructions: request.custom_instructions ?? null,
      infer: true,
      inferred: [statement.text],
      inference: inference.name,
      inference_usage: inference.usage,
      original_chunks: 0,
      inferred_chunks: 1,
      expires_at: null,
      created_at: now,
      updated_at: now,
      graph_pending: graphPending,
    },
    chunks: [
      { chunk_uuid: `${memoryId}_inferred_0`, position: 0, text: statement.text, start: 0, kind: 'inferred' },
    ],
    bytes: Buffer.byteLength(statement.text),
  };
}

/** The answer: the memories in the order the inference gave them, and how they were inferred. */
export function generatedResult(
  generated: { add: PreparedAdd; kind: string }[],
  inference: MemoryInferenceResult,
): GenerateMemoryResult {
  return {
    success: true,
    memories_generated: generated.length,
    memories: generated.map(({ add, kind }) => ({
      memory_id: add.record.memory_id,
      source_id: add.record.memory_id,
      source_content: add.record.content,
      kind,
    })),
    original_chunks: 0,
    inferred_chunks: generated.length,
    ...inferenceReport(inference),
  };
}
