import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { IndexScope } from './index-scope';
import { PendingBatch, RawBatchStore } from './raw-batch-store';

/** One adapter over its storage (not yet migrated: the suite migrates it), and a second one. */
export interface RawBatchStoreHarness {
  store: RawBatchStore;
  /** A new instance over the same storage (another replica of the search service). */
  another(): Promise<RawBatchStore>;
  /** Closes what was opened and removes the storage. */
  dispose(): Promise<void>;
}
export type RawBatchStoreFactory = () => Promise<RawBatchStoreHarness>;

/** Long enough to outlast any test; short enough to run out within one. */
const LONG_LEASE = 10 * 60_000;
const SHORT_LEASE = 1;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shape = (rowCount = 3, dimension = 4) => ({ dimension, rowCount });
const key = (batch: PendingBatch | null) =>
  batch ? `${batch.scope.tenantId}/${batch.scope.subTenantId}/${batch.fileId}@${batch.generation}` : null;

/** The behaviour every RawBatchStore adapter must show; run on PGlite and on PostgreSQL. */
export function describeRawBatchStore(name: string, open: RawBatchStoreFactory): void {
  describe(`RawBatchStore contract: ${name}`, () => {
    let harness: RawBatchStoreHarness;
    let store: RawBatchStore;
    // Every test has its own tenant, so the suite may share one server with other runs.
    const newScope = (subTenantId = 'main', tenantId = `t-${randomUUID()}`): IndexScope => ({
      tenantId,
      subTenantId,
    });
    /**
     * claimNext looks at every tenant: before a test of it, every batch earlier tests left owed is
     * claimed for longer than the test lasts, so that only the test's own batches are owed.
     */
    const drainOwed = async () => {
      while (await store.claimNext(`drain-${randomUUID()}`, LONG_LEASE));
    };

    before(async () => {
      harness = await open();
      store = harness.store;
      await store.migrate();
    });
    after(async () => {
      await store.close();
      await harness.dispose();
    });

    it('migrates again without harm, keeping what was stored', async () => {
      const scope = newScope();
      await store.replace(scope, 'f', shape());
      await store.migrate();
      await (await harness.another()).migrate();
      assert.equal((await store.get(scope, 'f'))?.fileId, 'f');
    });

    it('records a new upload as queued with its shape, readable from another instance', async () => {
      const scope = newScope();
      const before = Date.now();
      const { generation, replaced } = await store.replace(scope, 'f1', shape(5, 8));
      assert.equal(replaced, false);
      assert.ok(Number.isInteger(generation));
      for (const reader of [store, await harness.another()]) {
        const batch = await reader.get(scope, 'f1');
        assert.ok(batch);
        const { createdAt, updatedAt, ...rest } = batch;
        assert.deepEqual(rest, {
          fileId: 'f1',
          dimension: 8,
          rowCount: 5,
          removedRows: [],
          status: 'queued',
          errorCode: null,
          errorMessage: null,
          generation,
        });
        assert.ok(createdAt instanceof Date && updatedAt instanceof Date);
        assert.ok(createdAt.getTime() >= before - 60_000 && createdAt.getTime() <= Date.now() + 60_000);
      }
      assert.equal(await store.get(scope, 'missing'), null);
    });

    it('replaces a batch uploaded again: a newer generation, the new shape, its deletions and state gone', async () => {
      const scope = newScope();
      const first = await store.replace(scope, 'f', shape(4, 2));
      await store.removeRows(scope, 'f', [1, 3]);
      assert.equal(
        await store.setStatus(scope, 'f', first.generation, 'errored', { code: 'X', message: 'm' }),
        true,
      );
      const second = await store.replace(scope, 'f', shape(6, 3));
      assert.equal(second.replaced, true);
      assert.ok(second.generation > first.generation);
      const batch = await store.get(scope, 'f');
      assert.deepEqual(
        [
          batch?.dimension,
          batch?.rowCount,
          batch?.removedRows,
          batch?.status,
          batch?.errorCode,
          batch?.errorMessage,
        ],
        [3, 6, [], 'queued', null, null],
      );
      assert.equal(batch?.generation, second.generation);
    });

    it('requeues an existing batch at a newer generation, clearing its error; a missing one gives null', async () => {
      const scope = newScope();
      const { generation } = await store.replace(scope, 'f', shape());
      await store.removeRows(scope, 'f', [0]);
      await store.setStatus(scope, 'f', generation, 'errored', { code: 'INDEXING_FAILED', message: 'boom' });
      const requeued = await store.requeue(scope, 'f');
      assert.ok(requeued !== null && requeued > generation);
      const batch = await store.get(scope, 'f');
      assert.deepEqual(
        [batch?.status, batch?.errorCode, batch?.errorMessage, batch?.generation, batch?.removedRows],
        ['queued', null, null, requeued, [0]],
      );
      assert.equal(await store.requeue(scope, 'missing'), null);
      assert.equal(await store.get(scope, 'missing'), null);
    });

    it('sets the state only at the current generation', async () => {
      const scope = newScope();
      const { generation } = await store.replace(scope, 'f', shape());
      assert.equal(await store.setStatus(scope, 'f', generation, 'completed'), true);
      assert.equal((await store.get(scope, 'f'))?.status, 'completed');
      assert.equal(
        await store.setStatus(scope, 'f', generation, 'errored', {
          code: 'INDEXING_FAILED',
          message: 'late',
        }),
        true,
      );
      let batch = await store.get(scope, 'f');
      assert.deepEqual(
        [batch?.status, batch?.errorCode, batch?.errorMessage],
        ['errored', 'INDEXING_FAILED', 'late'],
      );
      const newer = await store.requeue(scope, 'f');
      // A job of the superseded generation finishing late changes nothing.
      assert.equal(await store.setStatus(scope, 'f', generation, 'completed'), false);
      batch = await store.get(scope, 'f');
      assert.deepEqual([batch?.status, batch?.generation], ['queued', newer]);
      assert.equal(await store.setStatus(scope, 'missing', generation, 'completed'), false);
    });

    it('marks deleted rows once each, in ascending order', async () => {
      const scope = newScope();
      await store.replace(scope, 'f', shape(10));
      await store.removeRows(scope, 'f', [7, 2]);
      await store.removeRows(scope, 'f', [2, 9, 0, 7]);
      await store.removeRows(scope, 'f', []);
      assert.deepEqual((await store.get(scope, 'f'))?.removedRows, [0, 2, 7, 9]);
      await store.removeRows(scope, 'missing', [1]);
      assert.equal(await store.get(scope, 'missing'), null);
    });

    it('deletes a batch, returning it as it was; a second delete finds nothing', async () => {
      const scope = newScope();
      const { generation } = await store.replace(scope, 'f', shape(4));
      await store.removeRows(scope, 'f', [1]);
      const deleted = await store.delete(scope, 'f');
      assert.deepEqual(
        [deleted?.fileId, deleted?.rowCount, deleted?.removedRows, deleted?.generation],
        ['f', 4, [1], generation],
      );
      assert.equal(await store.get(scope, 'f'), null);
      assert.equal(await store.delete(scope, 'f'), null);
    });

    it('keeps batches of the same id apart across tenants and sub-tenants', async () => {
      const a = newScope('shared');
      const b = newScope('shared');
      const a2 = newScope('second', a.tenantId);
      await store.replace(a, 'f', shape(1));
      await store.replace(b, 'f', shape(2));
      await store.replace(a2, 'f', shape(3));
      await store.removeRows(b, 'f', [0]);
      assert.deepEqual(
        await Promise.all(
          [a, b, a2].map(async (s) => [
            (await store.get(s, 'f'))?.rowCount,
            (await store.get(s, 'f'))?.removedRows,
          ]),
        ),
        [
          [1, []],
          [2, [0]],
          [3, []],
        ],
      );
      await store.delete(a, 'f');
      assert.equal((await store.get(b, 'f'))?.rowCount, 2);
      assert.equal((await store.get(a2, 'f'))?.rowCount, 3);
    });

    it('deletes a whole sub-tenant and nothing else', async () => {
      const scope = newScope('doomed');
      const sibling = newScope('kept', scope.tenantId);
      const stranger = newScope('doomed');
      for (const s of [scope, sibling, stranger]) {
        await store.replace(s, 'f1', shape());
        await store.replace(s, 'f2', shape());
      }
      await store.deleteSubTenant(scope);
      await store.deleteSubTenant(scope);
      assert.equal(await store.get(scope, 'f1'), null);
      assert.equal(await store.get(scope, 'f2'), null);
      for (const s of [sibling, stranger]) assert.equal((await store.get(s, 'f2'))?.fileId, 'f2');
    });

    it('counts live rows per sub-tenant, leaving out sub-tenants with none', async () => {
      const tenantId = `t-${randomUUID()}`;
      const main = newScope('main', tenantId);
      // Sub-tenant ids come from users: a name Object.prototype has must count like any other.
      const odd = newScope('constructor', tenantId);
      const empty = newScope('empty', tenantId);
      await store.replace(main, 'f1', shape(5));
      await store.replace(main, 'f2', shape(3));
      await store.removeRows(main, 'f1', [0, 4]);
      await store.replace(odd, 'f', shape(2));
      await store.replace(empty, 'f', shape(2));
      await store.removeRows(empty, 'f', [0, 1]);
      await store.replace(newScope('main'), 'f', shape(9));
      const counts = await store.countBySubTenant(tenantId);
      assert.ok(counts instanceof Map);
      assert.deepEqual(
        [...counts].sort(([a], [b]) => a.localeCompare(b)),
        [
          ['constructor', 2],
          ['main', 6],
        ],
      );
      assert.equal((await store.countBySubTenant(`t-${randomUUID()}`)).size, 0);
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
  });
}
