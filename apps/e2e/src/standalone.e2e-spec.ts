import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ApiClient, freePort, generateAdminKey, startProcess, workspaceRoot } from '@trove/testing';
import { graphSuite } from './suites/graph.suite';
import { hostileInputSuite } from './suites/hostile-input.suite';
import { memoryAndSearchSuite } from './suites/memories.suite';
import { metricsSuite } from './suites/metrics.suite';
import { paraphraseSuite } from './suites/paraphrase.suite';
import { rateLimitSuite } from './suites/rate-limit.suite';
import { sourcesSuite } from './suites/sources.suite';
import { eventsSuite } from './suites/events.suite';
import { rawEmbeddingsSuite } from './suites/raw-embeddings.suite';
import { sdkSuite } from './suites/sdk.suite';
import { tenancyAndAuthSuite } from './suites/tenancy-auth.suite';

tenancyAndAuthSuite('standalone');
memoryAndSearchSuite('standalone');
sourcesSuite('standalone');
eventsSuite('standalone');
rawEmbeddingsSuite('standalone');
graphSuite('standalone');
paraphraseSuite('standalone');
hostileInputSuite('standalone');
rateLimitSuite('standalone');
sdkSuite('standalone');
metricsSuite('standalone');

describe('first start without ADMIN_API_KEY (standalone)', { timeout: 90_000 }, () => {
  it('prints a generated admin key once, framed, after the listening line, and the key works', async () => {
    const root = workspaceRoot();
    const dataDir = mkdtempSync(join(tmpdir(), 'trove-e2e-first-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    delete env['ADMIN_API_KEY'];
    const line = /\n(=+)\nAdmin API key \(shown once, store it now\): (sk_live_[A-Za-z0-9]{40})\n(=+)\n/;
    try {
      const first = await startProcess(join(root, 'apps/standalone/dist/main.js'), {
        cwd: root,
        env,
        ready: line,
        timeoutMs: 60_000,
      });
      // Nothing follows the key: the start-up logs were flushed before it, not after.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const output = first.process.output();
      const url = /Trove is listening on (http:\/\/\S+)/.exec(output)?.[1];
      assert.ok(url, 'the listening line came first');
      assert.ok(output.indexOf('Trove is listening') < output.search(line));
      const afterKey = output.slice(output.search(line) + first.match[0].length);
      assert.equal(afterKey.trim(), '', `printed after the key:\n${afterKey.slice(0, 500)}`);
      const beforeListening = output.slice(output.indexOf('Trove is listening'));
      assert.doesNotMatch(beforeListening, /"level":/, 'no log line between "listening" and the key');
      const [, top, key, bottom] = first.match;
      assert.equal(top!.length, bottom!.length);
      const api = new ApiClient(url, key);
      assert.equal((await api.get('/api-keys/list')).status, 200);
      await first.process.stop();

      // A later start on the same data prints no key.
      const again = await startProcess(join(root, 'apps/standalone/dist/main.js'), {
        cwd: root,
        env,
        ready: /Trove is listening on/,
        timeoutMs: 60_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.doesNotMatch(again.process.output(), /Admin API key/);
      await again.process.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a graceful stop (standalone)', { timeout: 90_000 }, () => {
  it('on SIGTERM says it is stopping, keeps answering for SHUTDOWN_DELAY_MS, then exits', async () => {
    const root = workspaceRoot();
    const dataDir = mkdtempSync(join(tmpdir(), 'trove-e2e-stop-'));
    const port = await freePort();
    const adminKey = generateAdminKey();
    const delayMs = 2000;
    try {
      const { process: trove } = await startProcess(join(root, 'apps/standalone/dist/main.js'), {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          ADMIN_API_KEY: adminKey,
          LOG_LEVEL: 'warn',
          SHUTDOWN_DELAY_MS: String(delayMs),
        },
        ready: /Trove is listening on/,
        timeoutMs: 60_000,
      });
      const base = `http://127.0.0.1:${port}`;
      const keys = () => fetch(`${base}/api-keys/list`, { headers: { authorization: `Bearer ${adminKey}` } });
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
      const before = await keys();
      assert.equal(before.status, 200);
      assert.notEqual(before.headers.get('connection'), 'close');

      const exited = new Promise<{ signal: NodeJS.Signals | null; at: number }>((resolve) =>
        trove.child.once('exit', (_code, signal) => resolve({ signal, at: Date.now() })),
      );
      const signalledAt = Date.now();
      trove.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));

      const ready = await fetch(`${base}/readyz`);
      assert.equal(ready.status, 503);
      const body = (await ready.json()) as {
        detail: { success: boolean; error_code: string; message: string };
      };
      assert.equal(body.detail.success, false);
      assert.equal(body.detail.error_code, 'SERVICE_UNAVAILABLE');
      assert.match(body.detail.message, /stopping/);
      // Requests still get answers, each telling the client to reconnect elsewhere.
      const during = await keys();
      assert.equal(during.status, 200);
      assert.equal(during.headers.get('connection'), 'close');

      const { signal, at } = await exited;
      assert.equal(signal, 'SIGTERM');
      assert.ok(at - signalledAt >= delayMs, `exited ${at - signalledAt} ms after SIGTERM, before the delay`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
