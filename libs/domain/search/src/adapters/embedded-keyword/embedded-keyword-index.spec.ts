import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { bm25Idf } from '../keyword-common/bm25';
import { EmbeddedKeywordIndex } from './embedded-keyword-index';
import { keywordIndexContract } from '../../ports/keyword-index.contract';

const STOP_WORDS = new Set(['the', 'and', 'of', 'a', 'an', 'in', 'to', 'is', 'are', 'with', 'it']);

/** A test analyser: lower case, accents folded, split on anything not a letter or digit, stop words. */
function analyze(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0 && !STOP_WORDS.has(token));
}

let root: string;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'keyword-index-'));
});
after(async () => rm(root, { recursive: true, force: true }));

let counter = 0;
const freshDirectory = () => join(root, `index-${++counter}`);
const scope = { tenantId: 'acme', subTenantId: 'main' };
const doc = (id: string, text: string, sourceId = 'src') => ({ id, sourceId, kind: 'chunk', text });

keywordIndexContract('EmbeddedKeywordIndex', async () => {
  const directory = freshDirectory();
  let index = await EmbeddedKeywordIndex.open({ directory, analyze });
  return {
    index,
    reopen: async () => {
      await index.close();
      return (index = await EmbeddedKeywordIndex.open({ directory, analyze }));
    },
    dispose: () => index.close(),
  };
});

