import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, GraphExtractRequest, GraphExtractResult, GraphPatterns } from '@trove/contracts';
import { emitItemStatus, TransportClient } from '@trove/platform-transport';
import { originalChunks } from '../memory-add';
import { sourcesByScope } from '../memory-erase';
import { GraphPendingMemory, MemoryKey, MemoryStore } from '../ports/memory-store';

export interface MemoryGraphOptions {
  /** false: nothing is extracted, and a live memory's status is `completed` at once. */
  enabled: boolean;
  /** How often the worker looks for pending memories (a batch of adds also starts it at once). */
  intervalMs: number;
  /** Most memories claimed at a time. */
  batch: number;
}

export const MEMORY_GRAPH_OPTIONS = Symbol('MemoryGraphOptions');

/** Extractions in flight at once: round trips overlap, and the graph service keeps room for others. */
export const GRAPH_IN_FLIGHT = 4;
/**
 * How long one memory's extraction may take: 30 s and 2 s a chunk, at most 10 minutes. The
 * default request timeout suits interactive calls; an LLM extractor may need seconds per chunk.
 */
const MAX_EXTRACT_MS = 600_000;
const extractTimeoutMs = (chunks: number) => Math.min(MAX_EXTRACT_MS, 30_000 + 2_000 * chunks);
/** A claim outlasts the longest extraction: no second worker takes a memory the first still extracts. */
const CLAIM_MS = MAX_EXTRACT_MS + 60_000;
/**
 * A memory whose extraction failed for a reason that may pass is tried again after this long;
 * the memories behind it go first meanwhile, so a few that keep failing never hold up the rest.
 */
export const GRAPH_RETRY_MS = 30_000;

/** What one pass did: memories extracted, refused for good (a validation error), and to retry. */
export interface GraphPassReport {
  extracted: number;
  refused: number;
  failed: number;
}

type Outcome = { ok: true } | { refused: DomainError } | { failed: unknown };

/**
 * Extracts added memories into the knowledge graph, off the add's path: each save marks its
 * memory pending, and the worker claims pending memories in batches, least recently saved first,
 * sends each one's original chunks (not inferred statements; a generated memory, having
 * no original text, sends its statement) to the graph service, a few at a
 * time, and clears the state of those still at the revision it read. A failure that may pass
 * (the graph service down, a timeout) keeps the memory pending, to retry after GRAPH_RETRY_MS;
 * a validation error clears it, since sending the same text again would fail the same way.
 *
 * One pass at a time per process; the store's claims keep the processes of a distributed
 * deployment apart.
 */
@Injectable()
export class MemoryGraphWorker {
  private readonly logger = new Logger('MemoryGraph');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private stopped = false;

