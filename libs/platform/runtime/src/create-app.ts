import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';

import { PinoNestLogger, RequestContext, type Logger } from '@trove/platform-logging';
import { endHttpSpan, runInContext, startHttpSpan, startTracing } from '@trove/platform-tracing';
import { errorBodyWithRequestId } from './error-request-id';
import { stopGracefullyOnSignals } from './graceful-stop';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Duplex } from 'node:stream';
import {
  applyRawJsonLimits,
  checkUntrustedInput,
  closeAfterTooLarge,
  createValidationPipe,
  dropNullFields,
  errorBody,
  registerMultipartUploads,
  replaceJsonParser,
  toHttpError,
  UploadLimits,
} from '@trove/platform-http';
import { RpcContextInterceptor } from '@trove/platform-transport';
import {
  enableProcessMetrics,
  errorCodeNoted,
  noteErrorResponse,
  observeHttpResponse,
} from '@trove/platform-metrics';
import { AppErrorFilter } from './app-error.filter';

export interface AppOptions {
  logger: Logger;
  /** Largest accepted request body; larger ones are refused with 413 before being read. */
  bodyLimitBytes: number;
  /** Name used in errors of message handlers ("the tenant service failed …"). */
  service: string;
  /** Multipart file uploads, for the routes that declare them (HTTP API processes only). */
  uploads?: UploadLimits;
  /** SHUTDOWN_DELAY_MS: how long a stopping instance keeps serving while saying so (graceful-stop.ts). */
  shutdownDelayMs?: number;
}

/**
 * Errors raised before a route handler runs (body parsing, size limits) reach Fastify's error
 * handler. The one Nest installs maps them to bare HttpExceptions and drops their codes, so an
 * invalid JSON body would be a 400; this one keeps the code and answers as docs/api.md, Errors, says
 * (422, 413, 415). Errors inside handlers never get here: Nest's filters answer those.
 */
class TroveFastifyAdapter extends FastifyAdapter {
  constructor(
    private readonly log: Logger,
    options: FastifyServerOptions,
  ) {
    super(options);
  }

  override setErrorHandler(): ReturnType<FastifyAdapter['setErrorHandler']> {
    return this.getInstance().setErrorHandler((error, _request, reply) => {
      const { status, body } = toHttpError(error);
      if (status >= 500) this.log.error({ err: error }, 'request failed');
      void reply.code(status).send(body);
    });
  }

  /** Nest's JSON parser, then ours over it: the same parsing, but raw-JSON routes get bytes. */
  override registerParserMiddleware(prefix?: string, rawBody?: boolean): void {
    super.registerParserMiddleware(prefix, rawBody);
    replaceJsonParser(this.getInstance());
  }
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over the limit, a
 * malformed request line); Node would answer with a bare status line. This answers with the
 * spec's error body and closes the connection.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A client that hung up gets nothing (what Node's own handler does).
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    errorBody(
      'INVALID_PARAMETERS',
      tooLarge ? 'Request headers are larger than the limit' : 'The HTTP request is malformed',
    ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
}

/** A route as Fastify registered it (Nest's, Swagger's, health's: all of them). */
export interface RouteInfo {
  method: string;
  url: string;
}

const routeTables = new WeakMap<object, RouteInfo[]>();

/** Every route the app serves, so tests can walk the real router rather than a list of ours. */
export function routesOf(app: NestFastifyApplication): readonly RouteInfo[] {
  return routeTables.get(app) ?? [];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestIdOf(request: { headers: Record<string, unknown> }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : RequestContext.newRequestId();
}

/**
 * A Nest application on Fastify with the behaviour every Trove process shares: request ids
 * (taken from `x-request-id` when sane, echoed back and carried to message handlers), one
 * access-log line per request, strict validation, and the spec's error body for every HTTP error
 * (the body parser's and the router's included) and a coded error for every message handler's.
 * Message servers attached with attachMessageServer inherit the filter and interceptor.
 */
export async function createApp(module: Type<unknown>, options: AppOptions): Promise<NestFastifyApplication> {
  const { logger } = options;
  const adapter = new TroveFastifyAdapter(logger, {
    bodyLimit: options.bodyLimitBytes,
    logger: false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    return503OnClosing: true,
    // Errors met before routing (a malformed URL such as `/%`) answer in the spec's shape too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toHttpError(error);
      void (reply as FastifyReply).code(status).send(body);
    },
    // And those of the HTTP parser itself (headers too large: 431; a malformed request: 400).
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(logger),
  });
  const fastify = app.getHttpAdapter().getInstance();
  // Traces (docs/observability.md): exported only when an OTLP endpoint is configured.
  const tracing = startTracing(options.service);
  const httpSpans = new WeakMap<FastifyRequest, ReturnType<typeof startHttpSpan>>();
  fastify.addHook('onClose', async () => {
    await tracing.shutdown().catch(() => undefined);
  });

  const routes: RouteInfo[] = [];
  routeTables.set(app, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // Routes declaring rawJsonRoute(limit) take larger bodies, unparsed (embedding uploads).
  fastify.addHook('onRoute', applyRawJsonLimits);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    closeAfterTooLarge(reply);
    noteErrorResponse(request, reply.statusCode, payload);
    done(null, payload);
  });
  // Every error body names its request (docs/api.md, Errors: `detail.request_id`).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    done(null, errorBodyWithRequestId(payload, reply.statusCode, request.id));
  });
  // JSON is the only body type unless a route registers another; text would reach DTOs as a string.
  // Forms (the web page update) use the parser Nest registers; multipart is registered here.
  fastify.removeContentTypeParser('text/plain');
  if (options.uploads) await registerMultipartUploads(fastify, options.uploads);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    // A server span per request (child of the caller's `traceparent`), when tracing is on; the
    // hooks after this one (the key check) and the handler run inside it.
    const traced = startHttpSpan(request.method, request.routeOptions.url ?? 'unmatched', (name) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    });
    httpSpans.set(request, traced);
    runInContext(traced.context, done);
  });
  // Before any validation: null fields are absent ones, and what no route can store is refused
  // (NUL, unpaired surrogates, deep nesting) with 422, on every route and for every body type.
  fastify.addHook('preValidation', async (request) => {
    dropNullFields(request.body);
    checkUntrustedInput(request.body, 'body');
    checkUntrustedInput(request.query, 'query');
  });
  // Everything after body parsing (guards, pipes, controllers, outgoing messages) sees the request id.
  fastify.addHook('preHandler', (request, _reply, done) => {
    const traced = httpSpans.get(request);
    RequestContext.run({ requestId: request.id }, () =>
      traced ? runInContext(traced.context, done) : done(),
    );
  });
  // /metrics: counted and timed by route template (never the URL, which carries ids).
  enableProcessMetrics(options.service);
  fastify.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    const traced = httpSpans.get(request);
    if (traced) endHttpSpan(traced.span, reply.statusCode, errorCodeNoted(request));
    observeHttpResponse({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      elapsedMs: reply.elapsedTime,
      errorCode: errorCodeNoted(request),
    });
    logger.info(
      {
        request_id: request.id,
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AppErrorFilter(logger, options.service));
  app.useGlobalInterceptors(new RpcContextInterceptor());
  stopGracefullyOnSignals(app, fastify, options.shutdownDelayMs ?? 0, logger);
  return app;
}
