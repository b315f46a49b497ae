import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { DomainError } from '@trove/contracts';
import { analyze } from '@trove/text';
import { ElasticsearchKeywordIndex } from './elasticsearch-keyword-index';
import { EmbeddedKeywordIndex } from '../embedded-keyword/embedded-keyword-index';
import { keywordIndexContract } from '../../ports/keyword-index.contract';

/*
 * The contract against a real Elasticsearch 8.19 (the client's major) on 127.0.0.1:9200, as
 * tools/ensure-elasticsearch.sh starts it from Maven Central (ELASTICSEARCH_URL or
 * ELASTICSEARCH_PORT point elsewhere). Each test gets its own index, deleted afterwards, so BM25
 * statistics of one test never leak into another's assertions.
 */
const url =
  process.env['ELASTICSEARCH_URL'] ?? `http://127.0.0.1:${process.env['ELASTICSEARCH_PORT'] ?? '9200'}`;
const ANALYZER = 'trove-text-v1';

type Layout = 'shared' | 'per-tenant';
const fresh = (
  client: Client,
  analyzerId = ANALYZER,
  name = `trove-keywords-test-${randomUUID()}`,
  layout: Layout = 'shared',
) => ({
  name,
  index: new ElasticsearchKeywordIndex({ client, index: name, analyze, analyzerId, layout }),
});

/**
 * Deletes the index and, in the per-tenant layout, every tenant index under its name (by name:
 * Elasticsearch refuses wildcards in deletes).
 */
async function erase(client: Client, name: string): Promise<void> {
  const found = await client.indices.get({
    index: `${name}*`,
    allow_no_indices: true,
    ignore_unavailable: true,
  });
  const names = Object.keys(found);
  if (names.length > 0) await client.indices.delete({ index: names, ignore_unavailable: true });
}

for (const layout of ['shared', 'per-tenant'] as const) {
  keywordIndexContract(`ElasticsearchKeywordIndex (${layout})`, async () => {
    let client = new Client({ node: url });
    const name = `trove-keywords-test-${randomUUID()}`;
    return {
      index: fresh(client, ANALYZER, name, layout).index,
      // A new client and adapter on the same index: what a restarted search service does.
      reopen: async () => {
        await client.close();
        client = new Client({ node: url });
        return fresh(client, ANALYZER, name, layout).index;
      },
      dispose: async () => {
        await erase(client, name);
        await client.close();
      },
    };
  });
}