  constructor(
    private readonly store: MemoryStore,
    private readonly transport: TransportClient,
    @Inject(MEMORY_GRAPH_OPTIONS) private readonly options: MemoryGraphOptions,
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Passes every intervalMs until stop(); nothing when the graph is off. */
  start(): void {
    if (!this.options.enabled || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * Starts a pass, or another right after the one under way (its claim may predate new adds).
   * The pass begins on the next turn of the event loop, once the replies of the adds that kicked
   * it are on their way: in standalone the graph service shares this process, and a long
   * memory's extraction holds its event loop for seconds (an add of a million characters timed
   * out at 5 s when its extraction started first).
   */
  kick(): void {
    if (!this.options.enabled || this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => (this.stopped ? undefined : this.loop()))
      .finally(() => (this.running = undefined));
  }

  /** Resolves once no pass is under way or asked for (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.rerun = false;
      try {
        await this.pass();
      } catch (error: unknown) {
        // The store failed: nothing was lost, the claims lapse and the next pass tries again.
        this.logger.warn(`graph extraction pass failed: ${messageOf(error)}`);
      }
    } while (this.rerun && !this.stopped);
  }

  /**
   * Batches of pending memories until fewer than a full batch are left, or until one fails for
   * a reason that may pass (which is logged once, whatever the number of memories it met).
   */
  async pass(clock: () => Date = () => new Date()): Promise<GraphPassReport> {
    const report: GraphPassReport = { extracted: 0, refused: 0, failed: 0 };
    for (;;) {
      const batch = await this.runBatch(clock());
      report.extracted += batch.extracted;
      report.refused += batch.refused;
      report.failed += batch.failed;
      if (batch.failed > 0 || batch.claimed < this.options.batch) return report;
    }
  }

  /** One batch claimed, extracted and recorded; its failures that may pass, logged once. */
  private async runBatch(now: Date): Promise<GraphPassReport & { claimed: number }> {
    const claimed = await this.store.claimGraphPending(
      now,
      this.options.batch,
      new Date(now.getTime() + CLAIM_MS),
    );
    const outcomes = await mapBounded(claimed, GRAPH_IN_FLIGHT, (memory) => this.extract(memory));
    const done: GraphPendingMemory[] = [];
    const failed: GraphPendingMemory[] = [];
    let refused = 0;
    let firstError: unknown;
    claimed.forEach((memory, i) => {
      const outcome = outcomes[i]!;
      if ('failed' in outcome) {
        if (failed.push(memory) === 1) firstError = outcome.failed;
        return;
      }
      done.push(memory);
      if ('refused' in outcome) {
        refused++;
        this.logger.error(
          `graph extraction refused memory '${memory.memory_id}' of tenant '${memory.tenant_id}' ` +
            `(${outcome.refused.message}); it is not tried again`,
        );
      }
    });
    const gone = await this.store.markGraphDone(done);
    await this.forget(gone);
    const goneIds = new Set(
      gone.map((key) => JSON.stringify([key.tenant_id, key.sub_tenant_id, key.memory_id])),
    );
    for (const { tenant_id, sub_tenant_id, memory_id } of done) {
      if (goneIds.has(JSON.stringify([tenant_id, sub_tenant_id, memory_id]))) continue;
      emitItemStatus(this.transport, { tenant_id, sub_tenant_id, file_id: memory_id }, 'completed');
    }
    await this.store.postponeGraph(failed, new Date(now.getTime() + GRAPH_RETRY_MS));
    if (failed.length > 0) {
      this.logger.warn(
        `graph extraction failed for ${failed.length} of ${claimed.length} memories, ` +
          `tried again in ${GRAPH_RETRY_MS / 1000} s: ${messageOf(firstError)}`,
      );
    }
    return { claimed: claimed.length, extracted: done.length - refused, refused, failed: failed.length };
  }

  private async extract(memory: GraphPendingMemory): Promise<Outcome> {
    // A generated memory has no original text: its statement is read under the id search has it.
    const chunks =
      memory.original_chunks === 0
        ? [{ chunk_id: `${memory.memory_id}_inferred_0`, text: memory.content }]
        : originalChunks(memory.memory_id, memory.content).map((chunk) => ({
            chunk_id: chunk.chunk_uuid,
            text: chunk.text,
          }));
    try {
      await this.transport.send<GraphExtractResult>(
        GraphPatterns.extract,
        {
          tenant_id: memory.tenant_id,
          sub_tenant_id: memory.sub_tenant_id,
          source_id: memory.memory_id,
          chunks,
          reference_time: memory.updated_at.toISOString(),
        } satisfies GraphExtractRequest,
        { timeoutMs: extractTimeoutMs(chunks.length) },
      );
      return { ok: true };
    } catch (error: unknown) {
      if (error instanceof DomainError && error.code === 'VALIDATION_ERROR') return { refused: error };
      return { failed: error };
    }
  }

  /**
   * Memories deleted while their graph was extracted: the delete erased the graph before the
   * extraction wrote it, so it is erased again here.
   */
  private async forget(gone: MemoryKey[]): Promise<void> {
    for (const request of sourcesByScope(gone)) {
      try {
        await this.transport.send(GraphPatterns.deleteSources, request);
      } catch (error: unknown) {
        this.logger.warn(
          `graph facts of ${request.source_ids.length} memories deleted during extraction in tenant ` +
            `'${request.tenant_id}' could not be erased: ${messageOf(error)}`,
        );
      }
    }
  }
}

/** `work` over `items`, at most `limit` at a time; results in the order of the items. */
async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
