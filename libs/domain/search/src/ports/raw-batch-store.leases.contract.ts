import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { IndexScope } from './index-scope';
import { PendingBatch, RawBatchStore } from './raw-batch-store';

/** What the lease cases need of the suite that runs them (describeRawBatchStore). */
export interface RawBatchSuite {
  /** The suite's store, opened and migrated by its `before`. */
  store(): RawBatchStore;
  /** Another instance over the same storage (another replica). */
  another(): Promise<RawBatchStore>;
  /** A scope of a tenant of its own. */
  newScope(subTenantId?: string, tenantId?: string): IndexScope;
}

/** Long enough to outlast any test; short enough to run out within one. */
const LONG_LEASE = 10 * 60_000;
const SHORT_LEASE = 1;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const shape = (rowCount = 3, dimension = 4) => ({ dimension, rowCount });
const key = (batch: PendingBatch | null) =>
  batch ? `${batch.scope.tenantId}/${batch.scope.subTenantId}/${batch.fileId}@${batch.generation}` : null;

/**
 * The RawBatchStore contract's cases on indexing leases (claim, renew, release, claimNext), run
 * inside describeRawBatchStore (raw-batch-store.contract.ts), which holds the cases on records.
 */
export function leaseCases(suite: RawBatchSuite): void {
  const { newScope } = suite;
  const harness = { another: () => suite.another() };
  let store: RawBatchStore;
  /**
   * claimNext looks at every tenant: before a test of it, every batch earlier tests left owed is
   * claimed for longer than the test lasts, so that only the test's own batches are owed.
   */
  const drainOwed = async () => {
    while (await store.claimNext(`drain-${randomUUID()}`, LONG_LEASE));
  };

  before(() => {
    store = suite.store();
  });

  it('lets one claim take a batch at its generation: processing, leased, refused to others', async () => {
    const scope = newScope();
    const { generation } = await store.replace(scope, 'f', shape());
    assert.equal(await store.claim(scope, 'f', generation + 1, 'a', LONG_LEASE), false);
    assert.equal(await store.claim(scope, 'f', generation, 'a', LONG_LEASE), true);
    assert.equal((await store.get(scope, 'f'))?.status, 'processing');
    assert.equal(await store.claim(scope, 'f', generation, 'b', LONG_LEASE), false);
    assert.equal(await (await harness.another()).claim(scope, 'f', generation, 'c', LONG_LEASE), false);
    assert.equal(await store.claim(scope, 'missing', generation, 'a', LONG_LEASE), false);
    // Indexed: no longer owed, whoever asks.
    await store.release(scope, 'f', 'a');
    await store.setStatus(scope, 'f', generation, 'completed');
    assert.equal(await store.claim(scope, 'f', generation, 'b', LONG_LEASE), false);
  });

  it('gives one batch to exactly one of several claims at once', async () => {
    const scope = newScope();
    const { generation } = await store.replace(scope, 'f', shape());
    const stores = [store, await harness.another(), await harness.another()];
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        stores[i % 3]!.claim(scope, 'f', generation, `token-${i}`, LONG_LEASE),
      ),
    );
    assert.equal(results.filter(Boolean).length, 1);
  });

  it('lets another take a batch whose lease ran out (its replica died) or was released', async () => {
    const scope = newScope();
    const { generation } = await store.replace(scope, 'f', shape());
    assert.equal(await store.claim(scope, 'f', generation, 'dead', SHORT_LEASE), true);
    await pause(20);
    assert.equal(await store.renew(scope, 'f', 'dead', LONG_LEASE), false, 'a lease that ran out is gone');
    assert.equal(await store.claim(scope, 'f', generation, 'alive', LONG_LEASE), true);
    assert.equal(await store.claim(scope, 'f', generation, 'third', LONG_LEASE), false);
    await store.release(scope, 'f', 'third');
    assert.equal(
      await store.claim(scope, 'f', generation, 'third', LONG_LEASE),
      false,
      'only the holder releases',
    );
    await store.release(scope, 'f', 'alive');
    assert.equal(await store.claim(scope, 'f', generation, 'third', LONG_LEASE), true);
  });

  it('renews a lease for its holder only', async () => {
    const scope = newScope();
    const { generation } = await store.replace(scope, 'f', shape());
    assert.equal(await store.claim(scope, 'f', generation, 'holder', 200), true);
    assert.equal(await store.renew(scope, 'f', 'holder', LONG_LEASE), true);
    assert.equal(await store.renew(scope, 'f', 'other', LONG_LEASE), false);
    assert.equal(await store.renew(scope, 'missing', 'holder', LONG_LEASE), false);
    await pause(250);
    // Renewed for long: still its own, and still refused to others.
    assert.equal(await store.claim(scope, 'f', generation, 'other', LONG_LEASE), false);
    assert.equal(await store.renew(scope, 'f', 'holder', LONG_LEASE), true);
  });

  it('claims the oldest owed batch first, then the next, then none', async () => {
    await drainOwed();
    const scope = newScope();
    const first = await store.replace(scope, 'old', shape());
    await pause(5);
    const second = await store.replace(newScope(), 'new', shape());
    await pause(5);
    const done = await store.replace(scope, 'done', shape());
    await store.setStatus(scope, 'done', done.generation, 'completed');
    const claimed = await store.claimNext('a', LONG_LEASE);
    assert.deepEqual(claimed, { scope, fileId: 'old', generation: first.generation });
    assert.equal((await store.get(scope, 'old'))?.status, 'processing');
    const next = await store.claimNext('b', LONG_LEASE);
    assert.deepEqual([next?.fileId, next?.generation], ['new', second.generation]);
    assert.equal(await store.claimNext('c', LONG_LEASE), null);
  });

  it('claims again, with claimNext, a batch whose lease ran out', async () => {
    await drainOwed();
    const scope = newScope();
    const { generation } = await store.replace(scope, 'f', shape());
    assert.equal(await store.claim(scope, 'f', generation, 'dead', SHORT_LEASE), true);
    await pause(20);
    assert.equal(key(await store.claimNext('alive', LONG_LEASE)), key({ scope, fileId: 'f', generation }));
    assert.equal(await store.claimNext('other', LONG_LEASE), null);
  });

  it('gives callers of claimNext at the same moment different batches', async () => {
    await drainOwed();
    const scope = newScope();
    const files = Array.from({ length: 6 }, (_, i) => `f${i}`);
    for (const file of files) await store.replace(scope, file, shape());
    const stores = [store, await harness.another(), await harness.another()];
    const claimed = await Promise.all(
      Array.from({ length: 9 }, (_, i) => stores[i % 3]!.claimNext(`token-${i}`, LONG_LEASE)),
    );
    const got = claimed.filter((batch) => batch !== null).map((batch) => batch.fileId);
    assert.equal(new Set(got).size, got.length, `a batch claimed twice: ${got.join(', ')}`);
    // Nothing owed is left unclaimed when enough callers ask.
    assert.deepEqual([...got].sort(), files);
  });
}
