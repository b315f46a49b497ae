import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ApiClient, freePort, generateAdminKey, startProcess, workspaceRoot } from '@trove/testing';
import { expectError } from './suites/expect-error';
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

tenancyAndAuthSuite('distributed');
memoryAndSearchSuite('distributed');
sourcesSuite('distributed');
eventsSuite('distributed');
rawEmbeddingsSuite('distributed');
graphSuite('distributed');
paraphraseSuite('distributed');
hostileInputSuite('distributed');
rateLimitSuite('distributed');
sdkSuite('distributed');
metricsSuite('distributed');

describe('a service that does not answer (distributed)', { timeout: 60_000 }, () => {
  it('is a 503 naming it, never a hang, and the gateway is not ready', async () => {
    const root = workspaceRoot();
    const port = await freePort();
    // A gateway alone on a prefix no service listens on.
    const { process: gateway } = await startProcess(join(root, 'apps/gateway/dist/main.js'), {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SUBJECT_PREFIX: `e2e-alone-${randomUUID().slice(0, 8)}`,
        REQUEST_TIMEOUT_MS: '2000',
        LOG_LEVEL: 'info',
      },
      ready: /gateway ready/,
    });
    try {
      const api = new ApiClient(`http://127.0.0.1:${port}`, generateAdminKey());
      const started = Date.now();
      const detail = expectError(
        await api.get('/tenants/sub_tenant_ids', { query: { tenant_id: 'acme' } }),
        503,
        'SERVICE_UNAVAILABLE',
      );
      assert.match(detail.message, /tenant service/);
      assert.ok(Date.now() - started < 2500, `took ${Date.now() - started} ms`);
      const ready = await api.get<{ detail: { message: string } }>('/readyz', { key: null });
      assert.equal(ready.status, 503);
      assert.match(ready.body.detail.message, /tenant-service/);
    } finally {
      await gateway.stop();
    }
  });
});
