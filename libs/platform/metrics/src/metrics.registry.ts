import { collectDefaultMetrics, Counter, Metric, Registry } from 'prom-client';

/** Every metric of ours, and Node's process metrics, carry this prefix. */
export const METRICS_PREFIX = 'trove_';

/**
 * The process's one registry. Module-level on purpose: counters are incremented deep in domain
 * code (the indexer, the NATS client), which should not need a provider injected for it, and every
 * Nest app of a process (standalone hosts them all) must add to the same numbers.
 */
export const metricsRegistry = new Registry();

/** Collectors that threw or missed the deadline, by name: their gauges keep the last value. */
export const collectorErrors = new Counter({
  name: `${METRICS_PREFIX}metrics_collector_errors_total`,
  help: 'Scrape-time collectors (queue depth, index sizes) that failed or took too long',
  labelNames: ['collector'] as const,
  registers: [metricsRegistry],
});

let processMetricsOn = false;

/**
 * Node's default process metrics (CPU, memory, event-loop lag, GC, handles), prefixed `trove_`,
 * and a `service` label on every series (gateway, standalone, search, …). Called by each HTTP
 * process at start; calling it again only renames the service (tests build several apps).
 */
export function enableProcessMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: METRICS_PREFIX });
}

/**
 * Adds a domain's metrics to the registry (once; again does nothing), so that a process shows
 * only the metrics of the modules it hosts: the ingestion service no `chunks_stored 0`, the
 * gateway no queue. HTTP and NATS metrics are in every process's registry from the start.
 */
export function exposeMetrics(metrics: readonly Metric[]): void {
  for (const metric of metrics) {
    const name = (metric as unknown as { name: string }).name;
    if (metricsRegistry.getSingleMetric(name) !== metric) metricsRegistry.registerMetric(metric);
  }
}

/** Sets gauges from a store when Prometheus scrapes; rejects when the store does not answer. */
export type ScrapeCollector = () => Promise<void>;

const collectors = new Map<string, ScrapeCollector>();

/** How long a scrape waits for each collector; a slow store must not make the scrape time out. */
export const COLLECT_TIMEOUT_MS = 2000;

/**
 * Registers a collector that runs before each scrape (replacing one of the same name); returns
 * the function that removes it, which does nothing once another took its name.
 */
export function addScrapeCollector(name: string, collect: ScrapeCollector): () => void {
  collectors.set(name, collect);
  return () => {
    if (collectors.get(name) === collect) collectors.delete(name);
  };
}

async function runCollector(name: string, collect: ScrapeCollector, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    await Promise.race([collect(), deadline]);
  } catch {
    collectorErrors.inc({ collector: name });
  } finally {
    clearTimeout(timer);
  }
}

/** The Prometheus text of every metric, after running the collectors (in parallel). */
export async function renderMetrics(timeoutMs = COLLECT_TIMEOUT_MS): Promise<string> {
  await Promise.all([...collectors].map(([name, collect]) => runCollector(name, collect, timeoutMs)));
  return metricsRegistry.metrics();
}

/** `text/plain; version=0.0.4; charset=utf-8`: the Prometheus text format. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
