import { PgliteDatabase } from '@trove/platform-database';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SqlGraphStore } from './adapters/sql/sql-graph-store';
import { GraphWrites } from './graph-writes';
import { GraphScope, SourceFacts } from './ports/graph-store';
import { person, place, said } from './ports/graph-store.fixtures';

/** The real PGlite store, noting which sources each of its batched writes held. */
class NotingStore extends SqlGraphStore {
  readonly batches: string[][] = [];
  override async replaceSources(scope: GraphScope, sources: SourceFacts[]): Promise<void> {
    this.batches.push(sources.map((s) => `${scope.sub_tenant_id}/${s.source_id}`));
    await super.replaceSources(scope, sources);
  }
}

const bornIn = (sourceId: string, name: string, town: string): SourceFacts => ({
  source_id: sourceId,
  chunks: [
    { chunk_id: `${sourceId}_0`, entities: [person(name), place(town)], relations: [said(0, 'born in', 1)] },
  ],
});
const malformed = (sourceId: string): SourceFacts => ({
  source_id: sourceId,
  chunks: [{ chunk_id: `${sourceId}_0`, entities: [person('Solo')], relations: [said(0, 'knows', 1)] }],
});

describe('GraphWrites (PGlite store)', () => {
  let db: PgliteDatabase;
  let store: NotingStore;
  let n = 0;
  const scope = (): GraphScope => ({ tenant_id: 'acme', sub_tenant_id: `w${++n}` });

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    store = new NotingStore(db);
    await store.migrate();
  });
  after(() => db.close());

  it("writes a scope's sources sent together in one write, every one of them", async () => {
    const s = scope();
    const writes = new GraphWrites(store);
    store.batches.length = 0;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => writes.replace(s, bornIn(`p${i}`, `Person ${i}`, 'Turin'))),
    );
    // Sent in one turn of the event loop: one write (a repeated source would have split it).
    assert.deepEqual(store.batches, [Array.from({ length: 10 }, (_, i) => `${s.sub_tenant_id}/p${i}`)]);
    assert.deepEqual(await store.counts(s), { entities: 11, relations: 10 });
    await new Promise((resolve) => setImmediate(resolve)); // the write's own end, after its callers'
    assert.equal(writes.activeScopes, 0, 'an idle scope is not kept');
  });

  it('fails only the source at fault, and no other scope', async () => {
    const [s, other] = [scope(), scope()];
    const writes = new GraphWrites(store);
    const results = await Promise.allSettled([
      writes.replace(s, bornIn('a', 'Ann', 'Oslo')),
      writes.replace(s, bornIn('b', 'Bo', 'Oslo')),
      writes.replace(s, malformed('bad')),
      writes.replace(s, bornIn('c', 'Cy', 'Bergen')),
      writes.replace(other, bornIn('d', 'Di', 'Oslo')),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
    );
    assert.ok((results[2] as PromiseRejectedResult).reason instanceof RangeError);
    assert.deepEqual(await store.counts(s), { entities: 5, relations: 3 });
    assert.deepEqual(await store.counts(other), { entities: 2, relations: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes.activeScopes, 0);
  });

  it('writes a source given again while it waits in a later write, so that the last facts stay', async () => {
    const s = scope();
    const writes = new GraphWrites(store);
    store.batches.length = 0;
    await Promise.all([
      writes.replace(s, bornIn('x', 'Xia', 'Lyon')),
      writes.replace(s, bornIn('y', 'Yan', 'Lyon')),
      writes.replace(s, bornIn('y', 'Yan', 'Nice')),
    ]);
    assert.deepEqual(store.batches, [
      [`${s.sub_tenant_id}/x`, `${s.sub_tenant_id}/y`],
      [`${s.sub_tenant_id}/y`],
    ]);
    const [triplet] = await store.relationsOfSource(s, 'y');
    assert.equal(triplet!.target.name, 'Nice');
    assert.deepEqual(await store.counts(s), { entities: 4, relations: 2 });
  });
});
