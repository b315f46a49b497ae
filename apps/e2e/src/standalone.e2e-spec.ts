import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ApiClient, freePort, startProcess, workspaceRoot } from '@trove/testing';
import { graphSuite } from './suites/graph.suite';
import { hostileInputSuite } from './suites/hostile-input.suite';
import { memoryAndSearchSuite } from './suites/memories.suite';
import { paraphraseSuite } from './suites/paraphrase.suite';
import { rateLimitSuite } from './suites/rate-limit.suite';
import { sourcesSuite } from './suites/sources.suite';
import { rawEmbeddingsSuite } from './suites/raw-embeddings.suite';
import { tenancyAndAuthSuite } from './suites/tenancy-auth.suite';

tenancyAndAuthSuite('standalone');
memoryAndSearchSuite('standalone');
sourcesSuite('standalone');
rawEmbeddingsSuite('standalone');
graphSuite('standalone');
paraphraseSuite('standalone');
hostileInputSuite('standalone');
rateLimitSuite('standalone');

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
