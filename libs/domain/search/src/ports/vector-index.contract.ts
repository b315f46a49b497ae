import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { bruteForce, clusteredVectors, vec } from '@trove/testing';
import { IndexScope, SpaceModel } from './index-scope';
import { VectorIndex, VectorItem } from './vector-index';

/** One adapter over its storage, and a way to open a second instance over the same storage. */
export interface VectorIndexHarness {
  index: VectorIndex;
  /** Closes `index` and returns a new instance over the same storage (the restart case). */
  reopen(): Promise<VectorIndex>;
  /** Closes whatever instance is current and removes the storage. */
  dispose(): Promise<void>;
}
export type VectorIndexFactory = () => Promise<VectorIndexHarness>;

const MODEL: SpaceModel = { modelId: 'test-embedder', dimension: 4 };
const item = (id: string, vector: Float32Array, sourceId = 's1', kind = 'chunk'): VectorItem => ({
  id,
  sourceId,
  kind,
  vector,
});
const ids = (hits: { id: string }[]): string[] => hits.map((h) => h.id);
const isCode = (code: string) => (error: unknown) => error instanceof DomainError && error.code === code;

/** The behaviour every VectorIndex adapter must show; run against the embedded index and Qdrant. */
export function describeVectorIndex(name: string, open: VectorIndexFactory): void {
  describe(`VectorIndex contract: ${name}`, () => {
    let harness: VectorIndexHarness;
    let index: VectorIndex;
    // Every test has its own tenants, so the suite may share one server with other runs.
    const newTenant = async (model: SpaceModel = MODEL): Promise<IndexScope> => {
      const scope = { tenantId: `t-${randomUUID()}`, subTenantId: 'main' };
      await index.ensureSpace(scope.tenantId, 'chunks', model);
      return scope;
    };

    before(async () => {
      harness = await open();
      index = harness.index;
    });
    after(async () => {
      await harness.dispose();
    });

    it('records the model of a space on first use and refuses another model or dimension', async () => {
      const tenantId = `t-${randomUUID()}`;
      assert.equal(await index.spaceModel(tenantId, 'chunks'), null);
      await index.ensureSpace(tenantId, 'chunks', MODEL);
      await index.ensureSpace(tenantId, 'chunks', { ...MODEL });
      assert.deepEqual(await index.spaceModel(tenantId, 'chunks'), MODEL);
      await assert.rejects(index.ensureSpace(tenantId, 'chunks', { modelId: 'other', dimension: 4 }), (e) => {
        assert.ok(isCode('DIMENSION_MISMATCH')(e));
        assert.match((e as Error).message, /test-embedder/);
        assert.match((e as Error).message, /other/);
        return true;
      });
      await assert.rejects(
        index.ensureSpace(tenantId, 'chunks', { modelId: 'test-embedder', dimension: 8 }),
        (e) =>
          isCode('DIMENSION_MISMATCH')(e) &&
          /4 dimensions/.test((e as Error).message) &&
          /8/.test((e as Error).message),
      );
      // Spaces and tenants are independent.
      await index.ensureSpace(tenantId, 'raw', { modelId: 'caller-model', dimension: 6 });
      assert.deepEqual(await index.spaceModel(tenantId, 'raw'), { modelId: 'caller-model', dimension: 6 });
      await index.ensureSpace(`t-${randomUUID()}`, 'chunks', { modelId: 'other', dimension: 8 });
      assert.deepEqual(await index.spaceModel(tenantId, 'chunks'), MODEL);
    });

    it('refuses vectors and queries of the wrong dimension, and writes before the model is known', async () => {
      const scope = await newTenant();
      await assert.rejects(
        index.upsert(scope, 'chunks', [item('a', vec(1, 0, 0))]),
        isCode('DIMENSION_MISMATCH'),
      );
      await assert.rejects(
        index.search(scope, 'chunks', vec(1, 0, 0, 0, 0), 3),
        isCode('DIMENSION_MISMATCH'),
      );
      await assert.rejects(index.upsert(scope, 'raw', [item('a', vec(1, 0, 0, 0))]), DomainError);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(scope.tenantId, 'chunks')), {});
    });

    it('returns nothing from an empty index, an unknown sub-tenant or a space without a model', async () => {
      const scope = await newTenant();
      assert.deepEqual(await index.search(scope, 'chunks', vec(1, 0, 0, 0), 10), []);
      await index.upsert(scope, 'chunks', [item('a', vec(1, 0, 0, 0))]);
      assert.deepEqual(
        await index.search({ ...scope, subTenantId: 'nobody' }, 'chunks', vec(1, 0, 0, 0), 10),
        [],
      );
      assert.deepEqual(await index.search(scope, 'raw', vec(1, 0, 0, 0), 10), []);
      assert.deepEqual(await index.search(scope, 'chunks', vec(1, 0, 0, 0), 0), []);
    });

    it('ranks by cosine similarity, best first, with scores in [-1, 1]', async () => {
      const scope = await newTenant();
      await index.upsert(scope, 'chunks', [
        item('opposite', vec(-2, 0, 0, 0)),
        item('same', vec(3, 0, 0, 0)),
        item('diagonal', vec(1, 1, 0, 0)),
        item('orthogonal', vec(0, 0, 5, 0)),
      ]);
      const hits = await index.search(scope, 'chunks', vec(1, 0, 0, 0), 10);
      assert.deepEqual(ids(hits), ['same', 'diagonal', 'orthogonal', 'opposite']);
      const expected = [1, Math.SQRT1_2, 0, -1];
      hits.forEach((hit, i) =>
        assert.ok(Math.abs(hit.score - expected[i]!) < 1e-3, `${hit.id}: ${hit.score}`),
      );
      assert.deepEqual(ids(await index.search(scope, 'chunks', vec(0, 0, 1, 0), 1)), ['orthogonal']);
    });

    it('finds the same neighbours as exact search on clustered data, k larger than the data included', async () => {
      const tenantId = `t-${randomUUID()}`;
      const scope = { tenantId, subTenantId: 'main' };
      const d = 32;
      await index.ensureSpace(tenantId, 'chunks', { modelId: 'm', dimension: d });
      const data = clusteredVectors(600, d, 7);
      await index.upsert(
        scope,
        'chunks',
        data.map((v, i) => item(`c${i}`, v, `s${i % 20}`)),
      );
      let hits = 0;
      for (const query of clusteredVectors(20, d, 8)) {
        const got = await index.search(scope, 'chunks', query, 10);
        const want = bruteForce(data, query, 10);
        hits += got.filter((h) => want.some((w) => `c${w.index}` === h.id)).length;
        for (const h of got) {
          const exact = bruteForce([data[Number(h.id.slice(1))]!], query, 1)[0]!.score;
          assert.ok(Math.abs(h.score - exact) < 1e-3, `score of ${h.id} is the cosine`);
        }
      }
      assert.ok(hits / 200 >= 0.9, `recall@10 ${hits / 200}`);
      const all = await index.search(scope, 'chunks', data[0]!, 1000);
      assert.equal(all.length, 600);
      assert.equal(new Set(ids(all)).size, 600);
      assert.ok(all.every((h, i) => i === 0 || all[i - 1]!.score >= h.score));
    });

    it('replaces an item by id', async () => {
      const scope = await newTenant();
      await index.upsert(scope, 'chunks', [item('a', vec(1, 0, 0, 0), 'old'), item('b', vec(0, 1, 0, 0))]);
      await index.upsert(scope, 'chunks', [item('a', vec(0, 0, 1, 0), 'new')]);
      const hits = await index.search(scope, 'chunks', vec(0, 0, 1, 0), 10);
      assert.deepEqual(ids(hits), ['a', 'b']);
      assert.ok(hits[0]!.score > 0.999);
      assert.deepEqual(await index.search(scope, 'chunks', vec(0, 0, 1, 0), 10, { sourceIds: ['old'] }), []);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(scope.tenantId, 'chunks')), {
        main: 2,
      });
    });

    it('gives back the stored unit vectors of the asked ids in this scope only, as replaced', async () => {
      const scope = await newTenant();
      const other = { ...scope, subTenantId: 'other' };
      await index.upsert(scope, 'chunks', [item('a', vec(3, 4, 0, 0)), item('b', vec(0, 1, 0, 0))]);
      await index.upsert(scope, 'chunks', [item('b', vec(0, 0, 2, 0))]);
      await index.upsert(other, 'chunks', [item('c', vec(1, 0, 0, 0))]);
      const found = await index.vectorsOf(scope, 'chunks', ['a', 'b', 'c', 'missing', 'a']);
      assert.deepEqual([...found.keys()].sort(), ['a', 'b']);
      const close = (got: Float32Array | undefined, want: number[]) =>
        assert.ok(
          got && got.length === want.length && want.every((x, i) => Math.abs(got[i]! - x) < 1e-5),
          `${got ? [...got].join(',') : 'none'} is not ${want.join(',')}`,
        );
      close(found.get('a'), [0.6, 0.8, 0, 0]);
      close(found.get('b'), [0, 0, 1, 0]);
      assert.deepEqual([...(await index.vectorsOf(other, 'chunks', ['a', 'c'])).keys()], ['c']);
      assert.equal((await index.vectorsOf(scope, 'chunks', [])).size, 0);
      assert.equal((await index.vectorsOf(scope, 'raw', ['a'])).size, 0);
    });

    it('never returns another tenant’s items, even with identical ids and vectors', async () => {
      const a = await newTenant();
      const b = await newTenant();
      await index.upsert(a, 'chunks', [item('shared', vec(1, 0, 0, 0)), item('only-a', vec(1, 0.1, 0, 0))]);
      await index.upsert(b, 'chunks', [item('shared', vec(1, 0, 0, 0)), item('only-b', vec(1, 0.1, 0, 0))]);
      assert.deepEqual(ids(await index.search(a, 'chunks', vec(1, 0, 0, 0), 10)), ['shared', 'only-a']);
      assert.deepEqual(ids(await index.search(b, 'chunks', vec(1, 0, 0, 0), 10)), ['shared', 'only-b']);
      assert.equal(await index.deleteByIds(a, 'chunks', ['shared']), 1);
      assert.deepEqual(ids(await index.search(b, 'chunks', vec(1, 0, 0, 0), 10)), ['shared', 'only-b']);
    });

    it('never returns another sub-tenant’s items, and deleting a sub-tenant erases only its own', async () => {
      const a = await newTenant();
      const b = { ...a, subTenantId: 'other' };
      const same = vec(0, 1, 0, 0);
      await index.upsert(a, 'chunks', [item('x', same), item('a1', vec(0, 1, 0.1, 0))]);
      await index.upsert(b, 'chunks', [item('x', same), item('b1', vec(0, 1, 0.1, 0))]);
      await index.ensureSpace(a.tenantId, 'raw', { modelId: 'raw-model', dimension: 2 });
      await index.upsert(a, 'raw', [item('r', vec(1, 0))]);
      assert.deepEqual(ids(await index.search(a, 'chunks', same, 10)), ['x', 'a1']);
      assert.deepEqual(ids(await index.search(b, 'chunks', same, 10)), ['x', 'b1']);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId, 'chunks')), {
        main: 2,
        other: 2,
      });
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId, 'raw')), { main: 1 });

      await index.deleteSubTenant(a);
      assert.deepEqual(await index.search(a, 'chunks', same, 10), []);
      assert.deepEqual(await index.search(a, 'raw', vec(1, 0), 10), []);
      assert.deepEqual(ids(await index.search(b, 'chunks', same, 10)), ['x', 'b1']);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId, 'chunks')), { other: 2 });
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId, 'raw')), {});
      // The space model belongs to the tenant and survives; the sub-tenant can start again.
      await index.upsert(a, 'chunks', [item('fresh', same)]);
      assert.deepEqual(ids(await index.search(a, 'chunks', same, 10)), ['fresh']);
    });

    it('keeps a tenant’s raw space apart from its chunk space, each with its own dimension', async () => {
      const scope = await newTenant();
      const other = await newTenant();
      await index.ensureSpace(scope.tenantId, 'raw', { modelId: 'caller-provided', dimension: 3 });
      await index.ensureSpace(other.tenantId, 'raw', { modelId: 'caller-provided', dimension: 2 });
      await index.upsert(scope, 'chunks', [item('same-id', vec(1, 0, 0, 0))]);
      await index.upsert(scope, 'raw', [item('same-id', vec(0, 0, 1)), item('raw-only', vec(0, 1, 0))]);
      await index.upsert(other, 'raw', [item('same-id', vec(1, 0))]);
      assert.deepEqual(ids(await index.search(scope, 'chunks', vec(1, 0, 0, 0), 10)), ['same-id']);
      assert.deepEqual(ids(await index.search(scope, 'raw', vec(0, 0.1, 1), 10)), ['same-id', 'raw-only']);
      assert.deepEqual(ids(await index.search(other, 'raw', vec(1, 0), 10)), ['same-id']);
      await assert.rejects(index.search(scope, 'raw', vec(1, 0, 0, 0), 10), isCode('DIMENSION_MISMATCH'));
      assert.equal(await index.deleteBySources(scope, 'raw', ['s1']), 2);
      assert.deepEqual(ids(await index.search(scope, 'chunks', vec(1, 0, 0, 0), 10)), ['same-id']);
      assert.deepEqual(ids(await index.search(other, 'raw', vec(1, 0), 10)), ['same-id']);
    });

    it('filters by sources and kinds without returning fewer than k when enough match', async () => {
      const scope = await newTenant();
      const near = Array.from({ length: 30 }, (_, i) => item(`near${i}`, vec(1, 0.01 * i, 0, 0), 'noise'));
      const wanted = Array.from({ length: 5 }, (_, i) =>
        item(`w${i}`, vec(0.2, 1, 0.01 * i, 0), 'doc', i % 2 ? 'inferred' : 'original'),
      );
      await index.upsert(scope, 'chunks', [
        ...near,
        ...wanted,
        item('m', vec(0.3, 1, 0, 0), 'memo', 'inferred'),
      ]);
      const q = vec(1, 0, 0, 0);
      const bySource = await index.search(scope, 'chunks', q, 3, { sourceIds: ['doc'] });
      assert.equal(bySource.length, 3);
      assert.ok(bySource.every((h) => h.id.startsWith('w')));
      const byKind = await index.search(scope, 'chunks', q, 10, { kinds: ['inferred'] });
      assert.deepEqual(ids(byKind).sort(), ['m', 'w1', 'w3']);
      const both = await index.search(scope, 'chunks', q, 10, {
        sourceIds: ['doc', 'memo'],
        kinds: ['original'],
      });
      assert.deepEqual(ids(both).sort(), ['w0', 'w2', 'w4']);
      assert.deepEqual(await index.search(scope, 'chunks', q, 10, { sourceIds: ['missing'] }), []);
      assert.deepEqual(await index.search(scope, 'chunks', q, 10, { sourceIds: [] }), []);
      assert.deepEqual(await index.search(scope, 'chunks', q, 10, { kinds: [] }), []);
    });

    it('deletes by sources and by ids, returning how many existed', async () => {
      const scope = await newTenant();
      await index.upsert(scope, 'chunks', [
        item('a', vec(1, 0, 0, 0), 's1'),
        item('b', vec(0, 1, 0, 0), 's1'),
        item('c', vec(0, 0, 1, 0), 's2'),
        item('d', vec(0, 0, 0, 1), 's3'),
      ]);
      assert.equal(await index.deleteBySources(scope, 'chunks', ['s1', 'unknown']), 2);
      assert.equal(await index.deleteBySources(scope, 'chunks', ['s1']), 0);
      assert.equal(await index.deleteByIds(scope, 'chunks', ['c', 'zzz']), 1);
      assert.equal(await index.deleteByIds({ ...scope, subTenantId: 'nobody' }, 'chunks', ['d']), 0);
      assert.deepEqual(ids(await index.search(scope, 'chunks', vec(1, 1, 1, 1), 10)), ['d']);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(scope.tenantId, 'chunks')), {
        main: 1,
      });
    });

    it('stays consistent under concurrent upserts, searches and deletes', async () => {
      const scope = await newTenant({ modelId: 'm', dimension: 16 });
      const data = clusteredVectors(400, 16, 3);
      const writes = Array.from({ length: 8 }, (_, w) =>
        index.upsert(
          scope,
          'chunks',
          data.slice(w * 50, (w + 1) * 50).map((v, i) => item(`c${w * 50 + i}`, v, `s${w}`)),
        ),
      );
      const reads = data.slice(0, 8).map((q) => index.search(scope, 'chunks', q, 5));
      await Promise.all([...writes, ...reads]);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(scope.tenantId, 'chunks')), {
        main: 400,
      });
      const [removed] = await Promise.all([
        index.deleteBySources(scope, 'chunks', ['s0']),
        index.upsert(scope, 'chunks', [item('late', data[0]!, 'late')]),
      ]);
      assert.equal(removed, 50);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(scope.tenantId, 'chunks')), {
        main: 351,
      });
      assert.equal((await index.search(scope, 'chunks', data[0]!, 1))[0]?.id, 'late');
    });

    it('drops one space of a tenant in every sub-tenant, and forgets its model, leaving the others', async () => {
      const scope = await newTenant();
      const other = { tenantId: scope.tenantId, subTenantId: 'second' };
      const alt: SpaceModel = { modelId: 'another-embedder', dimension: 3 };
      await index.ensureSpace(scope.tenantId, 'chunks-alt', alt);
      await index.upsert(scope, 'chunks', [item('a', vec(1, 0, 0, 0))]);
      await index.upsert(other, 'chunks', [item('b', vec(0, 1, 0, 0))]);
      await index.upsert(scope, 'chunks-alt', [item('a', vec(1, 0, 0))]);
      const neighbour = await newTenant();
      await index.upsert(neighbour, 'chunks', [item('n', vec(1, 0, 0, 0))]);

      await index.dropSpace(scope.tenantId, 'chunks');
      assert.equal(await index.spaceModel(scope.tenantId, 'chunks'), null);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(scope.tenantId, 'chunks')), {});
      assert.deepEqual(ids(await index.search(scope, 'chunks-alt', vec(1, 0, 0), 5)), ['a']);
      assert.deepEqual(ids(await index.search(neighbour, 'chunks', vec(1, 0, 0, 0), 5)), ['n']);
      // The space can be built again, with another model.
      await index.ensureSpace(scope.tenantId, 'chunks', alt);
      await index.upsert(other, 'chunks', [item('c', vec(0, 0, 1))]);
      assert.deepEqual(ids(await index.search(other, 'chunks', vec(0, 0, 1), 5)), ['c']);
    });

    it('keeps items, deletions and models across a restart', async () => {
      const scope = await newTenant();
      await index.upsert(scope, 'chunks', [
        item('a', vec(1, 0, 0, 0)),
        item('b', vec(0, 1, 0, 0), 's2'),
        item('c', vec(0.9, 0.1, 0, 0)),
      ]);
      await index.deleteByIds(scope, 'chunks', ['c']);
      const before = await index.search(scope, 'chunks', vec(1, 0.2, 0, 0), 10);
      index = await harness.reopen();
      assert.deepEqual(await index.spaceModel(scope.tenantId, 'chunks'), MODEL);
      assert.deepEqual(await index.search(scope, 'chunks', vec(1, 0.2, 0, 0), 10), before);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(scope.tenantId, 'chunks')), {
        main: 2,
      });
      await assert.rejects(
        index.ensureSpace(scope.tenantId, 'chunks', { modelId: 'x', dimension: 4 }),
        DomainError,
      );
      await index.upsert(scope, 'chunks', [item('d', vec(0, 0, 1, 0))]);
      assert.equal((await index.search(scope, 'chunks', vec(0, 0, 1, 0), 1))[0]?.id, 'd');
    });
  });
}
