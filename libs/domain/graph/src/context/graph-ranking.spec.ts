import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { graphCandidateCount, type GraphContext, type GraphEntity, type GraphTriplet } from '@trove/contracts';
import { graphEvidence, queryEntities, RankCandidate, rankByGraphEvidence, restrictGraphContext } from './graph-ranking';

const entity = (id: string, name: string): GraphEntity => ({
  entity_id: id,
  name,
  type: 'person',
  namespace: 'default',
  identifier: null,
});
const triplet = (source: GraphEntity, target: GraphEntity, chunk: string, confidence: number, id = `r-${chunk}`): GraphTriplet => ({
  source,
  target,
  relation: {
    canonical_predicate: 'works with',
    raw_predicate: 'worked with',
    context: 'x',
    relationship_id: id,
    confidence,
    temporal_details: null,
    timestamp: null,
    chunk_id: chunk,
    source_entity_id: source.entity_id,
    target_entity_id: target.entity_id,
  },
});
const chunk = (id: string, score: number, explain = false): RankCandidate => ({
  chunk_id: id,
  score,
  ...(explain ? { explain: { fused: score, final: score } } : {}),
});

const ada = entity('e1', 'Ada Lovelace');
const babbage = entity('e2', 'Charles Babbage');
const london = entity('e3', 'London');
const QUERY = 'How did Ada Lovelace know Charles Babbage?';

