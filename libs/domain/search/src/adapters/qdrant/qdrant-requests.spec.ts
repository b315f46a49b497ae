import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import {
  collectionConfig,
  modelFromPayload,
  payloadIndexes,
  pointBatches,
  pointId,
  registryPoint,
  scopeFilter,
  searchRequest,
  uuidV5,
} from './qdrant-requests';
import { QdrantVectorIndex } from './qdrant-vector-index';
import { vec } from '@trove/testing';

const scope = { tenantId: 'acme', subTenantId: 'main' };
const scopeConditions = [
  { key: 'tenant_id', match: { value: 'acme' } },
  { key: 'sub_tenant_id', match: { value: 'main' } },
];

describe('Qdrant request builders', () => {
  it('derives RFC 4122 version 5 UUIDs', () => {
    const dns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    assert.equal(uuidV5('www.example.com', dns), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives an id a different, stable point id in every tenant, sub-tenant and space', () => {
    const ids = [
      pointId(scope, 'chunks', 'c1'),
      pointId({ ...scope, tenantId: 'other' }, 'chunks', 'c1'),
      pointId({ ...scope, subTenantId: 'other' }, 'chunks', 'c1'),
      pointId(scope, 'raw', 'c1'),
      pointId(scope, 'chunks', 'c2'),
      // Separators inside ids cannot make two scopes collide.
      pointId({ tenantId: 'a","b', subTenantId: 'c' }, 'chunks', 'd'),
      pointId({ tenantId: 'a', subTenantId: 'b","c' }, 'chunks', 'd'),
    ];
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(pointId(scope, 'chunks', 'c1'), ids[0]);
    for (const id of ids)
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('always confines a filter to the tenant and sub-tenant; narrowing only adds conditions', () => {
    assert.deepEqual(scopeFilter(scope), { must: scopeConditions });
    const narrowing = { sourceIds: ['s1'], kinds: ['memory'], tenantId: 'evil' } as never;
    assert.deepEqual(scopeFilter(scope, narrowing), {
      must: [
        ...scopeConditions,
        { key: 'source_id', match: { any: ['s1'] } },
        { key: 'kind', match: { any: ['memory'] } },
      ],
    });
  });

  it('builds a scoped query for k points with our ids in the payload', () => {
    const request = searchRequest(scope, vec(0.6, 0.8), 7, { sourceIds: ['s'] });
    assert.equal(request.limit, 7);
    assert.deepEqual(request.query, [Float32Array.from([0.6])[0], Float32Array.from([0.8])[0]]);
    assert.deepEqual(request.with_payload, ['chunk_id']);
    assert.deepEqual(request.filter?.must, [...scopeConditions, { key: 'source_id', match: { any: ['s'] } }]);
  });

  it('batches points, keeps the last of a repeated id and writes the scope into every payload', () => {
    const items = ['a', 'b', 'c', 'a', 'd'].map((id, i) => ({
      id,
      sourceId: `s${i}`,
      kind: 'chunk',
      unit: vec(i, 1),
    }));
    const batches = pointBatches(scope, 'chunks', items, 2);
    assert.deepEqual(
      batches.map((b) => b.length),
      [2, 2],
    );
    const a = batches.flat().find((p) => p.id === pointId(scope, 'chunks', 'a'))!;
    assert.deepEqual(a.payload, {
      tenant_id: 'acme',
      sub_tenant_id: 'main',
      chunk_id: 'a',
      source_id: 's3',
      kind: 'chunk',
    });
    assert.deepEqual(a.vector, [3, 1]);
  });

  it('configures a shared collection for multitenancy, with keyword indexes for every filter field', () => {
    assert.deepEqual(collectionConfig(768), {
      vectors: { size: 768, distance: 'Cosine', on_disk: false },
      hnsw_config: { m: 0, payload_m: 16 },
    });
    const fields = payloadIndexes().map((i) => [i.field_name, i.field_schema]);
    assert.deepEqual(fields[0], ['tenant_id', { type: 'keyword', is_tenant: true }]);
    assert.deepEqual(fields.map(([name]) => name).sort(), [
      'chunk_id',
      'kind',
      'source_id',
      'sub_tenant_id',
      'tenant_id',
    ]);
  });

  it('records a space model in a registry point and reads it back', () => {
    const point = registryPoint('acme', 'raw', { modelId: 'm', dimension: 3024 });
    assert.deepEqual(modelFromPayload(point.payload), { modelId: 'm', dimension: 3024 });
    assert.equal(modelFromPayload({ model_id: 'm' }), null);
  });
});

describe('QdrantVectorIndex input checks (no server needed)', () => {
  it('rejects bad models, scopes and k before any request', async () => {
    const index = await QdrantVectorIndex.connect('http://127.0.0.1:9');
    const invalid = (e: unknown) => e instanceof DomainError && e.code === 'INVALID_PARAMETERS';
    await assert.rejects(index.ensureSpace('t', 'chunks', { modelId: '', dimension: 3 }), invalid);
    await assert.rejects(index.ensureSpace('t', 'chunks', { modelId: 'm', dimension: 0 }), invalid);
    await assert.rejects(index.upsert({ tenantId: '', subTenantId: 'x' }, 'chunks', []), invalid);
    await assert.rejects(index.search(scope, 'chunks', vec(1), -1), invalid);
    await index.close();
  });
});
