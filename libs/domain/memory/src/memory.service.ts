import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AddMemoryRequest,
  AddMemoryResult,
  BatchReply,
  CountsReply,
  DeleteMemoryRequest,
  DeleteMemoryResult,
  DomainError,
  EnsureSubTenantsRequest,
  GenerateMemoryRequest,
  GenerateMemoryResult,
  IndexChunksResult,
  IndexManyRequest,
  memoryWriteTimeoutMs,
  RetrieveMemoryRequest,
  RetrieveMemoryResult,
  SearchPatterns,
  SearchResult,
  SubTenantEnsured,
  TenantPatterns,
  HybridSearchRequest,
  ProcessingStatusReply,
  ProcessingStatusRequest,
} from '@trove/contracts';
import { emitItemStatus, TransportClient } from '@trove/platform-transport';
import { GroupCommit, Settled } from '@trove/platform-database';
import {
  addContent,
  addedResult,
  indexRequest,
  inferenceReport,
  PreparedAdd,
  prepareAdd,
  scopeKey,
} from './memory-add';
import { generatedResult, prepareGenerated, usageShare } from './memory-generate';
import { eraseIndexEntries } from './memory-erase';
import { MemoryGraphWorker } from './graph/memory-graph.worker';
import { checkAddRequest, checkGenerateRequest, checkKey, checkRetrieveRequest } from './memory.validation';
import { liftReplies, THREAD_LENGTH } from './memory-replies';
import { selectMemories } from './memory-selection';
import { liftNamedSpeakers } from './memory-speakers';
import { MemoryInference } from './ports/memory-inference';
import { MemoryKey, MemoryStore } from './ports/memory-store';

export interface MemoryServiceOptions {
  /** Memory retrieval's semantic weight (the hybrid search default). */
  alpha: number;
  /** How much a memory's score lifts its reply and the answer to a follow-up (memory-replies.ts); 0: off. */
  replyWeight: number;
  /** How much a speaker the query names is lifted (memory-speakers.ts); 0: off. */
  speakerWeight: number;
}

export const MEMORY_SERVICE_OPTIONS = Symbol('MemoryServiceOptions');

/** Most adds written together in one batch. */
const MAX_BATCH_ADDS = 64;
/**
 * Most text (UTF-8 bytes) in one batch: its index message, chunk overlap included, then stays
 * under NATS's 1 MiB message limit (a longer memory goes alone, and the transport stashes it),
 * and a batch is indexed in well under the request timeout.
 */
const MAX_BATCH_BYTES = 256 * 1024;

/**
 * User memories: stored as records here, chunked (and with `infer`, summarised into inferred
 * statements) and handed to the search service to index; then, in the background, extracted
 * into the knowledge graph (MemoryGraphWorker). Retrieved by hybrid search over the sub-tenant's
 * memories, one entry per memory.
 */
@Injectable()
export class MemoryService {
  private readonly logger = new Logger('MemoryService');
  private readonly adds: GroupCommit<PreparedAdd, AddMemoryResult>;

  constructor(
    private readonly store: MemoryStore,
    private readonly transport: TransportClient,
    private readonly graph: MemoryGraphWorker,
    private readonly inference: MemoryInference,
    @Inject(MEMORY_SERVICE_OPTIONS) private readonly options: MemoryServiceOptions,
  ) {
    this.adds = new GroupCommit((batch) => this.writeAdds(batch), {
      maxItems: MAX_BATCH_ADDS,
      maxWeight: MAX_BATCH_BYTES,
      weigh: (add) => add.bytes,
      keyOf: (add) => JSON.stringify([add.record.tenant_id, add.record.sub_tenant_id, add.record.memory_id]),
    });
  }