describe('ElasticsearchKeywordIndex on a real server, beyond the contract', () => {
  let client: Client;
  const created: string[] = [];
  const scope = { tenantId: `t-${randomUUID().slice(0, 8)}`, subTenantId: 'main' };
  before(() => {
    client = new Client({ node: url });
  });
  after(async () => {
    for (const name of created) await erase(client, name);
    await client.close();
  });
  const open = (analyzerId = ANALYZER, name?: string, layout: Layout = 'shared') => {
    const made = fresh(client, analyzerId, name, layout);
    created.push(made.name);
    return made;
  };

  it('scores as the embedded index does: same analyser, same BM25', async () => {
    const texts = [
      'The quick brown fox jumps over the lazy dog near the riverbank.',
      'Foxes are small omnivorous mammals; a red fox hunts rodents at dusk.',
      "Kaposi's sarcoma is caused by human herpesvirus 8 (HHV-8) in immunosuppressed patients.",
      'Error E-1234 appears when the sk_live_abc key is revoked; see https://example.com/errors.',
      'Café owners in Zürich reported 1,000 visitors running to the new bakery.',
      'Dogs and foxes both belong to the family Canidae, which also includes wolves.',
    ];
    const docs = texts.map((text, i) => ({ id: `d${i}`, sourceId: `s${i % 2}`, kind: 'chunk', text }));
    const { index: es } = open();
    const directory = await mkdtemp(join(tmpdir(), 'es-parity-'));
    const embedded = await EmbeddedKeywordIndex.open({ directory, analyze, analyzerId: ANALYZER });
    try {
      await es.upsert(scope, docs);
      await embedded.upsert(scope, docs);
      for (const query of [
        'fox',
        'red foxes hunting',
        'HHV-8 sarcoma',
        'E-1234 sk_live_abc',
        'cafe zurich 1000',
      ]) {
        const [a, b] = [await es.search(scope, query, 10), await embedded.search(scope, query, 10)];
        assert.deepEqual(
          a.map((hit) => hit.id).sort(),
          b.map((hit) => hit.id).sort(),
          `same matches for "${query}"`,
        );
        const embeddedScores = new Map(b.map((hit) => [hit.id, hit.score]));
        for (const hit of a) {
          // Lucene keeps document lengths in one byte (SmallFloat): exact for lengths up to 40
          // or so, within a few per cent past that.
          const expected = embeddedScores.get(hit.id)!;
          assert.ok(
            Math.abs(hit.score - expected) <= 0.02 * expected,
            `"${query}" ${hit.id}: ${hit.score} vs ${expected}`,
          );
        }
      }
      const idfEs = await es.idf(scope, ['fox', 'the', 'zircon']);
      const idfEmbedded = await embedded.idf(scope, ['fox', 'the', 'zircon']);
      assert.deepEqual([...idfEs.keys()].sort(), [...idfEmbedded.keys()].sort());
      for (const [word, value] of idfEmbedded) assert.ok(Math.abs(idfEs.get(word)! - value) < 1e-9, word);
    } finally {
      await embedded.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('deletes a source of 2,500 documents through pages of ids, and nothing of another scope', async () => {
    const { index } = open();
    const other = { tenantId: scope.tenantId, subTenantId: 'other' };
    const many = Array.from({ length: 2500 }, (_, i) => ({
      id: `c${i}`,
      sourceId: 'big',
      kind: 'chunk',
      text: `common words row ${i}`,
    }));
    for (let at = 0; at < many.length; at += 500) await index.upsert(scope, many.slice(at, at + 500));
    await index.upsert(scope, [{ id: 'keep', sourceId: 'small', kind: 'chunk', text: 'common words kept' }]);
    await index.upsert(other, [{ id: 'c1', sourceId: 'big', kind: 'chunk', text: 'common words elsewhere' }]);
    assert.equal(await index.deleteBySources(scope, ['big']), 2500);
    assert.deepEqual(
      (await index.search(scope, 'common words', 10)).map((hit) => hit.id),
      ['keep'],
    );
    assert.deepEqual(
      (await index.search(other, 'common words', 10)).map((hit) => hit.id),
      ['c1'],
    );
    await index.deleteSubTenant(scope);
    assert.deepEqual(await index.search(scope, 'common words', 10), []);
    assert.equal((await index.countBySubTenant(scope.tenantId)).get('other'), 1);
  });

  it("keeps a tenant's scores its own in the per-tenant layout (the shared one lets others move them)", async () => {
    const mine = { tenantId: `mine-${randomUUID().slice(0, 8)}`, subTenantId: 'main' };
    const theirs = { tenantId: `theirs-${randomUUID().slice(0, 8)}`, subTenantId: 'main' };
    const docs = [
      { id: 'a', sourceId: 's', kind: 'chunk', text: 'zircon crystals grow slowly' },
      { id: 'b', sourceId: 's', kind: 'chunk', text: 'quartz crystals grow fast' },
    ];
    const crowd = Array.from({ length: 50 }, (_, i) => ({
      id: `c${i}`,
      sourceId: 's',
      kind: 'chunk',
      text: `zircon everywhere ${i}`,
    }));
    const scoreAfterCrowd = async (layout: Layout) => {
      const { index } = open(ANALYZER, undefined, layout);
      await index.upsert(mine, docs);
      const before = await index.search(mine, 'zircon', 5);
      await index.upsert(theirs, crowd);
      const after = await index.search(mine, 'zircon', 5);
      assert.deepEqual(
        after.map((hit) => hit.id),
        ['a'],
      );
      return [before[0]!.score, after[0]!.score];
    };
    const [alone, crowded] = await scoreAfterCrowd('per-tenant');
    assert.equal(crowded, alone, 'another tenant changed the score');
    const [sharedAlone, sharedCrowded] = await scoreAfterCrowd('shared');
    assert.ok(
      sharedCrowded < sharedAlone,
      `${sharedCrowded} vs ${sharedAlone}: the shared layout's idf moved`,
    );
  });

  it('answers reads of a tenant without an index without creating one (per-tenant layout)', async () => {
    const { name, index } = open(ANALYZER, undefined, 'per-tenant');
    const nobody = { tenantId: `nobody-${randomUUID().slice(0, 8)}`, subTenantId: 'main' };
    assert.deepEqual(await index.search(nobody, 'anything', 5), []);
    assert.equal((await index.idf(nobody, ['anything'])).size, 0);
    assert.equal(await index.deleteBySources(nobody, ['s']), 0);
    assert.equal(await index.deleteByIds(nobody, ['x']), 0);
    assert.equal((await index.countBySubTenant(nobody.tenantId)).size, 0);
    const indices = await client.cat.indices({ index: `${name}-*`, format: 'json' });
    assert.equal(indices.length, 0);
    await index.migrate();
  });

  it('refuses, at start, a tenant index built with another analyser (per-tenant layout)', async () => {
    const { name, index } = open('older-analyser', undefined, 'per-tenant');
    await index.upsert(scope, [{ id: 'a', sourceId: 's', kind: 'chunk', text: 'hello world' }]);
    const { index: reader } = fresh(client, ANALYZER, name, 'per-tenant');
    await assert.rejects(
      () => reader.migrate(),
      (error: unknown) => error instanceof DomainError && /older-analyser.*reindex/.test(error.message),
    );
  });

  it('refuses an index built with another analyser, saying to reindex', async () => {
    const { name, index } = open('older-analyser');
    await index.upsert(scope, [{ id: 'a', sourceId: 's', kind: 'chunk', text: 'hello world' }]);
    const { index: reader } = fresh(client, ANALYZER, name);
    const refused = (error: unknown) =>
      error instanceof DomainError && /older-analyser.*reindex/.test(error.message);
    // At start (migrate, which the search module runs before it serves), and on any later use.
    await assert.rejects(() => reader.migrate(), refused);
    await assert.rejects(() => reader.search(scope, 'hello', 5), refused);
  });
});
