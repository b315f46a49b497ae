// The ingestion domain on its embedded adapters for unit tests: PGlite, files in a temp
// directory, the SQL job queue, real extraction threads and web fetcher. Only the other services
// are stood in for, by a RecordingTransportClient that indexes chunks in memory like the search
// service would (replace per source, delete by source) and keeps what the graph service was asked
// to extract, per source, the same way. testing/ is for specs and contract suites
// only: it is not exported, and production code never imports it.
import {
  ChunkInput,
  DeleteSourcesRequest,
  GraphExtractRequest,
  GraphExtractResult,
  GraphPatterns,
  IndexChunksRequest,
  PackedBytes,
  ProcessingStatus,
  SearchPatterns,
  SourceInfo,
  TenantPatterns,
} from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import { InMemoryPayloadStash, packBytes, TransportClient } from '@trove/platform-transport';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsBlobStore } from '../adapters/fs/fs-blob-store';
import { SqlJobQueue } from '../adapters/sql/sql-job-queue';
import { SqlJobStore } from '../adapters/sql/sql-job-store';
import { SqlSourceStore } from '../adapters/sql/sql-source-store';
import { ExtractionPool } from '../extraction/extraction-pool';
import { WebFetcher } from '../fetch/web-fetcher';
import { IngestionService } from '../ingestion.service';
import { ChunkIndexer } from '../pipeline/chunk-indexer';
import { GraphBuilder } from '../pipeline/graph-builder';
import { JobWorker } from '../pipeline/job-worker';
import { StallReconciler } from '../pipeline/stall-reconciler';
import { SourceQueries } from '../source-queries.service';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `test` every 20 ms until it holds; fails the case after `timeoutMs`. */
export async function until(test: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) assert.fail(`condition not met in ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** What the stand-in search service holds: chunks per tenant/sub-tenant/source. */
export class FakeSearchIndex {
  readonly sources = new Map<string, { source: SourceInfo; chunks: ChunkInput[] }>();
  indexCalls = 0;
  /** Set to make the next index calls fail (a count) or wait (a promise). */
  failNext = 0;
  gate: Promise<void> | undefined;

  static key(tenant: string, sub: string, source: string): string {
    return `${tenant}/${sub}/${source}`;
  }

  chunksOf(tenant: string, sub: string, source: string): ChunkInput[] | undefined {
    return this.sources.get(FakeSearchIndex.key(tenant, sub, source))?.chunks;
  }
}

/** What the stand-in graph service was asked to extract, per tenant/sub-tenant/source. */
export class FakeGraph {
  readonly sources = new Map<string, GraphExtractRequest>();
  extractCalls = 0;
  /** Set to make the next extract calls fail (a count) or wait (a promise). */
  failNext = 0;
  gate: Promise<void> | undefined;
  /** Set to make the next delete calls fail (a count). */
  failDeletes = 0;
}

/** A transport double that answers requests with responders (RecordingTransportClient, from the spec). */
export interface RespondingTransport extends TransportClient {
  respond(pattern: string, responder: (payload: unknown) => unknown): this;
}

export interface RigOptions {
  dataDir?: string;
  maxFileBytes?: number;
  maxAttempts?: number;
  leaseMs?: number;
  allowedNetworks?: string[];
  fetchTimeoutMs?: number;
  /** INGESTION_GRAPH (default true). */
  graph?: boolean;
}

export interface IngestionRig {
  db: PgliteDatabase;
  store: SqlSourceStore;
  jobs: SqlJobStore;
  blobs: FsBlobStore;
  queue: SqlJobQueue;
  stash: InMemoryPayloadStash;
  transport: RespondingTransport;
  search: FakeSearchIndex;
  graph: FakeGraph;
  service: IngestionService;
  queries: SourceQueries;
  worker: JobWorker;
  reconciler: StallReconciler;
  dataDir: string;
  start(): Promise<void>;
  /** Upload bytes as a document of tenant t1 (default sub-tenant) unless told otherwise. */
  upload(
    name: string,
    bytes: Uint8Array | string,
    extra?: { file_id?: string; tenant?: string; sub?: string; mime_type?: string },
  ): Promise<string>;
  /** Waits until the job of `id` reaches a final state, and returns it. */
  settle(
    id: string,
    scope?: { tenant?: string; sub?: string },
    timeoutMs?: number,
  ): Promise<ProcessingStatus>;
  close(keepData?: boolean): Promise<void>;
}

export async function openIngestionRig(
  empty: RespondingTransport,
  options: RigOptions = {},
): Promise<IngestionRig> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'trove-ingestion-'));
  const db = await PgliteDatabase.open(join(dataDir, 'pg'));
  const store = new SqlSourceStore(db);
  const jobs = new SqlJobStore(db);
  await store.migrate();
  await jobs.releaseAllLeases();
  const blobs = new FsBlobStore(join(dataDir, 'blobs'));
  const maxAttempts = options.maxAttempts ?? 3;
  const queue = new SqlJobQueue(db, {
    maxAttempts,
    backoffMs: [50, 100],
    concurrency: 4,
    pollMs: 50,
    visibilityMs: 5000,
    dedupWindowMs: 60_000,
    releaseOnStart: true,
  });
  const stash = new InMemoryPayloadStash();
  const search = new FakeSearchIndex();
  const graph = new FakeGraph();
  const transport = empty
    .respond(TenantPatterns.ensureSubTenant, () => ({ created: false }))
    .respond(SearchPatterns.indexChunks, async (payload) => {
      const request = payload as IndexChunksRequest;
      search.indexCalls++;
      if (search.gate) await search.gate;
      if (search.failNext > 0) {
        search.failNext--;
        throw new Error('search is down');
      }
      const chunks = request.chunks;
      search.sources.set(
        FakeSearchIndex.key(request.tenant_id, request.sub_tenant_id, request.source.source_id),
        {
          source: request.source,
          chunks,
        },
      );
      return { indexed: chunks.length, model_id: 'fake' };
    })
    .respond(SearchPatterns.deleteSources, (payload) => {
      const request = payload as DeleteSourcesRequest;
      let deleted = 0;
      for (const id of request.source_ids) {
        const key = FakeSearchIndex.key(request.tenant_id, request.sub_tenant_id, id);
        deleted += search.sources.get(key)?.chunks.length ?? 0;
        search.sources.delete(key);
      }
      return { deleted_chunks: deleted };
    })
    .respond(GraphPatterns.extract, async (payload): Promise<GraphExtractResult> => {
      const request = payload as GraphExtractRequest;
      graph.extractCalls++;
      if (graph.gate) await graph.gate;
      if (graph.failNext > 0) {
        graph.failNext--;
        throw new Error('graph is down');
      }
      graph.sources.set(
        FakeSearchIndex.key(request.tenant_id, request.sub_tenant_id, request.source_id),
        request,
      );
      return { entities: request.chunks.length, relations: 0, extractor: 'fake' };
    })
    .respond(GraphPatterns.deleteSources, (payload) => {
      const request = payload as DeleteSourcesRequest;
      if (graph.failDeletes > 0) {
        graph.failDeletes--;
        throw new Error('graph is down');
      }
      let deleted = 0;
      for (const id of request.source_ids) {
        if (graph.sources.delete(FakeSearchIndex.key(request.tenant_id, request.sub_tenant_id, id)))
          deleted++;
      }
      return { deleted };
    });
  const pool = new ExtractionPool({ size: 2, timeoutMs: 20_000, maxHeapMb: 256 });
  const fetcher = new WebFetcher({
    maxBytes: 1024 * 1024,
    connectTimeoutMs: 1000,
    totalTimeoutMs: options.fetchTimeoutMs ?? 2000,
    maxRedirects: 3,
    allowedNetworks: options.allowedNetworks ?? [],
  });
  const indexer = new ChunkIndexer(transport, { timeoutMs: 10_000 });
  const worker = new JobWorker(store, jobs, blobs, pool, fetcher, indexer, transport, {
    workerId: 'test-worker',
    leaseMs: options.leaseMs ?? 3000,
    maxFileBytes: options.maxFileBytes ?? 8 * 1024 * 1024,
    graph: options.graph === false ? null : new GraphBuilder(transport, { timeoutMs: 10_000 }),
  });
  const service = new IngestionService(store, jobs, blobs, queue, transport, stash, {
    graph: options.graph !== false,
  });
  const queries = new SourceQueries(store, blobs, stash);
  const reconciler = new StallReconciler(jobs, queue, { stallMs: 1000, intervalMs: 500 });

  const rig: IngestionRig = {
    db,
    store,
    jobs,
    blobs,
    queue,
    stash,
    transport,
    search,
    graph,
    service,
    queries,
    worker,
    reconciler,
    dataDir,
    start: () => queue.start(worker),
    async upload(name, bytes, extra = {}) {
      const tenant = extra.tenant ?? 't1';
      const content: PackedBytes = await packBytes(
        stash,
        typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
      );
      const accepted = await service.uploadDocument({
        tenant_id: tenant,
        sub_tenant_id: extra.sub ?? tenant,
        file_id: extra.file_id,
        file_name: name,
        mime_type: extra.mime_type,
        content,
      });
      return accepted.source_id;
    },
    async settle(id, scope = {}, timeoutMs = 20_000) {
      const tenant = scope.tenant ?? 't1';
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { status } = await service.processingStatus({
          tenant_id: tenant,
          sub_tenant_id: scope.sub ?? tenant,
          file_id: id,
        });
        assert.ok(status, `no status for ${id}`);
        if (status.indexing_status === 'completed' || status.indexing_status === 'errored') return status;
        if (Date.now() > deadline) assert.fail(`${id} still ${status.indexing_status} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close(keepData = false) {
      reconciler.stop();
      await queue.stop();
      await Promise.allSettled([pool.close(), fetcher.close(), stash.close()]);
      await db.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return rig;
}
