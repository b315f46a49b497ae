import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  KnnTuning,
  batchesOf,
  cosineOfScore,
  countBySubTenantBody,
  documentId,
  knnSearchBody,
  modelFromDocument,
  numCandidatesFor,
  registryDocument,
  registryId,
  registryIndexName,
  sourcesQuery,
  spaceIndexesOf,
  subTenantQuery,
  vectorDocument,
  vectorIndexBody,
  vectorIndexName,
  vectorOfHit,
  vectorsOfBody,
} from './elasticsearch-vector-requests';

const scope = { tenantId: 'acme', subTenantId: 'team' };
const scopeTerms = [{ term: { tenant_id: 'acme' } }, { term: { sub_tenant_id: 'team' } }];
const int8: KnnTuning = { layout: 'int8_hnsw', numCandidates: 100, oversample: 2 };
const q = Float32Array.from([0.6, 0.8]);

type Knn = { knn: Record<string, unknown> & { filter: unknown[] } };
type Bool = { bool: { filter: unknown[] } };

describe('Elasticsearch vector request builders', () => {
  it('confines every knn search, vector read and delete to the tenant and sub-tenant', () => {
    const filters = [
      (knnSearchBody(scope, q, 5, int8) as Knn).knn.filter,
      (knnSearchBody(scope, q, 5, int8, { sourceIds: ['s'], kinds: ['k'] }) as Knn).knn.filter,
      (vectorsOfBody(scope, ['a']) as { query: Bool }).query.bool.filter,
      (sourcesQuery(scope, ['s']) as Bool).bool.filter,
      (subTenantQuery(scope) as Bool).bool.filter,
    ];
    for (const filter of filters) assert.deepEqual(filter.slice(0, 2), scopeTerms);
  });

  it('puts the scope and the narrowing inside the knn filter, never a post-filter', () => {
    const body = knnSearchBody(scope, q, 7, int8, { sourceIds: ['s1'], kinds: ['memory'] });
    assert.deepEqual(body, {
      size: 7,
      track_total_hits: false,
      _source: ['chunk_id'],
      knn: {
        field: 'vector',
        query_vector: [Math.fround(0.6), Math.fround(0.8)],
        k: 7,
        num_candidates: 70,
        filter: [...scopeTerms, { terms: { source_id: ['s1'] } }, { terms: { kind: ['memory'] } }],
        rescore_vector: { oversample: 2 },
      },
    });
    assert.equal('query' in body, false);
    assert.equal('post_filter' in body, false);
  });

  it('rescores only quantised layouts, and scales candidates with k inside Elasticsearch’s limits', () => {
    const hnsw = knnSearchBody(scope, q, 10, { ...int8, layout: 'hnsw' }) as Knn;
    assert.equal('rescore_vector' in hnsw.knn, false);
    assert.equal(numCandidatesFor(10, int8), 100);
    assert.equal(numCandidatesFor(1, int8), 10);
    assert.equal(numCandidatesFor(50, int8), 500);
    assert.equal(numCandidatesFor(10, { ...int8, numCandidates: 5 }), 10);
    assert.equal(numCandidatesFor(5000, int8), 10_000);
    const big = knnSearchBody(scope, q, 50_000, int8) as Knn & { size: number };
    assert.equal(big.size, 10_000);
    assert.equal(big.knn['k'], 10_000);
  });

  it('turns a dot_product score of unit vectors back into the cosine, in [-1, 1]', () => {
    assert.equal(cosineOfScore(1), 1);
    assert.equal(cosineOfScore(0.5), 0);
    assert.equal(cosineOfScore(0), -1);
    assert.ok(Math.abs(cosineOfScore(0.8535534) - Math.SQRT1_2) < 1e-6);
    assert.equal(cosineOfScore(1.0000001), 1);
    assert.equal(cosineOfScore(-0.01), -1);
    assert.equal(cosineOfScore(null), -1);
  });

  it('maps a shared dot_product index per dimension, vectors out of _source, routing required', () => {
    const body = vectorIndexBody(384, 'int8_hnsw') as {
      settings: Record<string, unknown>;
      mappings: { _routing: unknown; _source: unknown; properties: Record<string, Record<string, unknown>> };
    };
    assert.deepEqual(body.mappings._routing, { required: true });
    assert.deepEqual(body.mappings._source, { excludes: ['vector'] });
    assert.deepEqual(body.mappings.properties['vector'], {
      type: 'dense_vector',
      dims: 384,
      index: true,
      similarity: 'dot_product',
      index_options: { type: 'int8_hnsw', m: 16, ef_construction: 100 },
    });
    for (const field of ['tenant_id', 'sub_tenant_id', 'chunk_id', 'source_id', 'kind']) {
      assert.deepEqual(body.mappings.properties[field], { type: 'keyword' });
    }
    const flat = vectorIndexBody(8, 'int8_flat', { shards: 3 }) as typeof body;
    assert.deepEqual(flat.mappings.properties['vector']!['index_options'], { type: 'int8_flat' });
    assert.equal(flat.settings['number_of_shards'], 3);
  });

  it('names indexes per prefix, space and dimension, and recognises only its own prefix’s', () => {
    assert.equal(vectorIndexName('trove-vectors', 'chunks-alt', 384), 'trove-vectors-chunks-alt-384');
    assert.equal(registryIndexName('trove-vectors'), 'trove-vectors-spaces');
    const names = [
      'trove-vectors-chunks-384',
      'trove-vectors-chunks-alt-768',
      'trove-vectors-raw-3',
      'trove-vectors-spaces',
      'trove-vectors-test-1-chunks-4',
      'trove-vectors-other-4',
      'trove-vectorsx-chunks-4',
    ];
    assert.deepEqual(spaceIndexesOf('trove-vectors', names), [
      'trove-vectors-chunks-384',
      'trove-vectors-chunks-alt-768',
      'trove-vectors-raw-3',
    ]);
    assert.deepEqual(spaceIndexesOf('trove-vectors-test-1', names), ['trove-vectors-test-1-chunks-4']);
    assert.deepEqual(spaceIndexesOf('a.b', ['axb-raw-4', 'a.b-raw-4']), ['a.b-raw-4']);
  });

  it('hashes scope and id into _ids, and tenant and space into registry ids', () => {
    assert.notEqual(documentId(scope, 'x'), documentId({ ...scope, subTenantId: 'other' }, 'x'));
    assert.notEqual(documentId(scope, 'x'), documentId({ ...scope, tenantId: 'other' }, 'x'));
    assert.equal(documentId(scope, 'x'), documentId({ ...scope }, 'x'));
    assert.notEqual(registryId('acme', 'chunks'), registryId('acme', 'raw'));
    assert.notEqual(registryId('acme', 'chunks'), registryId('other', 'chunks'));
  });

  it('round-trips a space model through its registry document', () => {
    const doc = registryDocument('acme', 'raw', { modelId: 'm', dimension: 3 });
    assert.deepEqual(doc, { tenant_id: 'acme', space: 'raw', model_id: 'm', dimension: 3 });
    assert.deepEqual(modelFromDocument(doc), { modelId: 'm', dimension: 3 });
    assert.equal(modelFromDocument(undefined), null);
    assert.equal(modelFromDocument({ model_id: 'm' }), null);
  });

  it('writes whole documents, reads vectors from doc values, counts inside the tenant', () => {
    const unit = Float32Array.from([0, 1]);
    assert.deepEqual(vectorDocument(scope, { id: 'c', sourceId: 's', kind: 'chunk', unit }), {
      tenant_id: 'acme',
      sub_tenant_id: 'team',
      chunk_id: 'c',
      source_id: 's',
      kind: 'chunk',
      vector: [0, 1],
    });
    assert.deepEqual(vectorsOfBody(scope, ['a', 'b']), {
      size: 2,
      track_total_hits: false,
      _source: ['chunk_id'],
      docvalue_fields: ['vector'],
      query: { bool: { filter: [...scopeTerms, { terms: { chunk_id: ['a', 'b'] } }] } },
    });
    assert.deepEqual([...vectorOfHit({ vector: [[0.6, 0.8]] })!], [Math.fround(0.6), Math.fround(0.8)]);
    assert.deepEqual([...vectorOfHit({ vector: [0, 1] })!], [0, 1]);
    assert.equal(vectorOfHit(undefined), null);
    assert.equal(vectorOfHit({ vector: [['x']] }), null);
    assert.deepEqual(countBySubTenantBody('acme', 50), {
      size: 0,
      query: { bool: { filter: [{ term: { tenant_id: 'acme' } }] } },
      aggs: { sub_tenants: { terms: { field: 'sub_tenant_id', size: 50 } } },
    });
  });

  it('batches items by id, the last of a repeated id winning', () => {
    const items = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'a', n: 3 },
      { id: 'c', n: 4 },
    ];
    assert.deepEqual(batchesOf(items, 2), [
      [
        { id: 'a', n: 3 },
        { id: 'b', n: 2 },
      ],
      [{ id: 'c', n: 4 }],
    ]);
    assert.deepEqual(batchesOf([], 2), []);
  });
});
