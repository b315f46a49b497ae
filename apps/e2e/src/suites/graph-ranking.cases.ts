import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResultChunk, SearchResult } from '@trove/contracts';
import { expectError } from './expect-error';
import { uploadText } from './graph-http';
import type { GraphContextE2e } from './graph.suite';

// Two documents that answer the query's words alike; only the second says how the two people
// relate. Keyword only (alpha 0), so that the plain order does not depend on the embedder: the
// roster names "Babbage" twice and ranks first (0.656 against 0.642 measured in process). On
// Elasticsearch (the full stack) BM25 statistics are the shard's, other tenants' and sub-tenants'
// documents included, so the plain order may turn (0.648 against 0.646 seen): the assertions
// below hold either way.
const ROSTER = 'Ada Lovelace and Charles Babbage are on the reading list; Babbage comes first.';
const PARTNERS = 'Ada Lovelace worked with Charles Babbage on the Analytical Engine.';
const QUERY = 'Ada Lovelace Charles Babbage';

/** Graph-aware ranking (docs/api.md, Search): relation evidence between the query's entities lifts a chunk. */
export function graphRankingCases(ctx: GraphContextE2e): void {
  describe('graph-aware ranking', () => {
    const scope = () => ({ tenant_id: ctx.tenant, sub_tenant_id: 'ranking' });
    const search = (body: Record<string, unknown>) =>
      ctx.alice.post<SearchResult>('/search/hybrid-search', {
        json: { ...scope(), query: QUERY, alpha: 0, max_chunks: 2, explain: true, ...body },
      });
    const order = (chunks: ResultChunk[]) => chunks.map((c) => c.source_id);

    for (const mode of ['fast', 'accurate'] as const) {
      it(`lifts the chunk that relates the query's entities above one that only names them (${mode})`, async () => {
        await uploadText(ctx.alice, scope(), 'roster', ROSTER);
        await uploadText(ctx.alice, scope(), 'partners', PARTNERS);

        const plain = await search({ mode });
        assert.equal(plain.status, 200, JSON.stringify(plain.body));
        assert.deepEqual(
          order(plain.body.chunks).sort(),
          ['partners', 'roster'],
          JSON.stringify(plain.body.chunks),
        );
        const plainRoster = plain.body.chunks.find((c) => c.source_id === 'roster')!;
        if (ctx.mode !== 'full') assert.deepEqual(order(plain.body.chunks), ['roster', 'partners']);

        const ranked = await search({ mode, graph_context: true });
        assert.equal(ranked.status, 200, JSON.stringify(ranked.body));
        assert.deepEqual(
          order(ranked.body.chunks),
          ['partners', 'roster'],
          JSON.stringify(ranked.body.chunks),
        );
        const [partners, roster] = ranked.body.chunks as [ResultChunk, ResultChunk];
        const before = plain.body.chunks.find((c) => c.source_id === 'partners')!;
        // score′ = 1 − (1 − score)(1 − w·e), reported as explain.graph = w·e and explain.final.
        assert.ok(
          partners.explain?.graph !== undefined && partners.explain.graph > 0,
          JSON.stringify(partners.explain),
        );
        assert.equal(partners.explain.final, partners.relevancy_score);
        const expected = 1 - (1 - before.relevancy_score) * (1 - partners.explain.graph);
        assert.ok(
          Math.abs(partners.relevancy_score - expected) < 1e-6,
          `${partners.relevancy_score} ≠ ${expected}`,
        );
        assert.ok(partners.relevancy_score > before.relevancy_score && partners.relevancy_score <= 1);
        assert.equal(roster.explain?.graph, undefined);
        assert.equal(roster.relevancy_score, plainRoster.relevancy_score);

        // The context speaks of the returned chunks only, and every group names a listed path.
        const context = ranked.body.graph_context;
        assert.deepEqual(Object.keys(context).sort(), [
          'chunk_id_to_group_ids',
          'chunk_relations',
          'query_paths',
        ]);
        const returned = new Set(ranked.body.chunks.map((c) => c.chunk_uuid));
        assert.ok(context.chunk_relations.some((r) => r.relation.chunk_id === partners.chunk_uuid));
        for (const r of context.chunk_relations) assert.ok(returned.has(r.relation.chunk_id!));
        const groups = new Set(context.query_paths.map((p) => p.group_id));
        for (const ids of Object.values(context.chunk_id_to_group_ids))
          for (const id of ids) assert.ok(groups.has(id), `group ${id} names no path`);

        // max_chunks 1: the wider candidate list lets the related chunk in at all.
        const one = await search({ mode, graph_context: true, max_chunks: 1 });
        assert.deepEqual(order(one.body.chunks), ['partners']);
        assert.ok(
          !one.body.graph_context.chunk_relations.some((r) => r.relation.chunk_id?.startsWith('roster')),
        );
      });
    }

    it('still refuses bad values with graph_context (422)', async () => {
      expectError(await search({ graph_context: true, max_chunks: 0 }), 422, 'VALIDATION_ERROR');
      expectError(await search({ graph_context: true, max_chunks: 1002 }), 422, 'VALIDATION_ERROR');
      expectError(await search({ graph_context: 'yes' }), 422, 'VALIDATION_ERROR');
      expectError(await search({ graph_context: true, mode: 'thorough' }), 422, 'VALIDATION_ERROR');
    });
  });
}