  /**
   * Adds (or replaces) a memory and answers once it is indexed, not waiting for the graph.
   * Concurrent adds are written together (GroupCommit): one sub-tenant message, one SQL
   * statement and one index message per batch, however many adds it holds.
   */
  async add(request: AddMemoryRequest): Promise<AddMemoryResult> {
    checkAddRequest(request);
    const now = new Date();
    const { raw_text, user_assistant_pairs } = addContent(request);
    const inference = request.infer
      ? await this.inference.infer({
          raw_text: raw_text ?? undefined,
          user_assistant_pairs: user_assistant_pairs ?? undefined,
          user_name: request.user_name,
          custom_instructions: request.custom_instructions,
          reference_time: now,
        })
      : null;
    const added = await this.adds.submit(prepareAdd(request, now, this.graph.enabled, inference));
    return inference ? { ...added, ...inferenceReport(inference) } : added;
  }

  /**
   * generate_user_memory: the inference reads the conversation, and each statement it gives is
   * stored as a memory of its own (one inferred chunk, no original text), written with the adds'
   * batches and searchable when this answers. Nothing inferred: nothing stored, an empty list.
   * All or nothing: if one memory fails to be written, every one of them is erased again.
   */
  async generate(request: GenerateMemoryRequest): Promise<GenerateMemoryResult> {
    checkGenerateRequest(request);
    const now = new Date();
    const inference = await this.inference.infer({
      user_assistant_pairs: request.user_assistant_pairs,
      user_name: request.user_name,
      custom_instructions: request.custom_instructions,
      reference_time: now,
    });
    const count = inference.memories.length;
    const generated = inference.memories.map((statement, i) => ({
      add: prepareGenerated(request, statement, now, this.graph.enabled, {
        name: inference.inference,
        usage: usageShare(inference.usage, i, count),
      }),
      kind: statement.kind,
    }));
    const settled = await Promise.allSettled(generated.map(({ add }) => this.adds.submit(add)));
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) {
      // All of them: a memory the index refused was written to the store before it was refused.
      await this.eraseQuietly(generated.map(({ add }) => add.record));
      throw failure.reason;
    }
    return generatedResult(generated, inference);
  }

  /**
   * Erases the memories of a failed generate. Its caller gets the generate's error either way;
   * if erasing fails too, the ids are logged (delete-memory removes each).
   */
  private async eraseQuietly(keys: MemoryKey[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      await eraseIndexEntries(this.transport, keys);
      await this.store.deleteMany(keys);
    } catch (error: unknown) {
      this.logger.warn(
        `memories of a failed generate could not be erased (${keys.map((k) => k.memory_id).join(', ')}): ` +
          (error instanceof Error ? error.message : String(error)),
      );
    }
  }

  /** One batch of adds, each settled on its own: a missing tenant fails its adds only. */
  private async writeAdds(adds: PreparedAdd[]): Promise<Settled<AddMemoryResult>[]> {
    const failed = await this.ensureSubTenants(adds);
    const ready = adds.filter((add) => !failed.has(add));
    if (ready.length > 0) {
      const saved = await this.store.save(ready.map((add) => add.record));
      const bytes = ready.reduce((n, add) => n + add.bytes, 0);
      const wait = memoryWriteTimeoutMs(bytes);
      const indexed = await this.transport.send<BatchReply<IndexChunksResult>>(
        SearchPatterns.indexMany,
        { requests: ready.map((add, i) => indexRequest(add, saved[i]!)) } satisfies IndexManyRequest,
        wait === undefined ? undefined : { timeoutMs: wait },
      );
      ready.forEach((add, i) => {
        const outcome = indexed.outcomes[i];
        if (outcome === undefined)
          failed.set(add, new DomainError('INTERNAL_ERROR', 'the search service skipped a memory'));
        else if ('error' in outcome) failed.set(add, DomainError.fromSerialized(outcome.error));
      });
      // The batch's memories are pending in the store: extract them now rather than at the next tick.
      this.graph.kick();
    }
    for (const add of ready) {
      if (failed.has(add)) continue;
      const { tenant_id, sub_tenant_id, memory_id } = add.record;
      // Searchable now: the graph follows (graph_creation), or there is none to make.
      const pending = this.graph.enabled && add.record.graph_pending;
      emitItemStatus(
        this.transport,
        { tenant_id, sub_tenant_id, file_id: memory_id },
        pending ? 'graph_creation' : 'completed',
      );
    }
    return adds.map((add) => {
      const error = failed.get(add);
      return error ? { error } : { ok: addedResult(add) };
    });
  }

  /** Creates the batch's sub-tenants on their first write; the adds whose tenant is refused, with why. */
  private async ensureSubTenants(adds: PreparedAdd[]): Promise<Map<PreparedAdd, DomainError>> {
    const scopes = [...new Map(adds.map((add) => [scopeKey(add.record), add.record])).values()];
    const reply = await this.transport.send<BatchReply<SubTenantEnsured>>(TenantPatterns.ensureSubTenants, {
      sub_tenants: scopes.map((r) => ({ tenant_id: r.tenant_id, sub_tenant_id: r.sub_tenant_id })),
    } satisfies EnsureSubTenantsRequest);
    const refused = new Map<string, DomainError>();
    scopes.forEach((scope, i) => {
      const outcome = reply.outcomes[i];
      if (outcome === undefined)
        refused.set(
          scopeKey(scope),
          new DomainError('INTERNAL_ERROR', 'the tenant service skipped a sub-tenant'),
        );
      else if ('error' in outcome) refused.set(scopeKey(scope), DomainError.fromSerialized(outcome.error));
    });
    const failed = new Map<PreparedAdd, DomainError>();
    for (const add of adds) {
      const error = refused.get(scopeKey(add.record));
      if (error) failed.set(add, error);
    }
    return failed;
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
    const now = new Date();
    const live = new Map(
      (await this.store.getLive(request.tenant_id, request.sub_tenant_id, [...best.keys()], now)).map((m) => [
        m.memory_id,
        m,
      ]),
    );
    // A reply follows its question (memory-replies.ts): what was saved after a memory can lift.
    const speaking = [...live.values()].filter((m) => m.user_name !== null).map((m) => m.memory_id);
    const { scores, replies } = liftReplies(
      new Map([...best].filter(([id]) => live.has(id))),
      live,
      speaking.length && this.options.replyWeight > 0
        ? await this.store.savedAfter(request.tenant_id, request.sub_tenant_id, speaking, THREAD_LENGTH, now)
        : new Map(),
      this.options.replyWeight,
    );
    for (const reply of replies) live.set(reply.memory_id, reply);
    // A query naming some of the speakers prefers what they said (memory-speakers.ts).
    const ranked = [...liftNamedSpeakers(scores, live, request.query, this.options.speakerWeight)]
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
    await eraseIndexEntries(this.transport, [request]);
    await this.store.delete(request);
    return { success: true, user_memory_deleted: true };
  }

  /**
   * verify-processing for a memory: `add` indexes before it answers, so a live memory is
   * `graph_creation` while its graph is pending, then `completed` (at once with MEMORY_GRAPH
   * off); any other id is not a memory's (null, so the next status source is asked).
   */
  async status(request: ProcessingStatusRequest): Promise<ProcessingStatusReply> {
    checkKey({ ...request, memory_id: request.file_id });
    const [memory] = await this.store.getLive(
      request.tenant_id,
      request.sub_tenant_id,
      [request.file_id],
      new Date(),
    );
    if (!memory) return { status: null };
    const pending = this.graph.enabled && memory.graph_pending;
    return {
      status: { file_id: request.file_id, indexing_status: pending ? 'graph_creation' : 'completed' },
    };
  }

  /** Erases expired memories from every store (search and graph first); returns how many. */
  async sweepExpired(now: Date, limit = 500): Promise<number> {
    const expired = await this.store.listExpired(now, limit);
    await eraseIndexEntries(this.transport, expired);
    return this.store.deleteMany(expired);
  }

  async deleteSubTenant(tenantId: string, subTenantId: string): Promise<void> {
    await this.store.deleteSubTenant(tenantId, subTenantId);
  }

  async counts(tenantId: string): Promise<CountsReply> {
    const counts = await this.store.countBySubTenant(tenantId, new Date());
    return {
      by_sub_tenant: Object.fromEntries([...counts].map(([sub, n]) => [sub, { memories: n }])),
    };
  }
}
