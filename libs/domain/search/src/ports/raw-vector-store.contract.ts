import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { IndexScope } from './index-scope';
import { RawVectorStore } from './raw-vector-store';

/** One adapter over its storage, and a second instance over the same storage. */
export interface RawVectorStoreHarness {
  store: RawVectorStore;
  /** A new instance over the same storage (another process, or the same one restarted). */
  another(): Promise<RawVectorStore>;
  /** Closes what was opened and removes the storage. */
  dispose(): Promise<void>;
  /** Rows of the 3024-wide batch of the last case: 2000 (the largest legal) unless told. */
  largestRows?: number;
}
export type RawVectorStoreFactory = () => Promise<RawVectorStoreHarness>;

const isCode = (code: string) => (error: unknown) => error instanceof DomainError && error.code === code;
/** `rows × dimension` distinct float32 values, seeded, with awkward ones among them. */
const block = (rows: number, dimension: number, seed = 1): Float32Array => {
  const values = Float32Array.from(
    { length: rows * dimension },
    (_, i) => Math.sin(seed * 977 + i) * 10 ** (i % 7),
  );
  const awkward = [-0, 1e-45, -3.4028234663852886e38, 3.4028234663852886e38, 1 / 3];
  awkward.forEach((v, i) => {
    if (i < values.length) values[(i * 31) % values.length] = v;
  });
  return values;
};
const row = (values: Float32Array, dimension: number, r: number) =>
  values.slice(r * dimension, (r + 1) * dimension);
/** Bit-exact comparison (distinguishes -0 from 0). */
const sameBits = (actual: Float32Array | undefined, expected: Float32Array) => {
  assert.ok(actual, 'expected vectors, got none');
  assert.deepEqual(
    Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength),
    Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength),
  );
};

