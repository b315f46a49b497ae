import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ApiClient, startTrove, TroveRig, workspaceRoot } from '@trove/testing';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium, skipWithoutChromium } from './suites/chromium';

// @trove/sdk's ES module build (libs/sdk/dist/esm) in headless Chromium, with no bundler: a page
// imports it through an import map, as a `<script type="module">`, and uses it against
// standalone. The gateway sends no CORS headers, so the page and the API share an origin, as
// libs/sdk/README.md tells browser users to arrange: this test's own node:http server serves the
// page, the SDK's files and openapi-fetch's ES module, and reverse-proxies /trove/* to the rig.

const SKIP = skipWithoutChromium('the SDK browser test');

/** The path under which the page reaches the API (the README's `baseUrl: '/trove'`). */
const API_PREFIX = '/trove';

const ZEPHYR = 'The Zephyr reservoir has supplied water to Lindenfeld since 1931.\n';
const TEA = 'I drink green tea with jasmine every morning before work.';

// The page: an import map for the two bare specifiers, a module script, and no bundler.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>@trove/sdk in a browser</title>
    <link rel="icon" href="data:," />
    <script type="importmap">
      { "imports": { "@trove/sdk": "/sdk/index.js", "openapi-fetch": "/vendor/openapi-fetch.mjs" } }
    </script>
    <script type="module" src="/app.js"></script>
  </head>
  <body></body>
</html>
`;

// What the page runs: plain JavaScript, as a browser gets it (the test calls it via page.evaluate).
const APP_JS = `import { TroveClient, TroveError, TroveUnauthorizedError } from '@trove/sdk';

function describeError(error) {
  return {
    name: error?.name,
    isTroveError: error instanceof TroveError,
    isUnauthorized: error instanceof TroveUnauthorizedError,
    status: error?.status,
    errorCode: error?.errorCode,
    message: error?.message,
    requestId: error?.requestId,
  };
}

async function scenario(apiKey, tenant) {
  const trove = new TroveClient({ baseUrl: ${JSON.stringify(API_PREFIX)}, apiKey });
  const wait = { tenantId: tenant, timeoutMs: 90000, intervalMs: 200 };
  const out = {};
  out.tenant = await trove.createTenant({ tenant_id: tenant });

  // A Blob, as a page gets from an <input type=file> or builds itself: multipart by FormData.
  const file = new Blob([${JSON.stringify(ZEPHYR)}], { type: 'text/plain' });
  out.upload = await trove.uploadDocument({ tenant_id: tenant, file_id: 'zephyr', file, filename: 'zephyr.txt' });
  out.uploadStatus = (await trove.waitForProcessing('zephyr', wait)).indexing_status;

  out.added = await trove.addMemory({
    tenant_id: tenant,
    sub_tenant_id: 'user-1',
    memory_id: 'tea',
    raw_text: ${JSON.stringify(TEA)},
  });
  out.memoryStatus = (await trove.waitForProcessing('tea', { ...wait, subTenantId: 'user-1' })).indexing_status;
  const memories = await trove.retrieveMemories({
    tenant_id: tenant,
    sub_tenant_id: 'user-1',
    query: 'what tea do I drink in the morning?',
    max_count: 3,
  });
  out.memories = memories.user_memories.map((m) => ({ memory_id: m.memory_id, source_content: m.source_content }));

  const hybrid = await trove.hybridSearch({ tenant_id: tenant, query: 'Zephyr reservoir', max_chunks: 3 });
  out.chunks = hybrid.chunks.map((c) => ({ source_id: c.source_id, content: c.chunk_content, score: c.relevancy_score }));

  const stranger = new TroveClient({ baseUrl: ${JSON.stringify(API_PREFIX)}, apiKey: 'sk_live_' + 'x'.repeat(40) });
  try {
    await stranger.hybridSearch({ tenant_id: tenant, query: 'anything' });
    out.badKey = 'resolved';
  } catch (error) {
    out.badKey = describeError(error);
  }
  return out;
}

