import assert from 'node:assert/strict';
import { it } from 'node:test';
import { GraphScope, GraphStore, SourceFacts } from './graph-store';
import { org, person, place, said } from './graph-store.fixtures';

/**
 * The contract's cases for replaceSources (several sources of one scope in one write), run
 * inside describeGraphStore with its store and a fresh sub-tenant per case.
 */
export function describeBatchCases(storeOf: () => GraphStore, scope: () => GraphScope): void {
  const id = async (s: GraphScope, key: string): Promise<string | undefined> =>
    (await storeOf().entitiesByKeys(s, [key])).get(key)?.[0]?.entity_id;
  const relationsOf = async (s: GraphScope, sourceId: string) =>
    (await storeOf().relationsOfSource(s, sourceId)).map((t) => [
      t.chunk_id,
      t.source.name,
      t.relations.map((r) => r.canonical_predicate).join(','),
      t.target.name,
    ]);

  const curies = (): SourceFacts[] => [
    {
      source_id: 'marie',
      chunks: [
        {
          chunk_id: 'marie_0',
          entities: [person('Marie Curie', 'curie'), place('Warsaw')],
          relations: [said(0, 'born in', 1)],
        },
      ],
    },
    {
      source_id: 'later',
      chunks: [
        {
          chunk_id: 'later_0',
          entities: [person('Curie'), org('Sorbonne')],
          relations: [said(0, 'works at', 1)],
        },
        {
          chunk_id: 'later_1',
          entities: [place('Warsaw'), place('Poland')],
          relations: [said(0, 'located in', 1)],
        },
      ],
    },
    { source_id: 'none', chunks: [{ chunk_id: 'none_0', entities: [], relations: [] }] },
  ];

  it('writes a batch as the same graph as its sources written one after another', async () => {
    const batched = scope();
    const oneByOne = scope();
    await storeOf().replaceSources(batched, curies());
    for (const source of curies()) await storeOf().replaceSource(oneByOne, source.source_id, source.chunks);
    for (const sourceId of ['marie', 'later', 'none']) {
      assert.deepEqual(await relationsOf(batched, sourceId), await relationsOf(oneByOne, sourceId));
    }
    assert.deepEqual(await storeOf().counts(batched), await storeOf().counts(oneByOne));
    assert.deepEqual(await storeOf().counts(batched), { entities: 4, relations: 3 });
    // The later source found the entity, and the alias, the earlier one made in the same write.
    const [worksAt] = await storeOf().relationsOfSource(batched, 'later');
    assert.equal(worksAt!.source.entity_id, await id(batched, 'marie curie'));
    assert.equal(await id(batched, 'curie'), await id(batched, 'marie curie'));
    await storeOf().replaceSources(batched, []);
    assert.deepEqual(await storeOf().counts(batched), { entities: 4, relations: 3 });
  });

  it('replaces what each source of a batch said, and drops the entities none mentions any more', async () => {
    const s = scope();
    await storeOf().replaceSources(s, curies());
    await storeOf().replaceSources(s, [
      { source_id: 'later', chunks: [] },
      {
        source_id: 'marie',
        chunks: [
          {
            chunk_id: 'marie_0',
            entities: [person('Marie Curie'), place('Paris')],
            relations: [said(0, 'lives in', 1)],
          },
        ],
      },
    ]);
    assert.deepEqual(await relationsOf(s, 'later'), []);
    assert.deepEqual(await relationsOf(s, 'marie'), [['marie_0', 'Marie Curie', 'lives in', 'Paris']]);
    for (const gone of ['warsaw', 'sorbonne', 'poland']) assert.equal(await id(s, gone), undefined, gone);
    assert.deepEqual(await storeOf().counts(s), { entities: 2, relations: 1 });
  });

  it('keeps the id of an entity an earlier source of the batch let go and a later one names', async () => {
    const s = scope();
    await storeOf().replaceSource(s, 'first', [
      { chunk_id: 'first_0', entities: [person('Ada Lovelace')], relations: [] },
    ]);
    const ada = await id(s, 'ada lovelace');
    await storeOf().replaceSources(s, [
      { source_id: 'first', chunks: [] },
      {
        source_id: 'second',
        chunks: [{ chunk_id: 'second_0', entities: [person('Ada Lovelace')], relations: [] }],
      },
    ]);
    assert.equal(await id(s, 'ada lovelace'), ada);
    assert.deepEqual(await storeOf().counts(s), { entities: 1, relations: 0 });
  });

  it('refuses a batch with a malformed source or a source given twice, and writes none of it', async () => {
    const s = scope();
    await storeOf().replaceSources(s, curies());
    const before = await storeOf().counts(s);
    const good: SourceFacts = {
      source_id: 'marie',
      chunks: [{ chunk_id: 'marie_0', entities: [person('Irène Joliot-Curie')], relations: [] }],
    };
    await assert.rejects(
      storeOf().replaceSources(s, [
        good,
        {
          source_id: 'bad',
          chunks: [{ chunk_id: 'bad_0', entities: [person('Solo')], relations: [said(0, 'knows', 1)] }],
        },
      ]),
      RangeError,
    );
    await assert.rejects(storeOf().replaceSources(s, [good, good]), /given twice/);
    assert.deepEqual(await storeOf().counts(s), before);
    assert.equal(await id(s, 'irène joliot-curie'), undefined);
    assert.deepEqual(await relationsOf(s, 'marie'), [['marie_0', 'Marie Curie', 'born in', 'Warsaw']]);
  });
}
