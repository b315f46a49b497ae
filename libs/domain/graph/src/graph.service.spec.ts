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

  it("re-ranks the context request's chunks with `rank`: the ranking, best first, and the context of the kept ones", async () => {
    const ranking = { tenant_id: 'acme', sub_tenant_id: 'ranking' };
    const put = (source_id: string, text: string) =>
      service.extract({ ...extract(source_id, text), ...ranking });
    await put('roster', 'Ada Lovelace and Charles Babbage are on the reading list; Babbage comes first.');
    await put('partners', 'Ada Lovelace worked with Charles Babbage on the Analytical Engine.');
    const request = {
      ...ranking,
      query: 'Ada Lovelace Charles Babbage',
      chunk_ids: ['roster_0', 'partners_0'],
    };

    const plain = await service.graphContext(request);
    assert.equal(plain.ranking, undefined);
    assert.ok(plain.chunk_relations.some((r) => r.relation.chunk_id === 'partners_0'));

    const both = await service.graphContext({ ...request, rank: { scores: [0.66, 0.64], keep: 2 } });
    assert.deepEqual(
      both.ranking!.map((r) => r.chunk_id),
      ['partners_0', 'roster_0'],
    );
    const [partners, roster] = both.ranking!;
    // w = GRAPH_RANKING_WEIGHT (0.2 by default), score′ = 1 − (1 − score)(1 − w·e).
    assert.ok(partners!.graph > 0 && partners!.graph <= 0.2, JSON.stringify(partners));
    assert.ok(Math.abs(partners!.score - (1 - 0.36 * (1 - partners!.graph))) < 1e-9);
    assert.deepEqual(roster, { chunk_id: 'roster_0', score: 0.66, graph: 0 });

    const one = await service.graphContext({ ...request, rank: { scores: [0.66, 0.64], keep: 1 } });
    assert.deepEqual(
      one.ranking!.map((r) => r.chunk_id),
      ['partners_0'],
    );
    assert.ok(one.chunk_relations.length > 0);
    assert.ok(one.chunk_relations.every((r) => r.relation.chunk_id === 'partners_0'));
    assert.equal(one.chunk_id_to_group_ids['roster_0'], undefined);
    const groups = new Set(one.query_paths.map((p) => p.group_id));
    for (const ids of Object.values(one.chunk_id_to_group_ids))
      for (const id of ids) assert.ok(groups.has(id));

    const off = new GraphService(
      store,
      new OfflineExtractor(),
      new GraphContextBuilder(store),
      Object.assign(new GraphSettings(), { GRAPH_RANKING_WEIGHT: 0 }),
    );
    const unranked = await off.graphContext({ ...request, rank: { scores: [0.66, 0.64], keep: 1 } });
    assert.deepEqual(unranked.ranking, [{ chunk_id: 'roster_0', score: 0.66, graph: 0 }]);

    const bad: unknown[] = [
      null,
      'yes',
      [],
      { scores: [0.66], keep: 1 },
      { scores: [0.66, 1.5], keep: 1 },
      { scores: [0.66, -0.1], keep: 1 },
      { scores: [0.66, null], keep: 1 },
      { scores: [0.66, '0.5'], keep: 1 },
      { scores: 'many', keep: 1 },
      { scores: [0.66, 0.64], keep: 0 },
      { scores: [0.66, 0.64], keep: 1.5 },
      { scores: [0.66, 0.64] },
    ];
    for (const rank of bad) {
      await assert.rejects(service.graphContext({ ...request, rank } as never), (error: unknown) => {
        assert.ok(error instanceof DomainError, String(error));
        assert.equal(error.code, 'VALIDATION_ERROR');
        return true;
      });
    }
  });
});
