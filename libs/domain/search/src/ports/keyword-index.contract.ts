import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { IndexScope } from './index-scope';
import { KeywordDocument, KeywordIndex } from './keyword-index';

/** What the suite runs against: a fresh index, and (where the adapter persists) a way to reopen it. */
export interface KeywordIndexSubject {
  index: KeywordIndex;
  /** Closes the index and opens the same storage again. */
  reopen?: () => Promise<KeywordIndex>;
  dispose: () => Promise<void>;
}

const doc = (id: string, text: string, sourceId = 'src', kind = 'chunk'): KeywordDocument => ({
  id,
  sourceId,
  kind,
  text,
});

/**
 * The behaviour every KeywordIndex adapter must show. Tenant ids are random per test, so the
 * suite can also run against a shared server. Expects an English analyser that lower-cases,
 * folds accents and drops at least: the, and, of, a, an, in, to, is, are.
 */
export function keywordIndexContract(name: string, createSubject: () => Promise<KeywordIndexSubject>): void {
  describe(`KeywordIndex contract: ${name}`, () => {
    let subject: KeywordIndexSubject;
    let index: KeywordIndex;
    let a: IndexScope;
    let a2: IndexScope;
    let b: IndexScope;
    const ids = (hits: { id: string }[]) => hits.map((hit) => hit.id);

    beforeEach(async () => {
      subject = await createSubject();
      index = subject.index;
      const tenant = `t-${randomUUID().slice(0, 8)}`;
      a = { tenantId: `${tenant}-a`, subTenantId: 'main' };
      a2 = { tenantId: `${tenant}-a`, subTenantId: 'other' };
      b = { tenantId: `${tenant}-b`, subTenantId: 'main' };
    });
    afterEach(async () => subject.dispose());

    it('answers [] and no counts on an empty index', async () => {
      assert.deepEqual(await index.search(a, 'anything', 10), []);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId)), {});
    });

    it('ranks a rarer term above a common one (idf)', async () => {
      await index.upsert(a, [
        doc('rare', 'zircon ant'),
        doc('c1', 'quartz bee'),
        doc('c2', 'quartz cat'),
        doc('c3', 'quartz dog'),
      ]);
      const hits = await index.search(a, 'zircon quartz', 10);
      assert.equal(hits[0].id, 'rare');
      assert.equal(hits.length, 4);
      assert.ok(hits[0].score > hits[1].score);
    });

    it('gives each word the idf of its analysed term: rarer higher, unseen highest, stop words left out', async () => {
      assert.equal((await index.idf(a, ['quartz'])).size, 0, 'no statistics before any document');
      await index.upsert(a, [
        doc('rare', 'zircon ant'),
        doc('c1', 'quartz bee'),
        doc('c2', 'quartz cat'),
        doc('c3', 'Quartz dog'),
      ]);
      const idf = await index.idf(a, ['zircon', 'quartz', 'unobtainium', 'the']);
      assert.equal(idf.has('the'), false);
      assert.ok(idf.get('zircon')! > idf.get('quartz')!, JSON.stringify([...idf]));
      assert.ok(idf.get('unobtainium')! > idf.get('zircon')!);
      assert.ok(idf.get('quartz')! > 0);
    });

    it('saturates term frequency and normalises by length', async () => {
      await index.upsert(a, [
        doc('tf1', 'kiwi ant bee cat dog eel fox gnu'),
        doc('tf2', 'kiwi kiwi ant bee cat dog eel fox'),
        doc('tf4', 'kiwi kiwi kiwi kiwi ant bee cat dog'),
        doc('short', 'kiwi yak'),
        doc('other', 'mango ant bee cat'),
      ]);
      const scores = new Map((await index.search(a, 'kiwi', 10)).map((hit) => [hit.id, hit.score]));
      const [s1, s2, s4] = [scores.get('tf1')!, scores.get('tf2')!, scores.get('tf4')!];
      assert.ok(s1 < s2 && s2 < s4, 'more occurrences score higher');
      assert.ok(s4 - s2 < 2 * (s2 - s1), 'each extra occurrence adds less');
      assert.ok(s4 < 2 * s1, 'four occurrences score less than twice one');
      assert.ok(scores.get('short')! > s1, 'the shorter document with one occurrence wins');
      assert.equal(scores.has('other'), false);
    });

    it('returns positive scores, best first, and no more than exist when k is larger', async () => {
      await index.upsert(a, [doc('1', 'red apple'), doc('2', 'red red apple pie'), doc('3', 'green pear')]);
      const hits = await index.search(a, 'red apple', 100);
      assert.deepEqual(ids(hits).sort(), ['1', '2']);
      assert.ok(hits.every((hit) => hit.score > 0));
      assert.ok(hits[0].score >= hits[1].score);
    });

    it('matches any term with or, every term with and', async () => {
      await index.upsert(a, [doc('ra', 'red apple'), doc('ga', 'green apple'), doc('rc', 'red car')]);
      assert.deepEqual(ids(await index.search(a, 'red apple', 10)).sort(), ['ga', 'ra', 'rc']);
      assert.deepEqual(ids(await index.search(a, 'red apple', 10, { operator: 'or' })).sort(), [
        'ga',
        'ra',
        'rc',
      ]);
      assert.deepEqual(ids(await index.search(a, 'red apple', 10, { operator: 'and' })), ['ra']);
      assert.deepEqual(await index.search(a, 'red banana', 10, { operator: 'and' }), []);
      assert.deepEqual(ids(await index.search(a, 'the red apple', 10, { operator: 'and' })), ['ra']);
    });

    it('never returns another tenant’s or sub-tenant’s documents, even for identical texts', async () => {
      await index.upsert(a, [doc('a-1', 'shared secret text')]);
      await index.upsert(a2, [doc('a2-1', 'shared secret text')]);
      await index.upsert(b, [doc('b-1', 'shared secret text'), doc('b-2', 'secret only in b')]);
      assert.deepEqual(ids(await index.search(a, 'secret', 10)), ['a-1']);
      assert.deepEqual(ids(await index.search(a2, 'secret', 10)), ['a2-1']);
      assert.deepEqual(ids(await index.search(b, 'secret', 10)).sort(), ['b-1', 'b-2']);
      assert.deepEqual(await index.search({ tenantId: a.tenantId, subTenantId: 'nobody' }, 'secret', 10), []);
    });

    it('keeps the same id apart in two scopes', async () => {
      await index.upsert(a, [doc('same', 'walnut')]);
      await index.upsert(b, [doc('same', 'walnut')]);
      assert.equal(await index.deleteByIds(a, ['same']), 1);
      assert.deepEqual(await index.search(a, 'walnut', 10), []);
      assert.deepEqual(ids(await index.search(b, 'walnut', 10)), ['same']);
    });

    it('filters by sources and kinds without losing k', async () => {
      const strong = Array.from({ length: 20 }, (_, i) => doc(`s${i}`, 'lemon lemon tart', 'loud'));
      const weak = Array.from({ length: 3 }, (_, i) =>
        doc(`w${i}`, 'lemon with many other words around it here', 'quiet', 'inferred'),
      );
      await index.upsert(a, [...strong, ...weak]);
      assert.deepEqual(ids(await index.search(a, 'lemon', 3, { sourceIds: ['quiet'] })).sort(), [
        'w0',
        'w1',
        'w2',
      ]);
      assert.deepEqual(ids(await index.search(a, 'lemon', 3, { kinds: ['inferred'] })).sort(), [
        'w0',
        'w1',
        'w2',
      ]);
      assert.equal((await index.search(a, 'lemon', 30, { sourceIds: ['loud', 'quiet'] })).length, 23);
      assert.deepEqual(await index.search(a, 'lemon', 3, { sourceIds: ['quiet'], kinds: ['chunk'] }), []);
    });

    it('replaces a document by id, in separate and in single batches', async () => {
      await index.upsert(a, [doc('x', 'old wording')]);
      await index.upsert(a, [doc('x', 'fresh wording')]);
      assert.deepEqual(await index.search(a, 'old', 10), []);
      assert.deepEqual(ids(await index.search(a, 'fresh', 10)), ['x']);
      await index.upsert(a, [doc('y', 'first take'), doc('y', 'second take')]);
      assert.deepEqual(await index.search(a, 'first', 10), []);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId)), { main: 2 });
    });

    it('deletes by sources, by ids and by sub-tenant, and counts what remains', async () => {
      await index.upsert(a, [
        doc('1', 'plum one', 's1'),
        doc('2', 'plum two', 's1'),
        doc('3', 'plum three', 's2'),
      ]);
      await index.upsert(a2, [doc('4', 'plum four', 's1')]);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId)), { main: 3, other: 1 });
      assert.equal(await index.deleteBySources(a, ['s1', 'missing']), 2);
      assert.deepEqual(ids(await index.search(a, 'plum', 10)), ['3']);
      assert.deepEqual(ids(await index.search(a2, 'plum', 10)), ['4']);
      assert.equal(await index.deleteByIds(a, ['3', 'never-existed']), 1);
      assert.equal(await index.deleteByIds(a, ['3']), 0);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId)), { other: 1 });
      await index.upsert(a, [doc('5', 'plum five')]);
      await index.deleteSubTenant(a2);
      assert.deepEqual(await index.search(a2, 'plum', 10), []);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId)), { main: 1 });
      await index.upsert(a2, [doc('6', 'plum six')]);
      assert.deepEqual(ids(await index.search(a2, 'plum', 10)), ['6']);
    });

    it('matches case and accent variants through the analyser', async () => {
      await index.upsert(a, [doc('cafe', 'Café Résumé NAÏVE'), doc('none', 'unrelated words')]);
      assert.deepEqual(ids(await index.search(a, 'cafe', 10)), ['cafe']);
      assert.deepEqual(ids(await index.search(a, 'CAFÉ resume', 10, { operator: 'and' })), ['cafe']);
      assert.deepEqual(ids(await index.search(a, 'naive', 10)), ['cafe']);
    });

    it('answers [] for a query of stop words only or of nothing', async () => {
      await index.upsert(a, [doc('1', 'the cat is in the hat')]);
      assert.deepEqual(await index.search(a, 'the and of a', 10), []);
      assert.deepEqual(await index.search(a, 'the and of a', 10, { operator: 'and' }), []);
      assert.deepEqual(await index.search(a, '   ', 10), []);
    });

    it('keeps documents, deletes and counts across a reopen', async (t) => {
      if (!subject.reopen) return t.skip('the adapter does not own its persistence');
      await index.upsert(a, [doc('1', 'persistent fig', 's1'), doc('2', 'persistent date', 's2')]);
      await index.upsert(a2, [doc('3', 'persistent fig')]);
      await index.upsert(a, [doc('1', 'persistent olive', 's1')]);
      await index.deleteBySources(a, ['s2']);
      const before = await index.search(a, 'persistent olive', 10);
      index = await subject.reopen();
      assert.deepEqual(await index.search(a, 'persistent olive', 10), before);
      assert.deepEqual(ids(await index.search(a, 'persistent', 10)), ['1']);
      assert.deepEqual(await index.search(a, 'fig', 10), []);
      assert.deepEqual(Object.fromEntries(await index.countBySubTenant(a.tenantId)), { main: 1, other: 1 });
    });
  });
}
