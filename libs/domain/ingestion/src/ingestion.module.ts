import {
  DynamicModule,
  Inject,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { closeStores, migrateStores, SqlDatabase } from '@trove/platform-database';
import {
  addScrapeCollector,
  exposeMetrics,
  ingestionJobs,
  ingestionLag,
  ingestionMetrics,
} from '@trove/platform-metrics';
import { TransportClient } from '@trove/platform-transport';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ExtractionPool } from './extraction/extraction-pool';
import { openJobStore, openSourceStore } from './ingestion.adapters';
import { WebFetcher } from './fetch/web-fetcher';
import { IngestionSettings, splitList } from './ingestion-settings';
import { IngestionController } from './ingestion.controller';
import { INGESTION_SERVICE_OPTIONS, IngestionService } from './ingestion.service';
import { ChunkIndexer } from './pipeline/chunk-indexer';
import { GraphBuilder } from './pipeline/graph-builder';
import { JobWorker } from './pipeline/job-worker';
import { StallReconciler } from './pipeline/stall-reconciler';
import { BlobStore } from './ports/blob-store';
import { JobQueue } from './ports/job-queue';
import { JobStore } from './ports/job-store';
import { SourceStore } from './ports/source-store';
import { SourceQueries } from './source-queries.service';

export interface IngestionModuleOptions {
  database: SqlDatabase;
  /** openBlobStore: the adapter BLOB_STORE selects. */
  blobStore: BlobStore;
  /** openJobQueue: SqlJobQueue (embedded) or JetStreamJobQueue (distributed), by run mode. */
  queue: JobQueue;
  settings: IngestionSettings;
  /**
   * One process owns the database and queue (standalone): the job leases its previous run held
   * are freed at start, so unfinished jobs resume at once instead of after their lease.
   */
  singleProcess: boolean;
  /** Stop the job worker from starting (tests that drive the worker themselves). */
  worker?: boolean;
}

const OPTIONS = Symbol('IngestionModuleOptions');

/** How long shutdown waits for running jobs before leaving them to be delivered again. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The ingestion domain: IngestionPatterns handlers over the source store and blob store, and the
 * processing pipeline (job queue → JobWorker → search service). At init it migrates its stores
 * (the `ingestion` schema, the bucket); once the app is up it starts the worker and the
 * stalled-job reconciler; at shutdown it stops taking jobs, lets the running ones finish
 * (briefly), then closes its stores.
 */
