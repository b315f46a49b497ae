import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Routes whose JSON bodies are too large to parse on the event loop (tens of MB of numbers):
 * they declare `@RouteConfig(rawJsonRoute(limit))` and receive the body as an unparsed Buffer,
 * which the handler hands to a worker thread after authentication has passed. Each such route
 * has its own body limit, above the app's: a larger body (by Content-Length, or as it streams in)
 * is refused with 413 before it is read.
 */
const RAW_JSON_LIMIT = 'rawJsonBodyLimit';

/** Route config for a raw-JSON route with this body limit, for `@RouteConfig(...)`. */
export function rawJsonRoute(limitBytes: number): Record<string, number> {
  if (!Number.isSafeInteger(limitBytes) || limitBytes < 1) {
    throw new RangeError(`rawJsonRoute: the limit must be a positive integer, got ${limitBytes}`);
  }
  return { [RAW_JSON_LIMIT]: limitBytes };
}

function rawLimitOf(config: unknown): number | undefined {
  const limit = (config as Record<string, unknown> | undefined)?.[RAW_JSON_LIMIT];
  return typeof limit === 'number' ? limit : undefined;
}

/** The onRoute hook giving raw-JSON routes their own body limit; install before routes are added. */
export function applyRawJsonLimits(route: RouteOptions): void {
  const limit = rawLimitOf(route.config);
  if (limit !== undefined) route.bodyLimit = limit;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Replaces the application/json parser with one that parses as Fastify does (prototype
 * poisoning refused) except on raw-JSON routes, whose body stays a Buffer. Call it after the
 * framework registered its own JSON parser.
 */
export function replaceJsonParser(fastify: FastifyInstance): void {
  const { bodyLimit } = fastify.initialConfig;
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (request: FastifyRequest, body: Buffer, done: ParserDone) => {
      if (rawLimitOf(request.routeOptions.config) !== undefined && body.length > 0) {
        done(null, body);
        return;
      }
      void parse(request, body.toString('utf8'), done);
    },
  );
}

/**
 * A client that declared a body larger than the limit is answered at once; closing the
 * connection after the answer stops the rest of the upload instead of reading it to discard it.
 */
export function closeAfterTooLarge(reply: FastifyReply): void {
  if (reply.statusCode === 413) void reply.header('connection', 'close');
}
