import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { IndexScope } from './index-scope';
import { RawBatchStore } from './raw-batch-store';
import { leaseCases, shape } from './raw-batch-store.leases.contract';

/** One adapter over its storage (not yet migrated: the suite migrates it), and a second one. */
export interface RawBatchStoreHarness {
  store: RawBatchStore;
  /** A new instance over the same storage (another replica of the search service). */
  another(): Promise<RawBatchStore>;
  /** Closes what was opened and removes the storage. */
  dispose(): Promise<void>;
}
export type RawBatchStoreFactory = () => Promise<RawBatchStoreHarness>;

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

    leaseCases({ store: () => store, another: () => harness.another(), newScope });
  });
}
