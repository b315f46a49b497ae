import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

/** What startTracing set up: `enabled` says whether spans are exported at all. */
export interface Tracing {
  enabled: boolean;
  /** Exports what is buffered, then stops (called when the application closes). */
  shutdown(): Promise<void>;
}

const DISABLED: Tracing = { enabled: false, shutdown: () => Promise.resolve() };
let started: Tracing | undefined;

/** A number from the environment, or undefined when unset or not a number. */
function numberFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * OpenTelemetry tracing for one process (docs/observability.md, Traces), set up once: on only
 * when an OTLP endpoint is configured (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, OTLP over HTTP with JSON) and `OTEL_SDK_DISABLED` is not
 * `true`. Then spans go to it in batches, named by service (`OTEL_SERVICE_NAME`, else
 * `trove-<service>`), sampled by `OTEL_TRACES_SAMPLER_ARG` (ratio, default 1) unless the caller's
 * `traceparent` decided; and the W3C trace context travels in HTTP and NATS headers. Off, every
 * span call is the API's no-op and costs nothing measurable.
 */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): Tracing {
  if (started) return started;
  const endpoint = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] ?? env['OTEL_EXPORTER_OTLP_ENDPOINT'];
  if (!endpoint || env['OTEL_SDK_DISABLED'] === 'true') {
    started = DISABLED;
    return started;
  }
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const ratio = numberFrom(env, 'OTEL_TRACES_SAMPLER_ARG') ?? 1;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env['OTEL_SERVICE_NAME'] ?? `trove-${service}` }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(Math.min(1, Math.max(0, ratio))) }),
    spanProcessors: [
      new BatchSpanProcessor({
        // The exporter reads the endpoint, headers and timeout from the OTEL_EXPORTER_OTLP_* variables.
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: numberFrom(env, 'OTEL_BSP_SCHEDULE_DELAY') ?? 5000,
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  started = { enabled: true, shutdown: () => provider.shutdown() };
  return started;
}
