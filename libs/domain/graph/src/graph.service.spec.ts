import { DomainError } from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SqlGraphStore } from './adapters/sql/sql-graph-store';
import { GraphContextBuilder } from './context/graph-context';
import { OfflineExtractor } from './extraction/offline/offline-extractor';
import { GraphSettings } from './graph-settings';
import { GraphService } from './graph.service';

const scope = { tenant_id: 'acme', sub_tenant_id: 'films' };
const extract = (source_id: string, ...texts: string[]) => ({
  ...scope,
  source_id,
  chunks: texts.map((text, i) => ({ chunk_id: `${source_id}_${i}`, text })),
  reference_time: '2026-01-01T00:00:00Z',
});

describe('GraphService (PGlite store, offline extractor)', () => {
  let db: PgliteDatabase;
  let service: GraphService;

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    const store = new SqlGraphStore(db);
    await store.migrate();
    service = new GraphService(
      store,
      new OfflineExtractor(),
      new GraphContextBuilder(store),
      new GraphSettings(),
    );
  });
  after(() => db.close());

  it('extracts a source into relations read back by source id, and replaces them on the next extraction', async () => {
    const first = await service.extract(
      extract('bio', 'Marie Curie was born in Warsaw. She moved to Paris.'),
    );
    assert.deepEqual(first, { entities: 3, relations: 2, extractor: 'offline' });
    const triplets = await service.relationsBySource({ ...scope, source_id: 'bio' });
    assert.deepEqual(
      triplets.map((t) => [t.chunk_id, t.source.name, t.relations[0]!.canonical_predicate, t.target.name]),
      [
        ['bio_0', 'Marie Curie', 'born in', 'Warsaw'],
        ['bio_0', 'Marie Curie', 'lives in', 'Paris'],
      ],
    );
    await service.extract(extract('bio', 'Marie Curie studied at the Sorbonne.'));
    const replaced = await service.relationsBySource({ ...scope, source_id: 'bio' });
    assert.deepEqual(
      replaced.map((t) => t.target.name),
      ['Sorbonne'],
    );
    assert.deepEqual((await service.counts('acme')).by_sub_tenant, { films: { entities: 2, relations: 1 } });
  });

  it('answers a two-hop question with the path through the bridge entity, and groups chunks by path', async () => {
    await service.extract(extract('film', 'Scott Derrickson directed Doctor Strange.'));
    await service.extract(extract('cast', 'Doctor Strange stars Benedict Cumberbatch.'));
    const context = await service.graphContext({
      ...scope,
      query: 'which actor starred in the film directed by scott derrickson?',
      chunk_ids: ['film_0'],
    });
    const twoHop = context.query_paths.find((p) => p.triplets.length === 2);
    assert.ok(twoHop, 'a path of two relations');
    assert.deepEqual(
      twoHop.triplets.map((t) => [t.source.name, t.relation.canonical_predicate, t.target.name]),
      [
        ['Scott Derrickson', 'created', 'Doctor Strange'],
        ['Doctor Strange', 'stars', 'Benedict Cumberbatch'],
      ],
    );
    assert.match(twoHop.combined_context, /directed Doctor Strange\. .*stars Benedict Cumberbatch/);
    const best = context.query_paths[0]!;
    assert.ok(best.relevancy_score > 0 && best.relevancy_score <= 1);
    assert.ok(
      context.query_paths.every(
        (p, i) => i === 0 || p.relevancy_score <= context.query_paths[i - 1]!.relevancy_score,
      ),
    );
    assert.ok(context.chunk_id_to_group_ids['cast_0']?.includes(twoHop.group_id));
    assert.deepEqual(
      context.chunk_relations.map((r) => [r.source.name, r.relation.canonical_predicate, r.target.name]),
      [['Scott Derrickson', 'created', 'Doctor Strange']],
    );
    const nothing = await service.graphContext({ ...scope, query: 'the weather in spring', chunk_ids: [] });
    assert.deepEqual(nothing, { query_paths: [], chunk_relations: [], chunk_id_to_group_ids: {} });
  });

  it('keeps sub-tenants apart and deletes cleanly', async () => {
    const other = { tenant_id: 'acme', sub_tenant_id: 'other' };
    assert.deepEqual(await service.relationsBySource({ ...other, source_id: 'film' }), []);
    const elsewhere = await service.graphContext({
      ...other,
      query: 'Scott Derrickson',
      chunk_ids: ['film_0'],
    });
    assert.deepEqual(elsewhere.query_paths, []);
    assert.deepEqual(elsewhere.chunk_relations, []);
    assert.deepEqual(await service.deleteSources({ ...scope, source_ids: ['film', 'nope'] }), { deleted: 1 });
    assert.deepEqual(await service.relationsBySource({ ...scope, source_id: 'film' }), []);
    await service.deleteSubTenant('acme', 'films');
    assert.deepEqual((await service.counts('acme')).by_sub_tenant, {});
  });

  it('refuses malformed requests with a VALIDATION_ERROR naming the fields', async () => {
    const bad = [
      { ...extract('x', 'text'), source_id: '' },
      { ...extract('x', 'text'), chunks: 'nope' },
      { ...extract('x', 'text'), reference_time: 'yesterday-ish' },
      { ...extract('x', 'text'), tenant_id: 42 },
    ];
    for (const request of bad) {
      await assert.rejects(service.extract(request as never), (error: unknown) => {
        assert.ok(error instanceof DomainError);
        assert.equal(error.code, 'VALIDATION_ERROR');
        return true;
      });
    }
    await assert.rejects(service.graphContext({ ...scope, query: 5, chunk_ids: [] } as never), DomainError);
    await assert.rejects(service.deleteSources({ ...scope, source_ids: [1] } as never), DomainError);
  });
});
