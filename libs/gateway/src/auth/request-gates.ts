import rateLimit from '@fastify/rate-limit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorBody } from '@trove/platform-http';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { ApiKeyVerifier } from './api-key.verifier';

/**
 * Routes that answer without a key: health, the API docs, signed downloads (the signature is
 * the key) and the web console's page and files (they hold no data; the page sends the key the
 * user types with every call it makes). Every other route carries @Authenticated; the standalone
 * router test checks that the two agree.
 */
export const PUBLIC_ROUTES: readonly RegExp[] = [
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/docs(\/.*)?$/,
  /^\/openapi\.(json|yaml)$/,
  /^\/fetch\/download$/,
  /^\/console(\/[^/]*)?$/,
];

const isPublic = (request: FastifyRequest) => {
  const route = request.routeOptions.url;
  return route === undefined || PUBLIC_ROUTES.some((pattern) => pattern.test(route));
};

/** The key of an `Authorization: Bearer <key>` header, read as passport-http-bearer reads it. */
function bearerKey(header: string | undefined): string | null {
  const parts = header?.split(' ');
  return parts?.length === 2 && /^Bearer$/i.test(parts[0]!) && parts[1] ? parts[1] : null;
}

/**
 * No body is read before the key is checked: on every route that needs a key, the key in the
 * Authorization header is verified when the request's headers arrive (onRequest, before Fastify
 * reads or parses any body), and a missing or unknown key is answered 401 at once, closing the
 * connection instead of reading what the client is still sending. The route's guards check the
 * key again (from the verifier's cache) with its scope and tenant.
 */
export function checkKeysBeforeBodies(app: NestFastifyApplication): void {
  const verifier = app.get(ApiKeyVerifier);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request, reply) => {
      if (isPublic(request)) return;
      const key = bearerKey(request.headers.authorization);
      if (key && (await verifier.verify(key))) return;
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .header('connection', 'close')
        .send(errorBody('UNAUTHORIZED', 'Missing or invalid API key'));
    });
}

/**
 * Per-key rate limits (@fastify/rate-limit): at most `max` requests per `windowMs` for each API
 * key, counted by this process; more get 429 RATE_LIMITED in the spec's error shape with
 * Retry-After. Counted after the key check and before any body is read, so a bad key is a 401
 * and does not use up anyone's allowance. Health, docs and signed downloads are not counted.
 * Register before the app initialises (the plugin attaches to routes as they are added).
 */
export async function limitRequestRates(
  app: NestFastifyApplication,
  limits: { max: number; windowMs: number },
): Promise<void> {
  if (limits.max <= 0) return;
  await app.register(rateLimit, {
    global: true,
    max: limits.max,
    timeWindow: limits.windowMs,
    hook: 'preParsing',
    // The key's digest, never the key itself, is what the limiter holds.
    keyGenerator: (request) =>
      createHash('sha256')
        .update(bearerKey(request.headers.authorization) ?? `ip:${request.ip}`)
        .digest('base64url'),
    allowList: (request) => isPublic(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Rate limit exceeded: at most ${context.max} requests per ${context.after} for this API key`,
    }),
  });
}
