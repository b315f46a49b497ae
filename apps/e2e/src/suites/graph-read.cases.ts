import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphEntity } from '@trove/contracts';
import { expectError } from './expect-error';
import { graphSearch, GraphProgress, relationsById, statements, uploadText } from './graph-http';
import { verifyProcessing } from './sources-fixtures';
import type { GraphContextE2e } from './graph.suite';

const ADA =
  'Ada Lovelace was born in London in 1815. She worked with Charles Babbage on the Analytical Engine.';
const BABBAGE = 'Charles Babbage designed the Analytical Engine. Babbage was a member of the Royal Society.';
const SOCIETY = 'The Royal Society is located in London.';

function entityNamed(relations: { source: GraphEntity; target: GraphEntity }[], name: string): GraphEntity {
  const found = relations.flatMap((t) => [t.source, t.target]).find((e) => e.name === name);
  assert.ok(found, `no entity named ${name}`);
  return found;
}

/** Documents become relations with evidence; one entity across sources; graph_context walks two hops. */
export function graphReadCases(ctx: GraphContextE2e): void {
  describe('relations by id and graph_context', () => {
    const scope = () => ({ tenant_id: ctx.tenant });

    it('reads a document’s relations, with evidence, dates and ids, once it is completed', async () => {
      await uploadText(ctx.alice, scope(), 'ada', ADA);
      const status = await verifyProcessing(ctx.alice, { ...scope(), file_id: 'ada' });
      const progress = (status.body as GraphProgress).progress;
      assert.equal(progress?.graph?.extractor, 'offline');
      assert.ok((progress?.graph?.entities ?? 0) >= 3, JSON.stringify(progress));
      assert.ok(progress?.indexed_at && progress.finished_at && progress.indexed_at <= progress.finished_at);

      const answer = await relationsById(ctx.alice, { ...scope(), source_id: 'ada' });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.success, true);
      assert.equal(answer.body.message, 'Relations retrieved successfully');
      const said = statements(answer.body.relations);
      assert.ok(said.includes('Ada Lovelace —born in→ London'), said.join('; '));
      assert.ok(said.includes('Ada Lovelace —works with→ Charles Babbage'), said.join('; '));
      const born = answer.body.relations.find((t) => t.target.name === 'London')!;
      assert.deepEqual(Object.keys(born).sort(), ['chunk_id', 'relations', 'source', 'target']);
      assert.equal(born.chunk_id, 'ada_0');
      assert.deepEqual(Object.keys(born.source).sort(), [
        'entity_id',
        'identifier',
        'name',
        'namespace',
        'type',
      ]);
      assert.equal(born.source.type, 'person');
      assert.equal(born.target.type, 'location');
      assert.equal(born.source.namespace, 'default');
      const [evidence] = born.relations;
      assert.ok(evidence);
      assert.equal(evidence.raw_predicate.length > 0, true);
      assert.match(evidence.context, /Ada Lovelace was born in London in 1815/);
      assert.equal(evidence.temporal_details, 'in 1815');
      assert.equal(evidence.timestamp, '1815-01-01T00:00:00.000Z');
      assert.equal(evidence.chunk_id, 'ada_0');
      assert.equal(evidence.source_entity_id, born.source.entity_id);
      assert.equal(evidence.target_entity_id, born.target.entity_id);
      assert.ok(evidence.confidence > 0 && evidence.confidence <= 1);
      assert.equal(typeof evidence.relationship_id, 'string');
    });

    it('resolves the same entity in two documents to one entity_id', async () => {
      await uploadText(ctx.alice, scope(), 'babbage', BABBAGE);
      const ada = await relationsById(ctx.alice, { ...scope(), source_id: 'ada' });
      const babbage = await relationsById(ctx.alice, { ...scope(), source_id: 'babbage' });
      assert.equal(babbage.status, 200);
      assert.ok(statements(babbage.body.relations).includes('Charles Babbage —member of→ Royal Society'));
      assert.equal(
        entityNamed(ada.body.relations, 'Charles Babbage').entity_id,
        entityNamed(babbage.body.relations, 'Charles Babbage').entity_id,
      );
    });

    it('answers a two-hop question with a path through the bridge entity', async () => {
      await uploadText(ctx.alice, scope(), 'society', SOCIETY);
      const result = await graphSearch(ctx.alice, {
        ...scope(),
        query: 'In which city is the society Charles Babbage was a member of?',
      });
      assert.equal(result.status, 200, JSON.stringify(result.body));
      const context = result.body.graph_context;
      assert.ok(context.query_paths.length > 0, 'no query paths');
      const twoHop = context.query_paths.find((path) => {
        const said = path.triplets.map(
          (t) => `${t.source.name} —${t.relation.canonical_predicate}→ ${t.target.name}`,
        );
        return (
          said.includes('Charles Babbage —member of→ Royal Society') &&
          said.includes('Royal Society —located in→ London')
        );
      });
      assert.ok(twoHop, JSON.stringify(context.query_paths.map((p) => p.combined_context)));
      assert.match(twoHop.combined_context, /member of the Royal Society[\s\S]*located in London/);
      for (const path of context.query_paths) {
        assert.ok(path.relevancy_score >= 0 && path.relevancy_score <= 1);
      }
      const groups = Object.entries(context.chunk_id_to_group_ids);
      assert.ok(groups.some(([chunk, ids]) => chunk === 'society_0' && ids.includes(twoHop.group_id)));
      for (const relation of context.chunk_relations) {
        assert.ok(relation.relevancy_score >= 0 && relation.relevancy_score <= 1);
        assert.ok(relation.relation.relationship_id);
      }
      const plain = await ctx.alice.post<{ graph_context: unknown }>('/search/hybrid-search', {
        json: { ...scope(), query: 'Charles Babbage' },
      });
      assert.deepEqual(plain.body.graph_context, {
        query_paths: [],
        chunk_relations: [],
        chunk_id_to_group_ids: {},
      });
    });

    it('answers 404 SOURCE_NOT_FOUND for an unknown id, 422 without one, 403 to another owner', async () => {
      expectError(
        await relationsById(ctx.alice, { ...scope(), source_id: 'nobody' }),
        404,
        'SOURCE_NOT_FOUND',
      );
      expectError(
        await ctx.alice.get('/list/graph-relations-by-id', { query: scope() }),
        422,
        'VALIDATION_ERROR',
      );
      expectError(await relationsById(ctx.bob, { ...scope(), source_id: 'ada' }), 403, 'FORBIDDEN');
      expectError(await graphSearch(ctx.bob, { ...scope(), query: 'Charles Babbage' }), 403, 'FORBIDDEN');
    });

    it('keeps sub-tenants apart: the same name is another entity, and nothing crosses over', async () => {
      const other = { tenant_id: ctx.tenant, sub_tenant_id: 'elsewhere' };
      await uploadText(ctx.alice, other, 'babbage-2', BABBAGE);
      const mine = await relationsById(ctx.alice, { ...other, source_id: 'babbage-2' });
      const theirs = await relationsById(ctx.alice, { ...scope(), source_id: 'babbage' });
      assert.notEqual(
        entityNamed(mine.body.relations, 'Charles Babbage').entity_id,
        entityNamed(theirs.body.relations, 'Charles Babbage').entity_id,
      );
      expectError(await relationsById(ctx.alice, { ...other, source_id: 'ada' }), 404, 'SOURCE_NOT_FOUND');
      const result = await graphSearch(ctx.alice, { ...other, query: 'Where was Ada Lovelace born?' });
      assert.equal(result.status, 200);
      const seen = JSON.stringify(result.body.graph_context);
      assert.doesNotMatch(seen, /Lovelace|Royal Society is located/, 'the default sub-tenant leaked');
      for (const id of [
        entityNamed(theirs.body.relations, 'Charles Babbage').entity_id,
        entityNamed(theirs.body.relations, 'Royal Society').entity_id,
      ]) {
        assert.ok(!seen.includes(id), `entity ${id} of another sub-tenant`);
      }
    });
  });
}
