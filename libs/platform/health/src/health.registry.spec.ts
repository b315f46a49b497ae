import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HealthRegistry } from './health.registry';

const DEADLINE_MS = 2000;

describe('HealthRegistry', () => {
  it('is ready with no checks, named after its service', async () => {
    const registry = new HealthRegistry();
    registry.setServiceName('tenant-service');
    assert.deepEqual(await registry.report(), { service: 'tenant-service', ready: true, checks: [] });
  });

  it('is ready when every check answers', async () => {
    const registry = new HealthRegistry();
    registry.register('postgres', async () => undefined);
    registry.register('nats', () => Promise.resolve());
    const report = await registry.report();
    assert.equal(report.ready, true);
    assert.deepEqual(report.checks, [
      { name: 'postgres', ok: true },
      { name: 'nats', ok: true },
    ]);
  });

  it('is not ready when a check fails, and says which and why', async () => {
    const registry = new HealthRegistry();
    registry.register('nats', async () => undefined);
    registry.register('postgres', async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    });
    registry.register('qdrant', () => Promise.reject(new Error('503 from qdrant')));
    const report = await registry.report();
    assert.equal(report.ready, false);
    assert.deepEqual(report.checks, [
      { name: 'nats', ok: true },
      { name: 'postgres', ok: false, detail: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { name: 'qdrant', ok: false, detail: '503 from qdrant' },
    ]);
  });

  it('reports a check that throws before returning a promise, or rejects with a non-Error', async () => {
    const registry = new HealthRegistry();
    registry.register('throws', () => {
      throw new Error('client not initialised');
    });
    registry.register('odd', () => Promise.reject('just a string' as unknown as Error));
    const report = await registry.report();
    assert.equal(report.ready, false);
    assert.deepEqual(report.checks, [
      { name: 'throws', ok: false, detail: 'client not initialised' },
      { name: 'odd', ok: false, detail: 'just a string' },
    ]);
  });

  it('gives up on a hanging check at the deadline, running the checks in parallel', async () => {
    const registry = new HealthRegistry();
    registry.register('hangs', () => new Promise<void>(() => undefined));
    registry.register('also-hangs', () => new Promise<void>(() => undefined));
    registry.register('fine', async () => undefined);
    const started = Date.now();
    const report = await registry.report();
    const elapsed = Date.now() - started;
    assert.equal(report.ready, false);
    assert.deepEqual(report.checks, [
      { name: 'hangs', ok: false, detail: `no answer within ${DEADLINE_MS} ms` },
      { name: 'also-hangs', ok: false, detail: `no answer within ${DEADLINE_MS} ms` },
      { name: 'fine', ok: true },
    ]);
    assert.ok(elapsed >= DEADLINE_MS - 50, `gave up after ${elapsed} ms, before the deadline`);
    assert.ok(elapsed < DEADLINE_MS + 500, `took ${elapsed} ms: the checks ran one after another`);
  });

  it('replaces a check registered again under the same name', async () => {
    const registry = new HealthRegistry();
    registry.register('store', () => Promise.reject(new Error('down')));
    registry.register('store', async () => undefined);
    assert.deepEqual(await registry.report(), {
      service: 'trove',
      ready: true,
      checks: [{ name: 'store', ok: true }],
    });
  });
});
