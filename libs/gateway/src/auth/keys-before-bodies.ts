import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorBody } from '@trove/platform-http';
import { ApiKeyVerifier } from './api-key.verifier';

/**
 * Routes that answer without a key: health, the API docs, and signed downloads (the signature is
 * the key). Every other route carries @Authenticated; the standalone router test checks that the
 * two agree.
 */
export const PUBLIC_ROUTES: readonly RegExp[] = [
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/docs(\/.*)?$/,
  /^\/openapi\.(json|yaml)$/,
  /^\/fetch\/download$/,
];

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
      const route = request.routeOptions.url;
      if (route === undefined || PUBLIC_ROUTES.some((pattern) => pattern.test(route))) return;
      const key = bearerKey(request.headers.authorization);
      if (key && (await verifier.verify(key))) return;
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .header('connection', 'close')
        .send(errorBody('UNAUTHORIZED', 'Missing or invalid API key'));
    });
}
