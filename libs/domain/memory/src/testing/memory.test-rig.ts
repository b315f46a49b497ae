import {
  DomainError,
  EnsureSubTenantsRequest,
  GraphDeleteSourcesRequest,
  GraphExtractRequest,
  GraphPatterns,
  IndexManyRequest,
  SearchPatterns,
  TenantPatterns,
} from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import { TransportClient } from '@trove/platform-transport';
import { OfflineMemoryInference } from '../adapters/offline/offline-memory-inference';
import { SqlMemoryStore } from '../adapters/sql/sql-memory-store';
import { MemoryGraphOptions, MemoryGraphWorker } from '../graph/memory-graph.worker';
import { MemoryService } from '../memory.service';
import { MemoryInference } from '../ports/memory-inference';

/**
 * The graph service as the memory specs see it: it records what it is asked, can be down, can
 * refuse a source as invalid, and can hold extractions until the test opens it (test helper).
 */
export class FakeGraphService {
  /** Extraction requests received, oldest first. */
  readonly extracted: GraphExtractRequest[] = [];
  readonly deleted: GraphDeleteSourcesRequest[] = [];
  /** Source ids whose extraction fails with VALIDATION_ERROR. */
  readonly refuse = new Set<string>();
  /** Every request fails with SERVICE_UNAVAILABLE. */
  down = false;
  inFlight = 0;
  mostInFlight = 0;
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;

  /** Holds every extraction until the returned function is called. */
  hold(): () => void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
    return () => {
      this.gate = undefined;
      this.openGate?.();
    };
  }

  async extract(request: GraphExtractRequest): Promise<unknown> {
    this.extracted.push(request);
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      await this.gate;
    } finally {
      this.inFlight--;
    }
    if (this.down) throw new DomainError('SERVICE_UNAVAILABLE', 'The graph service is not running');
    if (this.refuse.has(request.source_id))
      throw new DomainError('VALIDATION_ERROR', 'chunks must be a list of at most 2000');
    return { entities: 1, relations: 0, extractor: 'offline' };
  }

  deleteSources(request: GraphDeleteSourcesRequest): unknown {
    if (this.down) throw new DomainError('SERVICE_UNAVAILABLE', 'The graph service is not running');
    this.deleted.push(request);
    return { deleted: request.source_ids.length };
  }
}

/**
 * What the rig needs of the specs' transport: RecordingTransportClient (@trove/testing, which
 * this folder may not import, so the specs hand it in).
 */
export interface RespondingTransport extends TransportClient {
  respond(pattern: string, responder: (payload: unknown) => unknown): this;
}

export interface MemoryRig<T extends RespondingTransport> {
  store: SqlMemoryStore;
  transport: T;
  graph: FakeGraphService;
  worker: MemoryGraphWorker;
  service: MemoryService;
  close(): Promise<void>;
}

/**
 * A MemoryService over PGlite, its graph worker (never on a timer: adds and the test start it),
 * and a transport answering as the tenant, search and graph services would (test helper).
 */
export async function openMemoryRig<T extends RespondingTransport>(
  transport: T,
  graphOptions: Partial<MemoryGraphOptions> = {},
  inference: MemoryInference = new OfflineMemoryInference(),
): Promise<MemoryRig<T>> {
  const db = await PgliteDatabase.open('memory://');
  const store = new SqlMemoryStore(db);
  await store.migrate();
  const graph = new FakeGraphService();
  transport
    .respond(TenantPatterns.ensureSubTenants, (payload) => ({
      outcomes: (payload as EnsureSubTenantsRequest).sub_tenants.map((ref) => ({
        ok: { ...ref, created: false },
      })),
    }))
    .respond(SearchPatterns.indexMany, (payload) => ({
      outcomes: (payload as IndexManyRequest).requests.map((request) => ({
        ok: { indexed: request.chunks.length, model_id: 'm' },
      })),
    }))
    .respond(SearchPatterns.deleteSources, () => ({ deleted_chunks: 1 }))
    .respond(GraphPatterns.extract, (payload) => graph.extract(payload as GraphExtractRequest))
    .respond(GraphPatterns.deleteSources, (payload) =>
      graph.deleteSources(payload as GraphDeleteSourcesRequest),
    );
  const worker = new MemoryGraphWorker(store, transport, {
    enabled: true,
    intervalMs: 60_000,
    batch: 32,
    ...graphOptions,
  });
  const service = new MemoryService(store, transport, worker, inference, {
    alpha: 0.5,
    replyWeight: 0.5,
    speakerWeight: 0.2,
  });
  return {
    store,
    transport,
    graph,
    worker,
    service,
    async close() {
      await worker.stop();
      await db.close();
    },
  };
}

/** Resolves once `condition` holds, checking after each turn of the event loop (test helper). */
export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('until: the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