describe('graph-aware ranking', () => {
  it('asks for min(1001, max(10, 2 × max_chunks)) candidates', () => {
    assert.equal(graphCandidateCount(1), 10);
    assert.equal(graphCandidateCount(5), 10);
    assert.equal(graphCandidateCount(10), 20);
    assert.equal(graphCandidateCount(400), 800);
    assert.equal(graphCandidateCount(1001), 1001);
  });

  it('finds the query entities by name and by where two-relation paths start', () => {
    const context: GraphContext = {
      query_paths: [
        { triplets: [triplet(entity('e9', 'Someone Else'), london, 'c1', 0.8), triplet(london, babbage, 'c2', 0.8)], relevancy_score: 1, combined_context: '', group_id: '0' },
      ],
      chunk_relations: [{ ...triplet(ada, london, 'c3', 0.85), relevancy_score: 0.85 }],
      chunk_id_to_group_ids: {},
    };
    assert.deepEqual([...queryEntities(context, QUERY)].sort(), ['e1', 'e2', 'e9']);
  });

  it('evidence: the best confidence of path relations, and of chunk relations joining two query entities', () => {
    const context: GraphContext = {
      query_paths: [
        { triplets: [triplet(ada, london, 'c1', 0.6), triplet(london, babbage, 'c2', 0.85)], relevancy_score: 1, combined_context: '', group_id: '0' },
        { triplets: [triplet(ada, london, 'c1', 0.3, 'co:x')], relevancy_score: 0.5, combined_context: '', group_id: '1' },
      ],
      chunk_relations: [
        { ...triplet(ada, babbage, 'c4', 0.85), relevancy_score: 0.85 },
        { ...triplet(ada, london, 'c5', 0.85), relevancy_score: 0.85 }, // one query entity only
      ],
      chunk_id_to_group_ids: { c1: ['0', '1'], c2: ['0'] },
    };
    const e = graphEvidence(context, QUERY);
    assert.deepEqual(Object.fromEntries(e), { c1: 0.6, c2: 0.85, c4: 0.85 });
    const withoutCo = graphEvidence(
      { ...context, query_paths: [context.query_paths[1]!], chunk_relations: [] },
      QUERY,
      { coMentions: false },
    );
    assert.equal(withoutCo.size, 0);
  });

  it('score′ = 1 − (1 − score)(1 − w·e), sorted, ties in the old order, the best `keep` kept', () => {
    const context: GraphContext = {
      query_paths: [],
      chunk_relations: [{ ...triplet(ada, babbage, 'c3', 0.8), relevancy_score: 0.8 }],
      chunk_id_to_group_ids: {},
    };
    const chunks = [chunk('c1', 0.6), chunk('c2', 0.5), chunk('c3', 0.4), chunk('c4', 0.5)];
    const ranked = rankByGraphEvidence(chunks, context, { weight: 0.5, keep: 3, query: QUERY });
    // c3: 1 − 0.6 × (1 − 0.4) = 0.64
    assert.deepEqual(ranked.ranking.map((c) => c.chunk_id), ['c3', 'c1', 'c2']);
    assert.ok(Math.abs(ranked.ranking[0]!.score - 0.64) < 1e-9);
    assert.ok(Math.abs(ranked.ranking[0]!.graph - 0.4) < 1e-9);
    assert.deepEqual(ranked.ranking[1], { chunk_id: 'c1', score: 0.6, graph: 0 });
    // The input is not changed.
    assert.equal(chunks[2]!.score, 0.4);
  });

  it('weight 0 or no evidence keeps the order and the scores; scores stay in [0, 1]', () => {
    const context: GraphContext = {
      query_paths: [],
      chunk_relations: [{ ...triplet(ada, babbage, 'c2', 1), relevancy_score: 1 }],
      chunk_id_to_group_ids: {},
    };
    const chunks = [chunk('c1', 1), chunk('c2', 0)];
    assert.deepEqual(rankByGraphEvidence(chunks, context, { weight: 0, keep: 2, query: QUERY }).ranking, [
      { chunk_id: 'c1', score: 1, graph: 0 },
      { chunk_id: 'c2', score: 0, graph: 0 },
    ]);
    const full = rankByGraphEvidence(chunks, context, { weight: 1, keep: 2, query: QUERY }).ranking;
    assert.deepEqual(full.map((c) => [c.chunk_id, c.score]), [['c1', 1], ['c2', 1]]);
    // Weight 0 re-ranks nothing: the input order, even unsorted, cut to keep.
    const unsorted = [chunk('c1', 0.2), chunk('c2', 0.9), chunk('c3', 0.5)];
    assert.deepEqual(
      rankByGraphEvidence(unsorted, context, { weight: 0, keep: 2, query: QUERY }).ranking.map((c) => c.chunk_id),
      ['c1', 'c2'],
    );
  });

  it('explain: graph = w·e on re-scored chunks, final = the new score', () => {
    const context: GraphContext = {
      query_paths: [],
      chunk_relations: [{ ...triplet(ada, babbage, 'c2', 0.8), relevancy_score: 0.8 }],
      chunk_id_to_group_ids: {},
    };
    const ranked = rankByGraphEvidence([chunk('c1', 0.5, true), chunk('c2', 0.2, true)], context, {
      weight: 0.5,
      keep: 2,
      query: QUERY,
    });
    const c2 = ranked.ranking.find((c) => c.chunk_id === 'c2')!;
    assert.ok(Math.abs(c2.explain!.graph! - 0.4) < 1e-9);
    assert.equal(c2.explain!.final, c2.score);
    assert.equal(c2.explain!.fused, 0.2);
    const c1 = ranked.ranking.find((c) => c.chunk_id === 'c1')!;
    assert.deepEqual(c1.explain, { fused: 0.5, final: 0.5 });
  });

  it('restricts the context to the kept chunks and keeps it consistent', () => {
    const context: GraphContext = {
      query_paths: [
        { triplets: [triplet(ada, london, 'kept', 0.8)], relevancy_score: 1, combined_context: '', group_id: '0' },
        { triplets: [triplet(ada, london, 'gone', 0.8)], relevancy_score: 0.9, combined_context: '', group_id: '1' },
        { triplets: [triplet(ada, london, 'gone', 0.8), triplet(london, babbage, 'elsewhere', 0.8)], relevancy_score: 0.8, combined_context: '', group_id: '2' },
      ],
      chunk_relations: [
        { ...triplet(ada, london, 'kept', 0.8), relevancy_score: 0.8 },
        { ...triplet(ada, london, 'gone', 0.8), relevancy_score: 0.8 },
      ],
      chunk_id_to_group_ids: { kept: ['0'], gone: ['1', '2'], elsewhere: ['2'] },
    };
    const out = restrictGraphContext(context, ['kept'], new Set(['gone']));
    assert.deepEqual(out.query_paths.map((p) => p.group_id), ['0', '2']);
    assert.deepEqual(out.chunk_relations.map((r) => r.relation.chunk_id), ['kept']);
    assert.deepEqual(out.chunk_id_to_group_ids, { kept: ['0'], elsewhere: ['2'] });
    // rankByGraphEvidence restricts its context the same way.
    const ranked = rankByGraphEvidence([chunk('kept', 0.9), chunk('gone', 0.1)], context, {
      weight: 0.2,
      keep: 1,
      query: QUERY,
    });
    assert.deepEqual(ranked.graph_context, out);
  });
});
