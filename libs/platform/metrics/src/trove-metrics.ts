import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { METRICS_PREFIX as P, metricsRegistry } from './metrics.registry';

// Every metric Trove defines (docs/metrics.md lists them). Label values are never user input:
// route templates, methods, status codes, error codes, message patterns and fixed enums only;
// never a tenant, a source or a key.

const registers = [metricsRegistry];
/** Domain metrics: registered by the module that produces them (exposeMetrics), not here. */
const byTheirModule: Registry[] = [];

/** Seconds; from a cached read (~1 ms) to a large upload or an accurate search (~10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequests = new Counter({
  name: `${P}http_requests_total`,
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: `${P}http_request_duration_seconds`,
  help: 'Time from the request arriving to the response sent, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const httpErrors = new Counter({
  name: `${P}http_errors_total`,
  help: 'HTTP error responses (status >= 400) by route template, status and the body’s error_code',
  labelNames: ['method', 'route', 'status', 'error_code'] as const,
  registers,
});

export const natsRequests = new Counter({
  name: `${P}nats_requests_total`,
  help: 'Requests sent over NATS by message pattern and outcome (ok, error, timeout, no_responders), retries included',
  labelNames: ['pattern', 'outcome'] as const,
  registers,
});

export const natsRequestDuration = new Histogram({
  name: `${P}nats_request_duration_seconds`,
  help: 'Time of one NATS request/reply (one attempt), by message pattern',
  labelNames: ['pattern'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const natsRetries = new Counter({
  name: `${P}nats_retries_total`,
  help: 'Idempotent NATS requests sent once more after a timeout or no responder, by message pattern',
  labelNames: ['pattern'] as const,
  registers,
});

export const ingestionJobs = new Gauge({
  name: `${P}ingestion_jobs`,
  help: 'Unfinished processing jobs by status (queued: waiting; processing, graph_creation: running), read from the job store at scrape',
  labelNames: ['status'] as const,
  registers: byTheirModule,
});

export const ingestionLag = new Gauge({
  name: `${P}ingestion_oldest_queued_job_age_seconds`,
  help: 'Age of the oldest waiting (queued) job since its upload; 0 when none waits',
  registers: byTheirModule,
});

export const chunksIndexed = new Counter({
  name: `${P}search_chunks_indexed_total`,
  help: 'Chunks written to the chunk store and both indexes, by kind of source (memories, sources)',
  labelNames: ['source_kind'] as const,
  registers: byTheirModule,
});

// Both series exist from the start, so rate() has a zero to begin from.
for (const kind of ['memories', 'sources']) chunksIndexed.inc({ source_kind: kind }, 0);

export const chunksStored = new Gauge({
  name: `${P}search_chunks_stored`,
  help: 'Chunks in the chunk store (each one is in the keyword and vector indexes): exact up to 100,000, Postgres’ estimate above',
  registers: byTheirModule,
});

export const embeddingBatchSize = new Histogram({
  name: `${P}embedding_batch_size`,
  help: 'Texts per embedder call, by operation (documents: indexing)',
  labelNames: ['operation'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 4096],
  registers: byTheirModule,
});

export const embeddingBatchDuration = new Histogram({
  name: `${P}embedding_batch_duration_seconds`,
  help: 'Time of one embedder call, by operation (documents: indexing)',
  labelNames: ['operation'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: byTheirModule,
});

/** What IngestionModule exposes: the job store's backlog. */
export const ingestionMetrics = [ingestionJobs, ingestionLag];

/** What SearchModule exposes: indexing and the chunk store's size. */
export const searchMetrics = [chunksIndexed, chunksStored, embeddingBatchSize, embeddingBatchDuration];

/** Times `embed` as one embedder call of `size` texts. */
export async function measureEmbedding<T>(
  operation: 'documents' | 'query',
  size: number,
  embed: () => Promise<T>,
): Promise<T> {
  const end = embeddingBatchDuration.startTimer({ operation });
  try {
    return await embed();
  } finally {
    end();
    embeddingBatchSize.observe({ operation }, size);
  }
}
