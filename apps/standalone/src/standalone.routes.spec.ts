import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PUBLIC_ROUTES } from '@trove/gateway';
import { routesOf } from '@trove/platform-runtime';
import { createStandaloneApp, StandaloneApp } from './standalone.app';
import { loadStandaloneSettings } from './standalone-config';

/**
 * Routes that answer without a key: health, API docs, signed downloads (the signature is the key)
 * and the web console's page and files (no data; its calls carry the user's key).
 */
const PUBLIC = PUBLIC_ROUTES;

function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');
}

describe('the router', () => {
  let standalone: StandaloneApp;
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'trove-routes-'));
    const config = loadStandaloneSettings({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_API_KEY: 'sk_live_' + 'a'.repeat(40),
    });
    standalone = await createStandaloneApp(config);
    await standalone.app.init();
    await standalone.app.getHttpAdapter().getInstance().ready();
  });

  after(async () => {
    await standalone?.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('requires a key on every route but health, docs, presigned downloads and the console page', async () => {
    const fastify = standalone.app.getHttpAdapter().getInstance();
    const routes = routesOf(standalone.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const apiRoutes = routes.filter((r) => !PUBLIC.some((p) => p.test(r.url)));
    // The walk must see the real router: the tenancy routes at least, and the public ones.
    assert.ok(apiRoutes.length >= 5, `only ${apiRoutes.length} API routes seen`);
    assert.ok(routes.some((r) => r.url === '/healthz'));
    assert.ok(
      routes.some((r) => r.url === '/console'),
      'the console page is served',
    );
    for (const route of apiRoutes) {
      const response = await fastify.inject({ method: route.method as 'GET', url: concrete(route.url) });
      assert.equal(
        response.statusCode,
        401,
        `${route.method} ${route.url} answered ${response.statusCode} without a key`,
      );
      assert.equal(JSON.parse(response.body).detail.error_code, 'UNAUTHORIZED');
    }
    for (const route of routes.filter((r) => PUBLIC.some((p) => p.test(r.url)))) {
      const response = await fastify.inject({ method: route.method as 'GET', url: concrete(route.url) });
      assert.notEqual(response.statusCode, 401, `${route.method} ${route.url} should not need a key`);
    }
  });
});
