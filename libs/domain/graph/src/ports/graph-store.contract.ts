import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ChunkFacts, EntityMention, GraphScope, GraphStore, RelationMention } from './graph-store';

export interface GraphStoreHarness {
  store: GraphStore;
  dispose(): Promise<void>;
}

const person = (name: string, ...aliases: string[]): EntityMention => ({
  name,
  type: 'person',
  keys: [name.toLowerCase()],
  aliases,
});
const place = (name: string): EntityMention => ({ name, type: 'location', keys: [name.toLowerCase()] });
const org = (name: string): EntityMention => ({ name, type: 'organization', keys: [name.toLowerCase()] });

function said(
  source: number,
  predicate: string,
  target: number,
  extra: Partial<RelationMention> = {},
): RelationMention {
  return {
    source,
    target,
    canonical_predicate: predicate,
    raw_predicate: predicate.replace(/ /g, 's '),
    context: `sentence about ${predicate}`,
    confidence: 0.8,
    temporal_details: null,
    timestamp: null,
    ...extra,
  };
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

    it('walks one hop at a time, either direction, the most confident first, within the limit', async () => {
      const s = scope();
      await store.replaceSource(s, 'w', [
        {
          chunk_id: 'w_0',
          entities: [person('Pierre Curie'), person('Marie Curie'), place('Paris'), org('Sorbonne')],
          relations: [
            said(0, 'married to', 1, { confidence: 0.95 }),
            said(1, 'works at', 3, { confidence: 0.7 }),
            said(3, 'located in', 2, { confidence: 0.6 }),
          ],
        },
      ]);
      const pierre = (await store.entitiesByKeys(s, ['pierre curie'])).get('pierre curie')![0]!;
      const first = await store.edgesAround(s, [pierre.entity_id], 10);
      assert.deepEqual(
        first.map((e) => e.canonical_predicate),
        ['married to'],
      );
      const marie = first[0]!.target;
      const second = await store.edgesAround(s, [marie.entity_id], 10);
      assert.deepEqual(
        second.map((e) => e.canonical_predicate),
        ['married to', 'works at'],
      );
      assert.deepEqual(
        (await store.edgesAround(s, [marie.entity_id], 1)).map((e) => e.canonical_predicate),
        ['married to'],
      );
      const sorbonne = second[1]!.target;
      assert.deepEqual(
        (await store.edgesAround(s, [sorbonne.entity_id], 10)).map((e) => [
          e.source.name,
          e.canonical_predicate,
          e.target.name,
        ]),
        [
          ['Marie Curie', 'works at', 'Sorbonne'],
          ['Sorbonne', 'located in', 'Paris'],
        ],
        'edges into an entity count as well as edges out of it',
      );
      assert.equal(second[0]!.source_id, 'w');
      assert.equal(second[0]!.chunk_id, 'w_0');
      assert.deepEqual(await store.edgesAround(s, [], 10), []);
    });

    it('lists the entities named in the same chunk as the asked ones, with the sentence naming them', async () => {
      const s = scope();
      const withContext = (m: EntityMention, context: string): EntityMention => ({ ...m, context });
      await store.replaceSource(s, 'a', [
        {
          chunk_id: 'a_0',
          entities: [
            withContext(person('Ada Lovelace'), 'Ada Lovelace wrote notes.'),
            withContext(person('Charles Babbage'), 'Babbage built engines.'),
            withContext(place('London'), 'They met in London.'),
          ],
          relations: [],
        },
      ]);
      await store.replaceSource(s, 'b', [
        { chunk_id: 'b_0', entities: [person('Ada Lovelace'), org('Royal Society')], relations: [] },
      ]);
      await store.replaceSource(scope(), 'a', [
        { chunk_id: 'a_0', entities: [person('Ada Lovelace'), person('Somebody Else')], relations: [] },
      ]);
      const ada = (await store.entitiesByKeys(s, ['ada lovelace'])).get('ada lovelace')![0]!;
      const found = await store.coMentions(s, [ada.entity_id], 10);
      assert.deepEqual(
        found.map((m) => [m.entity.name, m.source_id, m.chunk_id, m.from_entity_id === ada.entity_id]).sort(),
        [
          ['Charles Babbage', 'a', 'a_0', true],
          ['London', 'a', 'a_0', true],
          ['Royal Society', 'b', 'b_0', true],
        ],
      );
      assert.equal(found.find((m) => m.entity.name === 'London')?.context, 'They met in London.');
      assert.equal(found.find((m) => m.entity.name === 'Royal Society')?.context, '');
      assert.equal((await store.coMentions(s, [ada.entity_id], 2)).length, 2);
      const babbage = found.find((m) => m.entity.name === 'Charles Babbage')!.entity;
      const both = await store.coMentions(s, [ada.entity_id, babbage.entity_id], 10);
      assert.ok(
        both.every((m) => m.entity.entity_id !== ada.entity_id && m.entity.entity_id !== babbage.entity_id),
      );
      assert.deepEqual(await store.coMentions(s, [], 10), []);
    });

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
