import {
  AddMemoryRequest,
  AddMemoryResult,
  ChunkInput,
  IndexChunksRequest,
  InferenceReport,
  UserAssistantPair,
} from '@trove/contracts';
import { chunkText } from '@trove/text';
import { randomUUID } from 'node:crypto';
import { MemoryInferenceResult } from './ports/memory-inference';
import { MemoryRecord } from './ports/memory-store';

// An add from request to index message: the parts of MemoryService.add that need no store.

/** Pairs are one memory: "User: …" and "Assistant: …" lines (the user's name when known). */
function pairsAsText(pairs: UserAssistantPair[], userName?: string): string {
  const user = userName?.trim() || 'User';
  return pairs
    .flatMap((p) => [
      p.user?.trim() ? `${user}: ${p.user.trim()}` : '',
      p.assistant?.trim() ? `Assistant: ${p.assistant.trim()}` : '',
    ])
    .filter(Boolean)
    .join('\n');
}

/** An add checked, chunked and (with infer) inferred, waiting to be written with its batch. */
export interface PreparedAdd {
  record: MemoryRecord;
  chunks: ChunkInput[];
  /** UTF-8 size of the memory's text. */
  bytes: number;
}

export function scopeKey(ref: { tenant_id: string; sub_tenant_id: string }): string {
  return JSON.stringify([ref.tenant_id, ref.sub_tenant_id]);
}

/**
 * A memory text's chunks, with the ids they are indexed under (`{memory_id}_{n}`). Chunking is
 * deterministic, so the graph worker gets the same chunks from the stored text later.
 */
export function originalChunks(memoryId: string, content: string): ChunkInput[] {
  return chunkText(content).map((c, i) => ({
    chunk_uuid: `${memoryId}_${i}`,
    position: i,
    text: c.text,
    start: c.start,
    kind: 'original' as const,
  }));
}

/** What an add gives the inference: its text, or its pairs when it has no text (raw_text wins). */
export function addContent(request: AddMemoryRequest): {
  raw_text: string | null;
  user_assistant_pairs: UserAssistantPair[] | null;
} {
  const rawText = request.raw_text !== undefined && request.raw_text.trim() !== '' ? request.raw_text : null;
  return {
    raw_text: rawText,
    user_assistant_pairs: rawText === null ? (request.user_assistant_pairs ?? []) : null,
  };
}

/**
 * The CPU part of an add (chunking), done before it joins a batch, with what the inference gave
 * (null without `infer`). `graphPending`: whether the memory's text is to be extracted into the
 * knowledge graph after it is written.
 */
export function prepareAdd(
  request: AddMemoryRequest,
  now: Date,
  graphPending: boolean,
  inference: MemoryInferenceResult | null = null,
): PreparedAdd {
  const inferred = inference?.memories.map((m) => m.text) ?? [];
  const memoryId = request.memory_id ?? randomUUID();
  const { raw_text: rawText, user_assistant_pairs: pairs } = addContent(request);
  const content = rawText ?? pairsAsText(pairs ?? [], request.user_name);
  const originals = originalChunks(memoryId, content);
  const chunks: ChunkInput[] = [
    ...originals,
    ...inferred.map((text, i) => ({
      chunk_uuid: `${memoryId}_inferred_${i}`,
      position: originals.length + i,
      text,
      start: 0,
      kind: 'inferred' as const,
    })),
  ];
  return {
    record: {
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
      memory_id: memoryId,
      content,
      raw_text: rawText,
      user_assistant_pairs: pairs,
      user_name: request.user_name ?? null,
      custom_instructions: request.custom_instructions ?? null,
      infer: request.infer,
      inferred,
      inference: inference?.inference ?? null,
      inference_usage: inference ? { ...inference.usage } : null,
      original_chunks: originals.length,
      inferred_chunks: inferred.length,
      expires_at: request.expiry_time ? new Date(now.getTime() + request.expiry_time * 1000) : null,
      created_at: now,
      updated_at: now,
      graph_pending: graphPending,
    },
    chunks,
    bytes: Buffer.byteLength(content) + inferred.reduce((n, text) => n + Buffer.byteLength(text), 0),
  };
}

/** What the search service indexes for a stored memory. */
export function indexRequest(add: PreparedAdd, record: MemoryRecord): IndexChunksRequest {
  return {
    tenant_id: record.tenant_id,
    sub_tenant_id: record.sub_tenant_id,
    source: {
      source_id: record.memory_id,
      source_type: 'memory',
      title: record.user_name ? `Memory of ${record.user_name}` : 'Memory',
      created_at: record.created_at.toISOString(),
      updated_at: record.updated_at.toISOString(),
      document_metadata: {
        memory_id: record.memory_id,
        ...(record.user_name ? { user_name: record.user_name } : {}),
        ...(record.custom_instructions ? { custom_instructions: record.custom_instructions } : {}),
      },
    },
    chunks: add.chunks,
  };
}

export function addedResult(add: PreparedAdd): AddMemoryResult {
  return {
    success: true,
    user_memory_added: true,
    memory_id: add.record.memory_id,
    source_id: add.record.memory_id,
    chunks_created: add.chunks.length,
    original_chunks: add.record.original_chunks,
    inferred_chunks: add.record.inferred_chunks,
  };
}

/** What an answer says of the inference: who, what it cost, and why it fell back if it did. */
export function inferenceReport(inference: MemoryInferenceResult): InferenceReport {
  return {
    inference: inference.inference,
    usage: { ...inference.usage },
    ...(inference.fallback !== undefined ? { inference_fallback: inference.fallback } : {}),
  };
}
