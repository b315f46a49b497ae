import { NgramHashingEmbedder } from '@trove/embeddings';
import { PgliteDatabase } from '@trove/platform-database';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SqlGraphStore } from '../adapters/sql/sql-graph-store';
import { GraphContextBuilder } from '../context/graph-context';
import { OfflineExtractor } from '../extraction/offline/offline-extractor';
import { GraphSettings } from '../graph-settings';
import { GraphService } from '../graph.service';
import { compatiblePersonNames, SimilarNames } from './similar-names';

describe('compatiblePersonNames', () => {
  it('takes initials, middle names and the same suffix; never another first name or Jr. against Sr.', () => {
    for (const [a, b] of [
      ['Gerald Ford', 'Gerald R. Ford'],
      ['Henry J. Kaiser', 'Henry John Kaiser'],
      ['Mikhail Gorbachev', 'Mikhail Sergeyevich Gorbachev'],
      ['G. Ford', 'Gerald Ford'],
      ['Martin Luther King Jr.', 'Martin L. King Jr.'],
    ])
      assert.equal(compatiblePersonNames(a!, b!), true, `${a} ~ ${b}`);
    for (const [a, b] of [
      ['Marie Curie', 'Pierre Curie'],
      ['Edgar Kaiser Jr.', 'Edgar Kaiser Sr.'],
      ['Ed Wood', 'Ed Wood Sr.'],
      ['Henry John Kaiser', 'Henry James Kaiser'],
      ['Robert Erskine Childers', 'Erskine Hamilton Childers'],
      ['Curie', 'Marie Curie'],
    ])
      assert.equal(compatiblePersonNames(a!, b!), false, `${a} ≁ ${b}`);
  });
});

describe('GraphService with entity resolution by similarity (PGlite store, hashing embedder)', () => {
  const scope = { tenant_id: 'acme', sub_tenant_id: 'history' };
  const extract = (source_id: string, text: string, sub = scope.sub_tenant_id) => ({
    ...scope,
    sub_tenant_id: sub,
    source_id,
    chunks: [{ chunk_id: `${source_id}_0`, text }],
    reference_time: '2026-01-01T00:00:00Z',
  });
  let db: PgliteDatabase;
  let service: GraphService;
  let store: SqlGraphStore;

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    store = new SqlGraphStore(db);
    await store.migrate();
    service = new GraphService(
      store,
      new OfflineExtractor(),
      new GraphContextBuilder(store),
      new GraphSettings(),
      new SimilarNames(store, new NgramHashingEmbedder(), { minCosine: 0.5 }),
    );
  });
  after(() => db.close());

  const personOf = async (source_id: string, name: string, sub = scope.sub_tenant_id) => {
    const triplets = await service.relationsBySource({ ...scope, sub_tenant_id: sub, source_id });
    const entity = triplets.flatMap((t) => [t.source, t.target]).find((e) => e.name === name);
    assert.ok(entity, `${name} in ${source_id}`);
    return entity;
  };

  it('makes "Gerald R. Ford" in a second source the Gerald Ford of the first', async () => {
    await service.extract(extract('a', 'Gerald Ford was born in Omaha.'));
    await service.extract(extract('b', 'Gerald R. Ford lived in Michigan.'));
    assert.equal(
      (await personOf('b', 'Gerald Ford')).entity_id,
      (await personOf('a', 'Gerald Ford')).entity_id,
    );
  });

  it('keeps father and son, and two people of one surname, apart', async () => {
    await service.extract(extract('c', 'Edgar Kaiser Sr. was born in Spokane.'));
    await service.extract(extract('d', 'Edgar Kaiser Jr. was born in Vancouver.'));
    assert.notEqual(
      (await personOf('c', 'Edgar Kaiser Sr.')).entity_id,
      (await personOf('d', 'Edgar Kaiser Jr.')).entity_id,
    );
    await service.extract(extract('e', 'Marie Curie was born in Warsaw.'));
    await service.extract(extract('f', 'Pierre Curie was born in Paris.'));
    assert.notEqual(
      (await personOf('e', 'Marie Curie')).entity_id,
      (await personOf('f', 'Pierre Curie')).entity_id,
    );
  });

  it('never joins an entity of another sub-tenant', async () => {
    await service.extract(extract('g', 'Gerald R. Ford lived in Michigan.', 'other'));
    assert.notEqual(
      (await personOf('g', 'Gerald R. Ford', 'other')).entity_id,
      (await personOf('a', 'Gerald Ford')).entity_id,
    );
  });

  it('leaves names apart when their embeddings are not alike enough', async () => {
    const strict = new GraphService(
      store,
      new OfflineExtractor(),
      new GraphContextBuilder(store),
      new GraphSettings(),
      new SimilarNames(store, new NgramHashingEmbedder(), { minCosine: 0.999 }),
    );
    await strict.extract(extract('h', 'Gerald Rudolph Ford lived in Washington.'));
    assert.notEqual(
      (await personOf('h', 'Gerald Rudolph Ford')).entity_id,
      (await personOf('a', 'Gerald Ford')).entity_id,
    );
  });
});