/** The behaviour every RawVectorStore adapter must show; run against the file store and SQL. */
export function describeRawVectorStore(name: string, open: RawVectorStoreFactory): void {
  describe(`RawVectorStore contract: ${name}`, () => {
    let harness: RawVectorStoreHarness;
    let store: RawVectorStore;
    // Every test has its own tenant, so the suite may share one server with other runs.
    const newScope = (subTenantId = 'main'): IndexScope => ({ tenantId: `t-${randomUUID()}`, subTenantId });

    before(async () => {
      harness = await open();
      store = harness.store;
    });
    after(async () => {
      await harness.dispose();
    });

    it('reads back exactly the float32 values written, also from another instance', async () => {
      const scope = newScope();
      const values = block(7, 5);
      await store.write(scope, 'f1', 5, values);
      const read = await store.read(scope, 'f1');
      assert.equal(read?.dimension, 5);
      assert.equal(read?.rows, 7);
      sameBits(read?.vectors, values);
      sameBits((await (await harness.another()).read(scope, 'f1'))?.vectors, values);
      assert.equal(await store.read(scope, 'missing'), null);
    });

    it('stores a view into a larger buffer as just its own values', async () => {
      const scope = newScope();
      const backing = block(10, 3, 2);
      const view = backing.subarray(3, 3 + 2 * 3);
      await store.write(scope, 'view', 3, view);
      sameBits((await store.read(scope, 'view'))?.vectors, view.slice());
    });

    it('replaces a batch written again, shape included', async () => {
      const scope = newScope();
      await store.write(scope, 'rep', 4, block(6, 4, 3));
      const smaller = block(2, 4, 4);
      await store.write(scope, 'rep', 4, smaller);
      const read = await store.read(scope, 'rep');
      assert.equal(read?.rows, 2);
      sameBits(read?.vectors, smaller);
    });

    it('refuses vectors that are not whole rows of a positive dimension, keeping what was there', async () => {
      const scope = newScope();
      await store.write(scope, 'keep', 3, block(2, 3));
      await assert.rejects(store.write(scope, 'keep', 4, block(2, 3)), isCode('INVALID_PARAMETERS'));
      await assert.rejects(store.write(scope, 'keep', 0, block(2, 3)), isCode('INVALID_PARAMETERS'));
      await assert.rejects(store.write(scope, 'keep', 1.5, block(2, 3)), isCode('INVALID_PARAMETERS'));
      sameBits((await store.read(scope, 'keep'))?.vectors, block(2, 3));
    });

    it('reads some rows by number; rows past the end, negative or fractional are absent', async () => {
      const scope = newScope();
      const values = block(9, 6, 5);
      await store.write(scope, 'rows', 6, values);
      const found = await store.readRows(scope, 'rows', [8, 0, 4, 4, 9, -1, 2.5, 1000]);
      assert.deepEqual(
        [...found.keys()].sort((a, b) => a - b),
        [0, 4, 8],
      );
      for (const r of [0, 4, 8]) sameBits(found.get(r), row(values, 6, r));
      assert.equal((await store.readRows(scope, 'rows', [])).size, 0);
      assert.equal((await store.readRows(scope, 'absent', [0, 1])).size, 0);
    });

    it('patches rows in place, leaving the others as they were', async () => {
      const scope = newScope();
      const values = block(5, 4, 6);
      await store.write(scope, 'p', 4, values);
      const replacement = block(2, 4, 7);
      await store.patch(scope, 'p', [3, 0], replacement);
      const expected = values.slice();
      expected.set(row(replacement, 4, 0), 3 * 4);
      expected.set(row(replacement, 4, 1), 0);
      sameBits((await store.read(scope, 'p'))?.vectors, expected);
      sameBits((await store.readRows(scope, 'p', [3])).get(3), row(replacement, 4, 0));
    });

    it('refuses a patch of a missing batch, of another dimension, or of rows it lacks, changing nothing', async () => {
      const scope = newScope();
      const values = block(3, 4, 8);
      await store.write(scope, 'q', 4, values);
      await assert.rejects(store.patch(scope, 'none', [0], block(1, 4)), isCode('FILE_NOT_FOUND'));
      await assert.rejects(store.patch(scope, 'q', [0], block(1, 5)), isCode('DIMENSION_MISMATCH'));
      await assert.rejects(store.patch(scope, 'q', [0, 3], block(2, 4, 9)), isCode('INVALID_PARAMETERS'));
      await assert.rejects(store.patch(scope, 'q', [-1], block(1, 4, 9)), isCode('INVALID_PARAMETERS'));
      sameBits((await store.read(scope, 'q'))?.vectors, values);
      assert.equal(await store.read(scope, 'none'), null);
    });

    it('keeps batches of the same id apart across tenants and sub-tenants', async () => {
      const a = newScope('one');
      const b = { tenantId: a.tenantId, subTenantId: 'two' };
      const c = { tenantId: `t-${randomUUID()}`, subTenantId: 'one' };
      await store.write(a, 'same', 2, block(1, 2, 10));
      await store.write(b, 'same', 2, block(1, 2, 11));
      await store.write(c, 'same', 3, block(2, 3, 12));
      sameBits((await store.read(a, 'same'))?.vectors, block(1, 2, 10));
      sameBits((await store.read(b, 'same'))?.vectors, block(1, 2, 11));
      sameBits((await store.read(c, 'same'))?.vectors, block(2, 3, 12));
      await store.delete(a, 'same');
      assert.equal(await store.read(a, 'same'), null);
      assert.ok(await store.read(b, 'same'));
    });

    it('takes ids of any characters and length', async () => {
      const scope = { tenantId: `T/${randomUUID()}..`, subTenantId: 'Ünïcode ☃ / \\ ..' };
      const ids = ['A', 'a', '../x', 'é', 'x'.repeat(300), 'with space_0'];
      for (const [i, id] of ids.entries()) await store.write(scope, id, 2, block(1, 2, 20 + i));
      for (const [i, id] of ids.entries())
        sameBits((await store.read(scope, id))?.vectors, block(1, 2, 20 + i));
    });

    it('deletes a batch (twice is harmless) and a whole sub-tenant, and nothing else', async () => {
      const gone = newScope('gone');
      const kept = { tenantId: gone.tenantId, subTenantId: 'kept' };
      await store.write(gone, 'a', 2, block(1, 2));
      await store.write(gone, 'b', 2, block(1, 2));
      await store.write(kept, 'a', 2, block(1, 2, 3));
      await store.delete(gone, 'a');
      await store.delete(gone, 'a');
      assert.equal(await store.read(gone, 'a'), null);
      assert.ok(await store.read(gone, 'b'));
      await store.deleteSubTenant(gone);
      await store.deleteSubTenant(gone);
      assert.equal(await store.read(gone, 'b'), null);
      assert.equal((await store.readRows(gone, 'b', [0])).size, 0);
      sameBits((await store.read(kept, 'a'))?.vectors, block(1, 2, 3));
    });

    it('holds a large batch (the largest legal, 2000 × 3024, unless the harness says fewer rows)', async () => {
      const scope = newScope();
      const rows = harness.largestRows ?? 2000;
      const values = block(rows, 3024, 13);
      await store.write(scope, 'big', 3024, values);
      const read = await store.read(scope, 'big');
      assert.equal(read?.rows, rows);
      sameBits(read?.vectors, values);
      const last = rows - 1;
      sameBits((await store.readRows(scope, 'big', [last, 0])).get(last), row(values, 3024, last));
      await store.delete(scope, 'big');
    });
  });
}
