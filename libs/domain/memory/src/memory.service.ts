import { Inject, Injectable } from '@nestjs/common';
import {
  AddMemoryRequest,
  AddMemoryResult,
  ChunkInput,
  CountsReply,
  DeleteMemoryRequest,
  DeleteMemoryResult,
  DeleteSourcesRequest,
  DomainError,
  IndexChunksRequest,
  RetrieveMemoryRequest,
  RetrieveMemoryResult,
  SearchPatterns,
  SearchResult,
  SubTenantRef,
  TenantPatterns,
  UserAssistantPair,
  HybridSearchRequest,
  ProcessingStatusReply,
  ProcessingStatusRequest,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { chunkText } from '@trove/text';
import { randomUUID } from 'node:crypto';
import { inferStatements } from './inference/infer-statements';
import { checkAddRequest, checkKey, checkRetrieveRequest } from './memory.validation';
import { selectMemories } from './memory-selection';
import { MemoryKey, MemoryStore } from './ports/memory-store';

export interface MemoryServiceOptions {
  /** Memory retrieval's semantic weight (the hybrid search default). */
  alpha: number;
}

export const MEMORY_SERVICE_OPTIONS = Symbol('MemoryServiceOptions');

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

/**
 * User memories: stored as records here, chunked (and with `infer`, summarised into inferred
 * statements) and handed to the search service to index; retrieved by hybrid search over the
 * sub-tenant's memories, one entry per memory.
 */
@Injectable()
export class MemoryService {
  constructor(
    private readonly store: MemoryStore,
    private readonly transport: TransportClient,
    @Inject(MEMORY_SERVICE_OPTIONS) private readonly options: MemoryServiceOptions,
  ) {}

  async add(request: AddMemoryRequest): Promise<AddMemoryResult> {
    checkAddRequest(request);
    const now = new Date();
    const memoryId = request.memory_id ?? randomUUID();
    const rawText =
      request.raw_text !== undefined && request.raw_text.trim() !== '' ? request.raw_text : null;
    const pairs = rawText === null ? (request.user_assistant_pairs ?? []) : null;
    const content = rawText ?? pairsAsText(pairs ?? [], request.user_name);
    const originals = chunkText(content);
    const inferred = request.infer
      ? inferStatements({
          raw_text: rawText ?? undefined,
          user_assistant_pairs: pairs ?? undefined,
          user_name: request.user_name,
          reference_time: now,
        }).map((s) => s.text)
      : [];
    await this.transport.send(TenantPatterns.ensureSubTenant, {
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
    } satisfies SubTenantRef);
    await this.store.provision(request.tenant_id, request.sub_tenant_id);
    const record = await this.store.upsert({
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
      original_chunks: originals.length,
      inferred_chunks: inferred.length,
      expires_at: request.expiry_time ? new Date(now.getTime() + request.expiry_time * 1000) : null,
      created_at: now,
      updated_at: now,
    });
    const chunks: ChunkInput[] = [
      ...originals.map((c, i) => ({
        chunk_uuid: `${memoryId}_${i}`,
        position: i,
        text: c.text,
        start: c.start,
        kind: 'original' as const,
      })),
      ...inferred.map((text, i) => ({
        chunk_uuid: `${memoryId}_inferred_${i}`,
        position: originals.length + i,
        text,
        start: 0,
        kind: 'inferred' as const,
      })),
    ];
    await this.transport.send(SearchPatterns.indexChunks, {
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
      source: {
        source_id: memoryId,
        source_type: 'memory',
        title: request.user_name ? `Memory of ${request.user_name}` : 'Memory',
        created_at: record.created_at.toISOString(),
        updated_at: record.updated_at.toISOString(),
        document_metadata: {
          memory_id: memoryId,
          ...(request.user_name ? { user_name: request.user_name } : {}),
          ...(request.custom_instructions ? { custom_instructions: request.custom_instructions } : {}),
        },
      },
      chunks,
    } satisfies IndexChunksRequest);
    return {
      success: true,
      user_memory_added: true,
      memory_id: memoryId,
      source_id: memoryId,
      chunks_created: chunks.length,
      original_chunks: originals.length,
      inferred_chunks: inferred.length,
    };
  }

  async retrieve(request: RetrieveMemoryRequest): Promise<RetrieveMemoryResult> {
    checkRetrieveRequest(request);
    if (!(await this.store.isProvisioned(request.tenant_id, request.sub_tenant_id))) {
      throw new DomainError(
        'SUB_TENANT_NOT_PROVISIONED',
        `Tenant '${request.tenant_id}' with sub-tenant '${request.sub_tenant_id}' does not exist or is not provisioned for user memory`,
      );
    }
    const wanted = request.max_count === 0 ? 20 : request.max_count;
    const result = await this.transport.send<SearchResult>(SearchPatterns.hybrid, {
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
      query: request.query,
      max_chunks: Math.min(1001, Math.max(50, wanted * 5)),
      alpha: this.options.alpha,
      recency_bias: 0,
      num_related_chunks: 0,
      search_mode: 'memories',
      relevant_only: true,
    } satisfies HybridSearchRequest);
    // Best chunk per memory, then only memories that still live (expiry is checked here too,
    // so an expired memory is never returned even before the sweeper erases its chunks).
    const best = new Map<string, number>();
    for (const chunk of result.chunks) {
      if (!best.has(chunk.source_id)) best.set(chunk.source_id, chunk.relevancy_score);
    }
    const live = new Map(
      (await this.store.getLive(request.tenant_id, request.sub_tenant_id, [...best.keys()], new Date())).map(
        (m) => [m.memory_id, m],
      ),
    );
    const ranked = [...best]
      .filter(([id]) => live.has(id))
      .filter(
        ([id]) =>
          !request.user_name || !live.get(id)!.user_name || live.get(id)!.user_name === request.user_name,
      )
      .map(([id, score]) => ({ memory: live.get(id)!, score }));
    return {
      success: true,
      user_memories: selectMemories(ranked, request.max_count).map(({ memory, score }) => ({
        source_id: memory.memory_id,
        source_content: memory.content,
        memory_id: memory.memory_id,
        score,
      })),
    };
  }

  async delete(request: DeleteMemoryRequest): Promise<DeleteMemoryResult> {
    checkKey(request);
    const [existing] = await this.store.getLive(
      request.tenant_id,
      request.sub_tenant_id,
      [request.memory_id],
      new Date(),
    );
    if (!existing) throw new DomainError('MEMORY_NOT_FOUND', `Memory '${request.memory_id}' not found`);
    // Index entries first: if that fails the record stays, and deleting again finishes the job.
    await this.eraseFromSearch([request]);
    await this.store.delete(request);
    return { success: true, user_memory_deleted: true };
  }

  /**
   * verify-processing for a memory: `add` indexes before it answers, so a live memory is
   * `completed`; any other id is not a memory's (null, so the next status source is asked).
   */
  async status(request: ProcessingStatusRequest): Promise<ProcessingStatusReply> {
    checkKey({ ...request, memory_id: request.file_id });
    const [memory] = await this.store.getLive(
      request.tenant_id,
      request.sub_tenant_id,
      [request.file_id],
      new Date(),
    );
    return { status: memory ? { file_id: request.file_id, indexing_status: 'completed' } : null };
  }

  /** Erases expired memories from every store; returns how many. */
  async sweepExpired(now: Date, limit = 500): Promise<number> {
    const expired = await this.store.listExpired(now, limit);
    await this.eraseFromSearch(expired);
    return this.store.deleteMany(expired);
  }

  async deleteSubTenant(tenantId: string, subTenantId: string): Promise<void> {
    await this.store.deleteSubTenant(tenantId, subTenantId);
  }

  async counts(tenantId: string): Promise<CountsReply> {
    const counts = await this.store.countBySubTenant(tenantId, new Date());
    return {
      by_sub_tenant: Object.fromEntries(Object.entries(counts).map(([sub, n]) => [sub, { memories: n }])),
    };
  }

  private async eraseFromSearch(keys: MemoryKey[]): Promise<void> {
    const groups = new Map<string, DeleteSourcesRequest>();
    for (const key of keys) {
      const group = `${key.tenant_id}\u0000${key.sub_tenant_id}`;
      const entry = groups.get(group) ?? {
        tenant_id: key.tenant_id,
        sub_tenant_id: key.sub_tenant_id,
        source_ids: [],
      };
      entry.source_ids.push(key.memory_id);
      groups.set(group, entry);
    }
    for (const request of groups.values()) await this.transport.send(SearchPatterns.deleteSources, request);
  }
}