@Module({})
export class IngestionModule implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IngestionModule');
  private removeCollector?: () => void;

  constructor(
    @Inject(OPTIONS) private readonly options: IngestionModuleOptions,
    private readonly sources: SourceStore,
    private readonly jobs: JobStore,
    private readonly worker: JobWorker,
    private readonly reconciler: StallReconciler,
    private readonly pool: ExtractionPool,
    private readonly fetcher: WebFetcher,
  ) {}

  static forRoot(options: IngestionModuleOptions): DynamicModule {
    const s = options.settings;
    return {
      module: IngestionModule,
      controllers: [IngestionController],
      providers: [
        { provide: OPTIONS, useValue: options },
        { provide: SourceStore, useFactory: () => openSourceStore(options.database) },
        { provide: JobStore, useFactory: () => openJobStore(options.database) },
        { provide: BlobStore, useValue: options.blobStore },
        { provide: JobQueue, useValue: options.queue },
        {
          provide: ExtractionPool,
          useFactory: () =>
            new ExtractionPool({
              size: s.INGESTION_EXTRACT_WORKERS,
              timeoutMs: s.INGESTION_EXTRACT_TIMEOUT_MS,
              maxHeapMb: s.INGESTION_EXTRACT_HEAP_MB,
            }),
        },
        {
          provide: WebFetcher,
          useFactory: () =>
            new WebFetcher({
              maxBytes: s.WEB_FETCH_MAX_BYTES,
              connectTimeoutMs: s.WEB_FETCH_CONNECT_TIMEOUT_MS,
              totalTimeoutMs: s.WEB_FETCH_TIMEOUT_MS,
              maxRedirects: s.WEB_FETCH_MAX_REDIRECTS,
              allowedNetworks: splitList(s.WEB_FETCH_ALLOWED_CIDRS),
            }),
        },
        {
          provide: ChunkIndexer,
          inject: [TransportClient],
          useFactory: (transport: TransportClient) =>
            new ChunkIndexer(transport, {
              timeoutMs: s.INGESTION_INDEX_TIMEOUT_MS,
              baseTimeoutMs: s.INGESTION_INDEX_TIMEOUT_BASE_MS,
              perChunkTimeoutMs: s.INGESTION_INDEX_TIMEOUT_PER_CHUNK_MS,
            }),
        },
        {
          provide: JobWorker,
          inject: [
            SourceStore,
            JobStore,
            BlobStore,
            ExtractionPool,
            WebFetcher,
            ChunkIndexer,
            TransportClient,
          ],
          useFactory: (
            sources: SourceStore,
            jobs: JobStore,
            blobs: BlobStore,
            pool: ExtractionPool,
            fetcher: WebFetcher,
            indexer: ChunkIndexer,
            transport: TransportClient,
          ) =>
            new JobWorker(sources, jobs, blobs, pool, fetcher, indexer, transport, {
              workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
              leaseMs: s.INGESTION_LEASE_MS,
              maxFileBytes: s.INGESTION_MAX_FILE_BYTES,
              graph: s.INGESTION_GRAPH
                ? new GraphBuilder(transport, {
                    timeoutMs: s.INGESTION_GRAPH_TIMEOUT_MS,
                    baseTimeoutMs: s.INGESTION_GRAPH_TIMEOUT_BASE_MS,
                    perChunkTimeoutMs: s.INGESTION_GRAPH_TIMEOUT_PER_CHUNK_MS,
                  })
                : null,
            }),
        },
        {
          provide: StallReconciler,
          inject: [JobStore, JobQueue],
          useFactory: (jobs: JobStore, queue: JobQueue) =>
            new StallReconciler(jobs, queue, {
              stallMs: s.INGESTION_STALL_MS,
              intervalMs: Math.min(60_000, Math.max(500, Math.floor(s.INGESTION_STALL_MS / 2))),
            }),
        },
        { provide: INGESTION_SERVICE_OPTIONS, useValue: { graph: s.INGESTION_GRAPH } },
        IngestionService,
        SourceQueries,
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    // The source store first: it creates the `ingestion` schema the job store and SQL queue share.
    await migrateStores(this.sources, this.jobs, this.options.queue, this.options.blobStore);
    if (this.options.singleProcess) await this.jobs.releaseAllLeases();
    // Queue depth and lag, read from the job store when Prometheus scrapes (every replica reads
    // the same table: aggregate with max, not sum).
    exposeMetrics(ingestionMetrics);
    this.removeCollector = addScrapeCollector('ingestion', async () => {
      const backlog = await this.jobs.backlog();
      for (const status of ['queued', 'processing', 'graph_creation'] as const) {
        ingestionJobs.set({ status }, backlog[status]);
      }
      const oldest = backlog.oldest_queued_at;
      ingestionLag.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.worker === false) return;
    await this.options.queue.start(this.worker);
    this.reconciler.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.removeCollector?.();
    this.reconciler.stop();
    const queue = this.options.queue;
    const stopped = queue.stop().then(() => true);
    const grace = new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS).unref(),
    );
    if (!(await Promise.race([stopped, grace]))) {
      this.logger.warn('ingestion jobs still running at shutdown; they will be delivered again');
    }
    await closeStores(queue, this.options.blobStore, this.sources, this.jobs);
    await Promise.allSettled([this.pool.close(), this.fetcher.close()]);
  }
}
