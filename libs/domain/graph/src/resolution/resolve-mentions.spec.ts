import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChunkFacts, EntityMention } from '../ports/graph-store';
import { org, person, said } from '../ports/graph-store.fixtures';
import { keyLookups, resolveMentions } from './resolve-mentions';

const untyped = (name: string): EntityMention => ({ name, type: 'concept', keys: [name.toLowerCase()] });
const chunk = (chunk_id: string, entities: EntityMention[]): ChunkFacts => ({
  chunk_id,
  entities,
  relations: [said(0, 'uses', 1)],
});

describe('resolveMentions', () => {
  it('reads an untyped name under every named type, and a typed or lower-case one under its own', () => {
    const lookups = keyLookups([
      chunk('c0', [person('Ana Ruiz'), untyped('Lumora')]),
      chunk('c1', [person('Ana Ruiz'), untyped('the battery')]),
    ]);
    const types = (key: string) =>
      lookups
        .filter((p) => p.key === key)
        .map((p) => p.type)
        .sort();
    assert.deepEqual(types('lumora'), ['concept', 'event', 'location', 'organization', 'person', 'product']);
    assert.deepEqual(types('ana ruiz'), ['person'], 'each pair once, though two chunks name her');
    assert.deepEqual(types('the battery'), ['concept']);
  });

  it('joins an untyped name to the typed entity this source names later, and claims no key for it', () => {
    const plan = resolveMentions(
      [chunk('c0', [person('Ana Ruiz'), untyped('Lumora')]), chunk('c1', [org('Lumora'), org('Brightwave')])],
      [],
    );
    const lumora = plan.created.find((e) => e.name === 'Lumora')!;
    assert.equal(lumora.type, 'organization');
    assert.equal(plan.created.length, 3, 'Ana Ruiz, Lumora and Brightwave; no concept');
    assert.equal(plan.relations[0]!.target_entity_id, lumora.entity_id);
    assert.deepEqual(
      plan.newKeys.filter((k) => k.key === 'lumora').map((k) => k.type),
      ['organization'],
    );
  });

  it('takes the held typed entity of that name when exactly one holds it', () => {
    const one = resolveMentions(
      [chunk('c0', [person('Ana Ruiz'), untyped('Lumora')])],
      [{ type: 'organization', key: 'lumora', entity_id: 'org-1' }],
    );
    assert.equal(one.relations[0]!.target_entity_id, 'org-1');
    const two = resolveMentions(
      [chunk('c0', [person('Ana Ruiz'), untyped('Lumora')])],
      [
        { type: 'organization', key: 'lumora', entity_id: 'org-1' },
        { type: 'location', key: 'lumora', entity_id: 'place-1' },
      ],
    );
    assert.equal(two.created.find((e) => e.name === 'Lumora')?.type, 'concept', 'ambiguous: stays its own');
    const concept = resolveMentions(
      [chunk('c0', [person('Ana Ruiz'), untyped('Lumora')])],
      [
        { type: 'organization', key: 'lumora', entity_id: 'org-1' },
        { type: 'concept', key: 'lumora', entity_id: 'concept-1' },
      ],
    );
    assert.equal(concept.relations[0]!.target_entity_id, 'concept-1', 'its own type held first');
  });

  it('never gives a lower-case concept or a typed mention of another type a typed entity', () => {
    const plan = resolveMentions(
      [
        chunk('c0', [person('Ana Ruiz'), untyped('jaguar')]),
        chunk('c1', [person('Ana Ruiz'), person('Lumora')]),
      ],
      [
        { type: 'organization', key: 'jaguar', entity_id: 'org-1' },
        { type: 'organization', key: 'lumora', entity_id: 'org-2' },
      ],
    );
    const targets = plan.relations.map((r) => r.target_entity_id);
    assert.ok(!targets.includes('org-1') && !targets.includes('org-2'));
    assert.deepEqual(plan.created.map((e) => e.type).sort(), ['concept', 'person', 'person']);
  });
});
