import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

// Span helpers for the three places a request crosses a boundary: HTTP in, a message out, a
// message in. Without startTracing they are the OpenTelemetry API's no-ops.

const tracer = () => trace.getTracer('trove');

/** Reads one header of a carrier, whatever its shape (HTTP headers, NATS headers, a record). */
export type HeaderGetter = (name: string) => string | undefined;

function contextFrom(get: HeaderGetter): Context {
  return propagation.extract(ROOT_CONTEXT, undefined, {
    keys: () => ['traceparent', 'tracestate'],
    get: (_carrier, key) => get(key),
  });
}

/** Adds the active trace context (`traceparent`, `tracestate`) to outgoing headers. */
export function injectTraceContext(headers: Record<string, string>): void {
  propagation.inject(context.active(), headers);
}

/** An HTTP request's server span, child of the caller's `traceparent` when it sent one. */
export function startHttpSpan(
  method: string,
  route: string,
  get: HeaderGetter,
): { span: Span; context: Context } {
  const parent = contextFrom(get);
  const span = tracer().startSpan(
    `${method} ${route}`,
    {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': method, 'http.route': route },
    },
    parent,
  );
  return { span, context: trace.setSpan(parent, span) };
}

/** Ends an HTTP server span with its status (5xx marks it an error, as the semantic conventions say). */
export function endHttpSpan(span: Span, status: number, errorCode?: string): void {
  span.setAttribute('http.response.status_code', status);
  if (errorCode) span.setAttribute('trove.error_code', errorCode);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** Runs `fn` inside `ctx` (a span's context), so what it calls is that span's child. */
export function runInContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/**
 * A message sent and its answer awaited, as a client span around `send`; the headers `send`
 * builds inside it carry this span as the parent of the handler's.
 */
export function traceSend<T>(pattern: string, send: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(
    `send ${pattern}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': pattern },
    },
    async (span) => {
      try {
        return await send();
      } catch (error: unknown) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string') span.setAttribute('trove.error_code', code);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** A message handled: a server span, child of the sender's span found in the message headers. */
export function startHandlerSpan(pattern: string, get: HeaderGetter): { span: Span; context: Context } {
  const parent = contextFrom(get);
  const span = tracer().startSpan(
    `handle ${pattern}`,
    {
      kind: SpanKind.SERVER,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': pattern },
    },
    parent,
  );
  return { span, context: trace.setSpan(parent, span) };
}

/** Ends a handler span, marking it failed when the handler threw. */
export function endHandlerSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  span.end();
}