globalThis.sdkPage = { scenario, moduleUrl: import.meta.url };
document.body.dataset.ready = 'true';
`;

interface PageError {
  name: string;
  isTroveError: boolean;
  isUnauthorized: boolean;
  status: number;
  errorCode: string;
  message: string;
  requestId: string | undefined;
}
interface ScenarioResult {
  tenant: { tenant_id: string; default_sub_tenant_id: string };
  upload: { file_id: string };
  uploadStatus: string;
  added: { memory_id: string };
  memoryStatus: string;
  memories: { memory_id: string; source_content: string }[];
  chunks: { source_id: string; content: string; score: number }[];
  badKey: PageError | 'resolved';
}

/** openapi-fetch's ES module, as its package.json's exports name it for `import`. */
function openapiFetchModule(): string {
  const manifestPath = require.resolve('openapi-fetch/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: { '.': { import: string } };
  };
  return join(dirname(manifestPath), manifest.exports['.'].import);
}

/**
 * The test's origin: the page, /sdk/* from libs/sdk/dist/esm, /vendor/openapi-fetch.mjs, and
 * /trove/* piped to the rig (method, headers and body as they came, the answer as it went).
 */
function startSite(apiBaseUrl: string, sdkEsm: string, openapiFetch: string): Promise<Server> {
  const api = new URL(apiBaseUrl);
  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };
  const javascript = 'text/javascript; charset=utf-8';

  const proxy = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const upstream = request(
      {
        hostname: api.hostname,
        port: api.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: api.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) send(res, 502, 'text/plain', `proxy: ${error.message}`);
      else res.destroy(error);
    });
    req.pipe(upstream);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    const path = url.pathname;
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      proxy(req, res, (path.slice(API_PREFIX.length) || '/') + url.search);
      return;
    }
    if (req.method !== 'GET') return send(res, 405, 'text/plain', 'method not allowed');
    if (path === '/') return send(res, 200, 'text/html; charset=utf-8', INDEX_HTML);
    if (path === '/app.js') return send(res, 200, javascript, APP_JS);
    if (path === '/vendor/openapi-fetch.mjs') return send(res, 200, javascript, readFileSync(openapiFetch));
    if (path.startsWith('/sdk/')) {
      // URL parsing has already resolved any `..`; the check keeps the files under dist/esm anyway.
      const file = join(sdkEsm, decodeURIComponent(path.slice('/sdk/'.length)));
      if (file.startsWith(sdkEsm + sep) && /\.js(\.map)?$/.test(file) && existsSync(file)) {
        const type = file.endsWith('.map') ? 'application/json' : javascript;
        return send(res, 200, type, readFileSync(file));
      }
    }
    send(res, 404, 'text/plain', 'not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe(
  '@trove/sdk in a browser (ES modules, standalone, headless Chromium)',
  { skip: SKIP, timeout: 300_000 },
  () => {
    const tenant = `sdk-browser-${Date.now()}`;
    let rig: TroveRig;
    let key: string;
    let site: Server;
    let origin: string;
    let browser: Browser;
    let page: Page;
    const errors: string[] = [];
    const requested: string[] = [];

    before(async () => {
      const sdkEsm = join(workspaceRoot(), 'libs/sdk/dist/esm');
      assert.ok(
        existsSync(join(sdkEsm, 'index.js')),
        `${sdkEsm}/index.js is missing: nx run @trove/sdk:build`,
      );
      rig = await startTrove('standalone', { env: { EMBEDDINGS_PROVIDER: 'hashing' } });
      const created = await new ApiClient(rig.baseUrl, rig.adminKey).post<{ full_api_key: string }>(
        '/api-keys/create_api_key',
        { json: { owner: 'sdk-browser' } },
      );
      assert.equal(created.status, 200, JSON.stringify(created.body));
      key = created.body.full_api_key;

      site = await startSite(rig.baseUrl, sdkEsm, openapiFetchModule());
      origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

      browser = await launchChromium();
      page = await browser.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('requestfailed', (failed) =>
        errors.push(`request failed: ${failed.url()} ${failed.failure()?.errorText}`),
      );
      page.on('request', (sent) => requested.push(sent.url()));
    });

    after(async () => {
      await browser?.close();
      await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
      await rig?.dispose();
    });

    it('loads the SDK from dist/esm through an import map, with no console errors', async () => {
      const response = await page.goto(`${origin}/`);
      assert.equal(response?.status(), 200);
      await page
        .waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 10_000 })
        .catch((error: unknown) =>
          assert.fail(`the page's module did not run: ${errors.join('\n') || String(error)}`),
        );
      const moduleUrl = await page.evaluate(
        () => (globalThis as unknown as { sdkPage: { moduleUrl: string } }).sdkPage.moduleUrl,
      );
      assert.equal(moduleUrl, `${origin}/app.js`);
      const loaded = requested.map((url) => new URL(url).pathname);
      for (const path of [
        '/app.js',
        '/sdk/index.js',
        '/sdk/client.js',
        '/sdk/errors.js',
        '/vendor/openapi-fetch.mjs',
      ])
        assert.ok(loaded.includes(path), `${path} not loaded: ${loaded.join(', ')}`);
      assert.deepEqual(errors, [], 'console errors on load');
    });

    it('creates a tenant, uploads a Blob, adds and retrieves a memory, searches, and gets a typed 401', async () => {
      const before = requested.length;
      const result = await page.evaluate(
        ([apiKey, tenantId]) =>
          (
            globalThis as unknown as {
              sdkPage: { scenario(apiKey: string, tenant: string): Promise<unknown> };
            }
          ).sdkPage.scenario(apiKey, tenantId),
        [key, tenant] as const,
      );
      const out = result as ScenarioResult;

      assert.equal(out.tenant.tenant_id, tenant);
      assert.equal(out.tenant.default_sub_tenant_id, tenant);
      assert.equal(out.upload.file_id, 'zephyr');
      assert.equal(out.uploadStatus, 'completed');
      assert.equal(out.added.memory_id, 'tea');
      assert.equal(out.memoryStatus, 'completed');
      assert.equal(out.memories[0]?.memory_id, 'tea', JSON.stringify(out.memories));
      assert.match(out.memories[0]!.source_content, /jasmine/);
      assert.equal(out.chunks[0]?.source_id, 'zephyr', JSON.stringify(out.chunks));
      assert.match(out.chunks[0]!.content, /Lindenfeld/);
      assert.ok(out.chunks[0]!.score > 0);

      assert.notEqual(out.badKey, 'resolved', 'a bad key must be refused');
      const bad = out.badKey as PageError;
      assert.equal(bad.name, 'TroveUnauthorizedError');
      assert.ok(bad.isTroveError && bad.isUnauthorized, JSON.stringify(bad));
      assert.equal(bad.status, 401);
      assert.equal(bad.errorCode, 'UNAUTHORIZED');
      assert.match(bad.message, /Missing or invalid API key/);
      // x-request-id is readable because the answer came from the page's own origin.
      assert.match(bad.requestId ?? '', /^[\w.:-]+$/);

      // Every API call went to the page's origin, under /trove.
      const calls = requested.slice(before);
      assert.ok(calls.length > 0);
      for (const url of calls) {
        assert.equal(new URL(url).origin, origin, url);
        assert.ok(new URL(url).pathname.startsWith(`${API_PREFIX}/`), url);
      }

      // The one console error: Chromium's own line about the refused request (a 401 answer is
      // logged as a failed resource load). No page errors, no failed requests.
      assert.ok(
        errors.every((e) => /^Failed to load resource: the server responded with a status of 401\b/.test(e)),
        errors.join('\n'),
      );
      assert.ok(errors.length <= 1, errors.join('\n'));
    });
  },
);
