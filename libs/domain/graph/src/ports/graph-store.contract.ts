import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ChunkFacts, GraphScope, GraphStore } from './graph-store';
import { org, person, place, said } from './graph-store.fixtures';
import { describeBatchCases } from './graph-store-batch.contract';
import { describeWalkCases } from './graph-store-walk.contract';

export interface GraphStoreHarness {
  store: GraphStore;
  dispose(): Promise<void>;
}

/** The behaviour every GraphStore adapter must have; run against each one. */
export function describeGraphStore(name: string, open: () => Promise<GraphStoreHarness>): void {
  describe(`GraphStore contract: ${name}`, () => {
    let harness: GraphStoreHarness;
    let store: GraphStore;
    let n = 0;
    /** A fresh sub-tenant per case, so no case depends on another's leftovers. */
    const scope = (): GraphScope => ({ tenant_id: 'acme', sub_tenant_id: `s${++n}` });

    before(async () => {
      harness = await open();
      store = harness.store;
    });
    after(() => harness.dispose());

    it('answers ping', async () => {
      await store.ping();
    });

    it('returns what a source said, grouped per chunk and entity pair, with every evidence field', async () => {
      const s = scope();
      const chunks: ChunkFacts[] = [
        {
          chunk_id: 'doc1_0',
          entities: [person('Marie Curie', 'curie'), place('Warsaw'), org('Sorbonne')],
          relations: [
            said(0, 'born in', 1, {
              raw_predicate: 'was born in',
              context: 'Marie Curie was born in Warsaw in 1867.',
              confidence: 0.9,
              temporal_details: 'in 1867',
              timestamp: new Date('1867-11-07T00:00:00Z'),
            }),
            said(0, 'works at', 2),
            said(0, 'lived in', 1),
          ],
        },
        {
          chunk_id: 'doc1_1',
          entities: [person('Curie'), org('Sorbonne')],
          relations: [said(0, 'works at', 1)],
        },
      ];
      await store.replaceSource(s, 'doc1', chunks);
      const triplets = await store.relationsOfSource(s, 'doc1');
      assert.deepEqual(
        triplets.map((t) => [
          t.chunk_id,
          t.source.name,
          t.target.name,
          t.relations.map((r) => r.canonical_predicate),
        ]),
        [
          ['doc1_0', 'Marie Curie', 'Warsaw', ['born in', 'lived in']],
          ['doc1_0', 'Marie Curie', 'Sorbonne', ['works at']],
          ['doc1_1', 'Marie Curie', 'Sorbonne', ['works at']],
        ],
        'the alias "Curie" resolved to Marie Curie',
      );
      const [bornIn] = triplets[0]!.relations;
      assert.equal(bornIn!.raw_predicate, 'was born in');
      assert.equal(bornIn!.context, 'Marie Curie was born in Warsaw in 1867.');
      assert.equal(bornIn!.confidence, 0.9);
      assert.equal(bornIn!.temporal_details, 'in 1867');
      assert.equal(bornIn!.timestamp, '1867-11-07T00:00:00.000Z');
      assert.equal(bornIn!.chunk_id, 'doc1_0');
      assert.equal(bornIn!.source_entity_id, triplets[0]!.source.entity_id);
      assert.equal(bornIn!.target_entity_id, triplets[0]!.target.entity_id);
      assert.match(bornIn!.relationship_id, /\S/);
      const ids = triplets.flatMap((t) => t.relations.map((r) => r.relationship_id));
      assert.equal(new Set(ids).size, 4, 'every relation has its own id');
      assert.deepEqual(triplets[0]!.source, {
        entity_id: triplets[0]!.source.entity_id,
        name: 'Marie Curie',
        type: 'person',
        namespace: 'default',
        identifier: null,
      });
      assert.deepEqual(await store.counts(s), { entities: 3, relations: 4 });
      assert.deepEqual(await store.relationsOfSource(s, 'unknown'), []);
      // An alias finds its entity only for a mention that is the alias itself.
      await store.replaceSource(s, 'doc2', [
        {
          chunk_id: 'doc2_0',
          entities: [person('Pierre Curie', 'curie'), org('Sorbonne')],
          relations: [said(0, 'works at', 1)],
        },
      ]);
      const [pierre] = await store.relationsOfSource(s, 'doc2');
      assert.equal(pierre!.source.name, 'Pierre Curie');
      assert.notEqual(pierre!.source.entity_id, triplets[0]!.source.entity_id);
      assert.equal(pierre!.target.entity_id, triplets[1]!.target.entity_id, 'the Sorbonne is one entity');
    });

    it('resolves the same entity in two sources to one entity_id, and never mixes types', async () => {
      const s = scope();
      const jaguarCar = { name: 'Jaguar', type: 'organization', keys: ['jaguar'] };
      const jaguarCat = { name: 'jaguar', type: 'concept', keys: ['jaguar'] };
      await store.replaceSource(s, 'a', [
        {
          chunk_id: 'a_0',
          entities: [person('Ada Lovelace'), jaguarCar],
          relations: [said(0, 'works at', 1)],
        },
      ]);
      await store.replaceSource(s, 'b', [
        {
          chunk_id: 'b_0',
          entities: [{ ...person('ada lovelace'), identifier: 'ada@example.com' }, jaguarCat],
          relations: [said(0, 'likes', 1)],
        },
      ]);
      const [a] = await store.relationsOfSource(s, 'a');
      const [b] = await store.relationsOfSource(s, 'b');
      assert.equal(a!.source.entity_id, b!.source.entity_id);
      assert.equal(b!.source.name, 'Ada Lovelace', 'the entity keeps the name it was first seen with');
      assert.notEqual(a!.target.entity_id, b!.target.entity_id);
      const byKey = await store.entitiesByKeys(s, ['jaguar', 'ada lovelace', 'nobody']);
      assert.deepEqual(
        byKey
          .get('jaguar')
          ?.map((e) => e.type)
          .sort(),
        ['concept', 'organization'],
      );
      assert.equal(byKey.get('ada lovelace')?.length, 1);
      assert.equal(byKey.has('nobody'), false);
    });

    it('gives a name nothing typed the one typed entity of that name, unless a concept holds it', async () => {
      const s = scope();
      const untyped = (name: string) => ({ name, type: 'concept', keys: [name.toLowerCase()] });
      // Untyped first: the typed source after it makes its own entity.
      await store.replaceSource(s, 'early', [
        {
          chunk_id: 'early_0',
          entities: [person('Ines Duarte'), untyped('Lumora')],
          relations: [said(0, 'uses', 1)],
        },
      ]);
      await store.replaceSource(s, 'typed', [
        {
          chunk_id: 'typed_0',
          entities: [org('Lumora'), org('Brightwave')],
          relations: [said(0, 'acquired', 1)],
        },
      ]);
      await store.replaceSource(s, 'late', [
        {
          chunk_id: 'late_0',
          entities: [person('Tomas Berg'), untyped('Lumora')],
          relations: [said(0, 'uses', 1)],
        },
      ]);
      const [early] = await store.relationsOfSource(s, 'early');
      const [typed] = await store.relationsOfSource(s, 'typed');
      const [late] = await store.relationsOfSource(s, 'late');
      // "early" resolved before anything typed it, and its concept holds the concept key: a
      // later untyped mention takes that, as a name held under its own type always wins.
      assert.equal(early!.target.type, 'concept');
      assert.equal(late!.target.entity_id, early!.target.entity_id);
      // With that concept gone, an untyped mention joins the organisation.
      await store.deleteSources(s, ['early', 'late']);
      await store.replaceSource(s, 'again', [
        {
          chunk_id: 'again_0',
          entities: [person('Tomas Berg'), untyped('Lumora')],
          relations: [said(0, 'uses', 1)],
        },
      ]);
      const [again] = await store.relationsOfSource(s, 'again');
      assert.equal(
        again!.target.entity_id,
        typed!.source.entity_id,
        'the untyped name joins the organisation',
      );
      assert.equal(again!.target.type, 'organization');
      // Two typed entities of that name: an untyped mention cannot tell which, and stays its own.
      await store.replaceSource(s, 'place', [
        {
          chunk_id: 'place_0',
          entities: [{ name: 'Lumora', type: 'location', keys: ['lumora'] }, place('Portugal')],
          relations: [said(0, 'located in', 1)],
        },
      ]);
      await store.replaceSource(s, 'unsure', [
        {
          chunk_id: 'unsure_0',
          entities: [person('Ana Ruiz'), untyped('Lumora')],
          relations: [said(0, 'likes', 1)],
        },
      ]);
      const [unsure] = await store.relationsOfSource(s, 'unsure');
      assert.equal(unsure!.target.type, 'concept');
      // A lower-case concept is a thing, not a name, and never joins a typed entity.
      await store.replaceSource(s, 'thing', [
        {
          chunk_id: 'thing_0',
          entities: [person('Ana Ruiz'), { name: 'brightwave', type: 'concept', keys: ['brightwave'] }],
          relations: [said(0, 'likes', 1)],
        },
      ]);
      const [thing] = await store.relationsOfSource(s, 'thing');
      assert.equal(thing!.target.type, 'concept');
      assert.notEqual(thing!.target.entity_id, typed!.target.entity_id);
    });

    it('keeps every sub-tenant and tenant apart', async () => {
      const one = scope();
      const two = scope();
      const otherTenant = { tenant_id: 'globex', sub_tenant_id: one.sub_tenant_id };
      const facts: ChunkFacts[] = [
        {
          chunk_id: 'x_0',
          entities: [person('Grace Hopper'), org('Navy')],
          relations: [said(0, 'works at', 1)],
        },
      ];
      await store.replaceSource(one, 'x', facts);
      await store.replaceSource(two, 'x', facts);
      await store.replaceSource(otherTenant, 'x', facts);
      const [a] = await store.relationsOfSource(one, 'x');
      const [b] = await store.relationsOfSource(two, 'x');
      const [c] = await store.relationsOfSource(otherTenant, 'x');
      assert.equal(new Set([a!.source.entity_id, b!.source.entity_id, c!.source.entity_id]).size, 3);
      await store.deleteSources(two, ['x']);
      await store.deleteSubTenant(otherTenant);
      assert.equal(
        (await store.relationsOfSource(one, 'x')).length,
        1,
        'deletes elsewhere leave this scope alone',
      );
      assert.deepEqual(await store.counts(one), { entities: 2, relations: 1 });
      assert.deepEqual(await store.counts(two), { entities: 0, relations: 0 });
      assert.deepEqual(await store.counts(otherTenant), { entities: 0, relations: 0 });
      const mine = await store.countsBySubTenant('acme');
      assert.deepEqual(mine.get(one.sub_tenant_id), { entities: 2, relations: 1 });
      assert.equal(mine.has(two.sub_tenant_id), false, 'a sub-tenant with no entity is not listed');
      assert.equal((await store.countsBySubTenant('globex')).size, 0);
      const [edgeOfOne] = await store.edgesAround(one, [a!.source.entity_id], 10);
      assert.equal(edgeOfOne!.relationship_id, a!.relations[0]!.relationship_id);
      assert.deepEqual(await store.edgesAround(two, [a!.source.entity_id], 10), []);
      assert.equal((await store.entitiesByKeys(two, ['grace hopper'])).size, 0);
    });

    it('replaces what a source said, and drops the entities only it mentioned', async () => {
      const s = scope();
      await store.replaceSource(s, 'keep', [
        {
          chunk_id: 'k_0',
          entities: [person('Alan Turing'), place('London')],
          relations: [said(0, 'born in', 1)],
        },
      ]);
      await store.replaceSource(s, 'doc', [
        {
          chunk_id: 'd_0',
          entities: [person('Alan Turing'), place('Manchester')],
          relations: [said(0, 'works in', 1)],
        },
      ]);
      assert.deepEqual(await store.counts(s), { entities: 3, relations: 2 });
      await store.replaceSource(s, 'doc', [
        {
          chunk_id: 'd_0',
          entities: [person('Alan Turing'), org('Bletchley Park')],
          relations: [said(0, 'works at', 1)],
        },
      ]);
      const triplets = await store.relationsOfSource(s, 'doc');
      assert.deepEqual(
        triplets.map((t) => [t.source.name, t.relations[0]!.canonical_predicate, t.target.name]),
        [['Alan Turing', 'works at', 'Bletchley Park']],
      );
      assert.equal(
        (await store.entitiesByKeys(s, ['manchester'])).size,
        0,
        'Manchester had no other evidence',
      );
      assert.deepEqual(await store.counts(s), { entities: 3, relations: 2 });
      await store.replaceSource(s, 'doc', []);
      assert.deepEqual(await store.relationsOfSource(s, 'doc'), []);
      assert.deepEqual(await store.counts(s), { entities: 2, relations: 1 });
    });

    it('deletes sources with their relations and the entities left without evidence', async () => {
      const s = scope();
      await store.replaceSource(s, 'one', [
        {
          chunk_id: 'o_0',
          entities: [person('Rosalind Franklin'), org('King’s College')],
          relations: [said(0, 'works at', 1)],
        },
      ]);
      await store.replaceSource(s, 'two', [
        {
          chunk_id: 't_0',
          entities: [person('Rosalind Franklin'), place('London')],
          relations: [said(0, 'born in', 1)],
        },
      ]);
      await store.replaceSource(s, 'three', [{ chunk_id: 'h_0', entities: [place('Paris')], relations: [] }]);
      assert.equal(await store.deleteSources(s, ['one', 'three', 'never-there']), 2);
      assert.deepEqual(await store.relationsOfSource(s, 'one'), []);
      assert.deepEqual(
        await store.counts(s),
        { entities: 2, relations: 1 },
        'Franklin is still evidenced by "two"',
      );
      assert.equal(
        (await store.entitiesByKeys(s, ['paris'])).size,
        0,
        'an entity without relations goes with its mention',
      );
      assert.equal(await store.deleteSources(s, ['two']), 1);
      assert.deepEqual(await store.counts(s), { entities: 0, relations: 0 });
      assert.equal(await store.deleteSources(s, []), 0);
    });

    describeWalkCases(() => store, scope);
    describeBatchCases(() => store, scope);

    it('answers the relations of chunks in the order the chunks were asked for', async () => {
      const s = scope();
      await store.replaceSource(s, 'c', [
        {
          chunk_id: 'c_0',
          entities: [person('Ada'), org('Analytical Society')],
          relations: [said(0, 'member of', 1)],
        },
        {
          chunk_id: 'c_1',
          entities: [person('Ada'), place('London')],
          relations: [said(0, 'lived in', 1), said(0, 'born in', 1)],
        },
      ]);
      const edges = await store.edgesOfChunks(s, ['c_1', 'missing', 'c_0']);
      assert.deepEqual(
        edges.map((e) => [e.chunk_id, e.canonical_predicate]),
        [
          ['c_1', 'lived in'],
          ['c_1', 'born in'],
          ['c_0', 'member of'],
        ],
      );
    });

    it('refuses a relation whose end is not an entity of its chunk, and writes nothing', async () => {
      const s = scope();
      await assert.rejects(
        store.replaceSource(s, 'bad', [
          { chunk_id: 'b_0', entities: [person('Solo')], relations: [said(0, 'knows', 1)] },
        ]),
        RangeError,
      );
      await assert.rejects(
        store.replaceSource(s, 'bad', [
          { chunk_id: 'b_0', entities: [{ name: 'X', type: 'person', keys: [] }], relations: [] },
        ]),
        RangeError,
      );
      assert.deepEqual(await store.counts(s), { entities: 0, relations: 0 });
    });

    it('resolves concurrent writers mentioning the same new entity to one entity', async () => {
      const s = scope();
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.replaceSource(s, `src${i}`, [
            {
              chunk_id: `src${i}_0`,
              entities: [person('Katherine Johnson'), org(`Team ${i}`)],
              relations: [said(0, 'member of', 1)],
            },
          ]),
        ),
      );
      const held = (await store.entitiesByKeys(s, ['katherine johnson'])).get('katherine johnson');
      assert.equal(held?.length, 1);
      assert.deepEqual(await store.counts(s), { entities: 9, relations: 8 });
      // Deleting and re-adding at once never leaves a relation without its entities.
      await Promise.all([
        store.deleteSources(s, ['src0', 'src1', 'src2', 'src3']),
        ...[4, 5, 6, 7].map((i) =>
          store.replaceSource(s, `src${i}`, [
            {
              chunk_id: `src${i}_0`,
              entities: [person('Katherine Johnson'), place('Hampton')],
              relations: [said(0, 'lived in', 1)],
            },
          ]),
        ),
      ]);
      assert.deepEqual(await store.counts(s), { entities: 2, relations: 4 });
      for (const i of [4, 5, 6, 7]) {
        const [t] = await store.relationsOfSource(s, `src${i}`);
        assert.equal(t!.source.entity_id, held![0]!.entity_id);
      }
    });
  });
}