describe('EmbeddedKeywordIndex', () => {
  it('scores with Lucene BM25 (k1 1.2, b 0.75)', async () => {
    const index = await EmbeddedKeywordIndex.open({ directory: freshDirectory(), analyze });
    await index.upsert(scope, [doc('1', 'fig fig date'), doc('2', 'date'), doc('3', 'plum plum plum')]);
    const [hit] = await index.search(scope, 'fig', 1);
    const avgLength = (3 + 1 + 3) / 3;
    const norm = 1.2 * (1 - 0.75 + (0.75 * 3) / avgLength);
    assert.equal(hit.id, '1');
    assert.ok(Math.abs(hit.score - (bm25Idf(3, 1) * 2.2 * 2) / (2 + norm)) < 1e-9);
    await index.close();
  });

  it("answers idf from the scope's own statistics, as BM25 scores it, whatever other scopes hold", async () => {
    const index = await EmbeddedKeywordIndex.open({ directory: freshDirectory(), analyze });
    await index.upsert(scope, [doc('1', 'fig date'), doc('2', 'date'), doc('3', 'plum')]);
    await index.upsert({ ...scope, subTenantId: 'other' }, [
      doc('1', 'fig'),
      doc('2', 'fig'),
      doc('3', 'fig'),
    ]);
    await index.upsert({ tenantId: 'other', subTenantId: 'main' }, [doc('1', 'fig')]);
    const idf = await index.idf(scope, ['fig', 'date', 'kiwi', 'and']);
    assert.deepEqual(
      [...idf],
      [
        ['fig', bm25Idf(3, 1)],
        ['date', bm25Idf(3, 2)],
        ['kiwi', bm25Idf(3, 0)],
      ],
    );
    await index.deleteByIds(scope, ['1']);
    assert.equal(
      (await index.idf(scope, ['date'])).get('date'),
      bm25Idf(2, 1),
      'a delete corrects the statistics',
    );
    await index.close();
  });

  it('reopens after a torn last record and keeps every whole one', async () => {
    const directory = freshDirectory();
    const index = await EmbeddedKeywordIndex.open({ directory, analyze });
    await index.upsert(scope, [doc('1', 'kept apple')]);
    await index.upsert(scope, [doc('2', 'kept pear')]);
    // No close(), which would snapshot: a crash leaves the log as the writes left it.
    const log = await findFile(directory, 'log.bin');
    const bytes = await readFile(log);
    await writeFile(log, bytes.subarray(0, bytes.length - 5));
    const reopened = await EmbeddedKeywordIndex.open({ directory, analyze });
    assert.deepEqual(
      (await reopened.search(scope, 'kept', 10)).map((h) => h.id),
      ['1'],
    );
    await reopened.upsert(scope, [doc('3', 'kept plum')]);
    await reopened.close();
    const again = await EmbeddedKeywordIndex.open({ directory, analyze });
    assert.deepEqual((await again.search(scope, 'kept', 10)).map((h) => h.id).sort(), ['1', '3']);
    await again.close();
  });

  it('stops replaying at a record whose checksum fails', async () => {
    const directory = freshDirectory();
    const index = await EmbeddedKeywordIndex.open({ directory, analyze });
    await index.upsert(scope, [doc('1', 'kept apple')]);
    await appendFile(await findFile(directory, 'log.bin'), Buffer.from([4, 0, 0, 0, 1, 2, 3, 4, 9, 9, 9, 9]));
    const reopened = await EmbeddedKeywordIndex.open({ directory, analyze });
    assert.deepEqual(
      (await reopened.search(scope, 'kept', 10)).map((h) => h.id),
      ['1'],
    );
    await reopened.close();
  });

  it('snapshots, replays the log after the snapshot, and compacts after many deletes', async () => {
    const directory = freshDirectory();
    const options = { directory, analyze, snapshotAfterBytes: 2_000 };
    const index = await EmbeddedKeywordIndex.open(options);
    const docs = Array.from({ length: 3_000 }, (_, i) =>
      doc(`d${i}`, `common word${i % 50} number${i}`, `s${i % 3}`),
    );
    for (let i = 0; i < docs.length; i += 100) await index.upsert(scope, docs.slice(i, i + 100));
    assert.equal(await index.deleteBySources(scope, ['s0', 's1']), 2_000);
    await index.upsert(scope, [doc('d2', 'replaced text')]);
    const expected = await index.search(scope, 'common word7 number7', 20);
    assert.ok((await readdirRecursive(directory)).some((f) => f.endsWith('snapshot.bin')));
    assert.ok((await readFile(await findFile(directory, 'log.bin'))).length > 0, 'a log after the snapshot');
    // First as after a crash (snapshot plus log), then after a clean close (snapshot only).
    for (let round = 0; round < 2; round++) {
      const reopened = await EmbeddedKeywordIndex.open(options);
      assert.deepEqual(await reopened.search(scope, 'common word7 number7', 20), expected);
      assert.deepEqual(Object.fromEntries(await reopened.countBySubTenant('acme')), { main: 1_000 });
      assert.deepEqual(
        (await reopened.search(scope, 'replaced', 5)).map((h) => h.id),
        ['d2'],
      );
      await reopened.close();
    }
    assert.equal((await readFile(await findFile(directory, 'log.bin'))).length, 0, 'close() snapshots');
  });

  it('applies concurrent writes to one partition in order', async () => {
    const directory = freshDirectory();
    const index = await EmbeddedKeywordIndex.open({ directory, analyze });
    const writes = Array.from({ length: 50 }, (_, i) =>
      i % 5 === 4
        ? index.deleteByIds(scope, [`d${i - 1}`])
        : index.upsert(scope, [doc(`d${i}`, `busy item${i}`)]),
    );
    await Promise.all(writes);
    const live = (await index.search(scope, 'busy', 100)).map((h) => h.id).sort();
    assert.equal(live.length, 30);
    await index.close();
    const reopened = await EmbeddedKeywordIndex.open({ directory, analyze });
    assert.deepEqual((await reopened.search(scope, 'busy', 100)).map((h) => h.id).sort(), live);
    await reopened.close();
  });

  it('erases a deleted sub-tenant’s files', async () => {
    const directory = freshDirectory();
    const index = await EmbeddedKeywordIndex.open({ directory, analyze });
    await index.upsert(scope, [doc('1', 'private note')]);
    await index.upsert({ tenantId: 'acme', subTenantId: 'keep' }, [doc('2', 'kept note')]);
    assert.equal((await readdirRecursive(directory)).filter((f) => f.endsWith('scope.json')).length, 2);
    await index.deleteSubTenant(scope);
    assert.equal((await readdirRecursive(directory)).filter((f) => f.endsWith('scope.json')).length, 1);
    await index.close();
  });

  it('refuses to reopen with another analyser', async () => {
    const directory = freshDirectory();
    await (await EmbeddedKeywordIndex.open({ directory, analyze, analyzerId: 'v1' })).close();
    await assert.rejects(EmbeddedKeywordIndex.open({ directory, analyze, analyzerId: 'v2' }), DomainError);
  });

  it('rejects invalid scopes, k and operators with INVALID_PARAMETERS, and use after close', async () => {
    const index = await EmbeddedKeywordIndex.open({ directory: freshDirectory(), analyze });
    const invalid = { code: 'INVALID_PARAMETERS' };
    await assert.rejects(index.search({ tenantId: '', subTenantId: 'x' }, 'q', 10), invalid);
    await assert.rejects(index.search(scope, 'q', 0), invalid);
    await assert.rejects(index.search(scope, 'q', 10, { operator: 'xor' as 'or' }), invalid);
    await assert.rejects(index.upsert(scope, [{ id: '', sourceId: 's', kind: 'k', text: 't' }]), invalid);
    await index.close();
    await assert.rejects(index.search(scope, 'q', 10), { code: 'SERVICE_UNAVAILABLE' });
  });
});

async function readdirRecursive(directory: string): Promise<string[]> {
  return (await readdir(directory, { recursive: true })).map((f) => join(directory, f));
}

async function findFile(directory: string, name: string): Promise<string> {
  const found = (await readdirRecursive(directory)).find((f) => f.endsWith(name));
  assert.ok(found, `${name} under ${directory}`);
  return found;
}
