import assert from 'node:assert/strict';
import { it } from 'node:test';
import { EntityMention, GraphScope, GraphStore } from './graph-store';
import { org, person, place, said } from './graph-store.fixtures';

/**
 * The contract's cases for one hop of the graph walk (edgesAround, coMentions), run inside
 * describeGraphStore with its store and a fresh sub-tenant per case.
 */
export function describeWalkCases(storeOf: () => GraphStore, scope: () => GraphScope): void {
  const id = async (s: GraphScope, key: string): Promise<string> =>
    (await storeOf().entitiesByKeys(s, [key])).get(key)![0]!.entity_id;

  it('walks one hop at a time, either direction, the most confident first, within the limit', async () => {
    const s = scope();
    await storeOf().replaceSource(s, 'w', [
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
    const pierre = (await storeOf().entitiesByKeys(s, ['pierre curie'])).get('pierre curie')![0]!;
    const first = await storeOf().edgesAround(s, [pierre.entity_id], 10);
    assert.deepEqual(
      first.map((e) => e.canonical_predicate),
      ['married to'],
    );
    const marie = first[0]!.target;
    const second = await storeOf().edgesAround(s, [marie.entity_id], 10);
    assert.deepEqual(
      second.map((e) => e.canonical_predicate),
      ['married to', 'works at'],
    );
    assert.deepEqual(
      (await storeOf().edgesAround(s, [marie.entity_id], 1)).map((e) => e.canonical_predicate),
      ['married to'],
    );
    const sorbonne = second[1]!.target;
    assert.deepEqual(
      (await storeOf().edgesAround(s, [sorbonne.entity_id], 10)).map((e) => [
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
    assert.deepEqual(await storeOf().edgesAround(s, [], 10), []);
  });

  it('lists the entities named in the same chunk as the asked ones, with the sentence naming them', async () => {
    const s = scope();
    const withContext = (m: EntityMention, context: string): EntityMention => ({ ...m, context });
    await storeOf().replaceSource(s, 'a', [
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
    await storeOf().replaceSource(s, 'b', [
      { chunk_id: 'b_0', entities: [person('Ada Lovelace'), org('Royal Society')], relations: [] },
    ]);
    await storeOf().replaceSource(scope(), 'a', [
      { chunk_id: 'a_0', entities: [person('Ada Lovelace'), person('Somebody Else')], relations: [] },
    ]);
    const ada = (await storeOf().entitiesByKeys(s, ['ada lovelace'])).get('ada lovelace')![0]!;
    const found = await storeOf().coMentions(s, [ada.entity_id], 10);
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
    assert.equal((await storeOf().coMentions(s, [ada.entity_id], 2)).length, 2);
    const babbage = found.find((m) => m.entity.name === 'Charles Babbage')!.entity;
    const both = await storeOf().coMentions(s, [ada.entity_id, babbage.entity_id], 10);
    assert.ok(
      both.every((m) => m.entity.entity_id !== ada.entity_id && m.entity.entity_id !== babbage.entity_id),
    );
    assert.deepEqual(await storeOf().coMentions(s, [], 10), []);
  });

  it('shares a hop among the asked entities: a hub does not take the limit, and reads its most confident', async () => {
    const store = storeOf();
    const s = scope();
    const hub = person('Hub Person');
    const many = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'].map(place);
    await store.replaceSource(s, 'hub', [
      {
        chunk_id: 'hub_0',
        entities: [hub, ...many],
        relations: many.map((_, i) => said(0, 'lives in', i + 1, { confidence: 0.9 - i * 0.05 })),
      },
    ]);
    await store.replaceSource(s, 'small', [
      {
        chunk_id: 'small_0',
        entities: [person('Small Person'), org('Small Co'), place('Small Town')],
        relations: [said(0, 'works at', 1, { confidence: 0.5 }), said(0, 'lives in', 2, { confidence: 0.4 })],
      },
    ]);
    const [hubId, smallId] = [await id(s, 'hub person'), await id(s, 'small person')];
    const edges = await store.edgesAround(s, [hubId, smallId], 4);
    assert.deepEqual(
      edges.map((e) => [e.source.name, e.target.name, e.confidence]),
      [
        ['Hub Person', 'Alpha', 0.9],
        ['Hub Person', 'Beta', 0.85],
        ['Small Person', 'Small Co', 0.5],
        ['Small Person', 'Small Town', 0.4],
      ],
      'each entity its share (2 of 4), its most confident, then all by confidence',
    );
    assert.equal((await store.edgesAround(s, [hubId], 4)).length, 4, 'one entity has the whole limit');
    assert.equal(
      (await store.edgesAround(s, [hubId, hubId], 3)).length,
      3,
      'an entity asked twice counts once',
    );
  });

  it('shares co-mentions among the asked entities, one per chunk before a second, named before concepts', async () => {
    const store = storeOf();
    const s = scope();
    const concept = (name: string): EntityMention => ({ name, type: 'concept', keys: [name.toLowerCase()] });
    const hub = person('Hub Person');
    await store.replaceSource(s, 'a', [
      { chunk_id: 'a_0', entities: [hub, concept('weather'), place('Oslo'), place('Bergen')], relations: [] },
      { chunk_id: 'a_1', entities: [hub, place('Tromso'), place('Narvik')], relations: [] },
    ]);
    await store.replaceSource(s, 'b', [
      { chunk_id: 'b_0', entities: [person('Small Person'), org('Small Co')], relations: [] },
    ]);
    const [hubId, smallId] = [await id(s, 'hub person'), await id(s, 'small person')];
    const both = await store.coMentions(s, [hubId, smallId], 3);
    assert.deepEqual(
      both.map((m) => [m.from_entity_id === hubId ? 'hub' : 'small', m.chunk_id]).sort(),
      [
        ['hub', 'a_0'],
        ['hub', 'a_1'],
        ['small', 'b_0'],
      ],
      'the hub gets 2 of 3, one from each of its chunks; the small entity its own',
    );
    const hubOnly = await store.coMentions(s, [hubId], 4);
    assert.deepEqual(
      hubOnly.map((m) => m.entity.name).sort(),
      ['Bergen', 'Narvik', 'Oslo', 'Tromso'],
      'the four named places come before the concept',
    );
    assert.deepEqual(
      (await store.coMentions(s, [hubId], 10)).map((m) => m.entity.type).pop(),
      'concept',
      'the concept comes last',
    );
  });
}
