import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { DomainError } from '@trove/contracts';
import { clusteredVectors, vec } from '@trove/testing';
import { ElasticsearchVectorIndex } from './elasticsearch-vector-index';
import { registryId, spaceIndexesOf } from './elasticsearch-vector-requests';
import { describeVectorIndex } from '../../ports/vector-index.contract';

/*
 * The contract against a real Elasticsearch 8.19 on 127.0.0.1:9200, as
 * tools/ensure-elasticsearch.sh starts it from Maven Central (ELASTICSEARCH_URL or
 * ELASTICSEARCH_PORT point elsewhere). Each run takes its own index prefix and deletes its
 * indexes afterwards.
 */
const url =
  process.env['ELASTICSEARCH_URL'] ?? `http://127.0.0.1:${process.env['ELASTICSEARCH_PORT'] ?? '9200'}`;

const newPrefix = () => `trove-vectors-test-${randomUUID().slice(0, 8)}`;
/** Deletes a prefix's indexes by name (the server refuses wildcard deletes). */
async function removeIndexes(client: Client, prefix: string): Promise<void> {
  const names = Object.keys(await client.indices.get({ index: `${prefix}-*`, allow_no_indices: true }));
  const own = names.filter(
    (name) => name === `${prefix}-spaces` || spaceIndexesOf(prefix, [name]).length > 0,
  );
  if (own.length > 0) await client.indices.delete({ index: own.join(','), ignore_unavailable: true });
}

for (const layout of ['int8_hnsw', 'hnsw'] as const) {
  describeVectorIndex(`ElasticsearchVectorIndex (${layout})`, async () => {
    let client = new Client({ node: url });
    const indexPrefix = newPrefix();
    const open = () => new ElasticsearchVectorIndex({ client, indexPrefix, layout, batchSize: 64 });
    let index = open();
    return {
      index,
      // A new client and adapter on the same indexes: what a restarted search service does.
      async reopen() {
        await index.close();
        await client.close();
        client = new Client({ node: url });
        index = open();
        return index;
      },
      async dispose() {
        await index.close();
        await removeIndexes(client, indexPrefix);
        await client.close();
      },
    };
  });
}

describe('ElasticsearchVectorIndex on a real server, beyond the contract', () => {
  let client: Client;
  const prefixes: string[] = [];
  const open = (indexPrefix = newPrefix()) => {
    if (!prefixes.includes(indexPrefix)) prefixes.push(indexPrefix);
    return new ElasticsearchVectorIndex({ client, indexPrefix });
  };
  const scope = () => ({ tenantId: `t-${randomUUID().slice(0, 8)}`, subTenantId: 'main' });
  before(() => {
    client = new Client({ node: url });
  });
  after(async () => {
    for (const prefix of prefixes) await removeIndexes(client, prefix);
    await client.close();
  });

  it('lets one of two replicas recording different first models win, the other sees a mismatch', async () => {
    const prefix = newPrefix();
    const [a, b] = [open(prefix), open(prefix)];
    const { tenantId } = scope();
    const results = await Promise.allSettled([
      a.ensureSpace(tenantId, 'chunks', { modelId: 'first', dimension: 4 }),
      b.ensureSpace(tenantId, 'chunks', { modelId: 'second', dimension: 8 }),
    ]);
    const failed = results.filter((r) => r.status === 'rejected');
    assert.equal(failed.length, 1);
    const reason = (failed[0] as PromiseRejectedResult).reason as DomainError;
    assert.equal(reason.code, 'DIMENSION_MISMATCH');
    assert.deepEqual(await a.spaceModel(tenantId, 'chunks'), await b.spaceModel(tenantId, 'chunks'));
  });

  it('sees a space another replica dropped and rebuilt with another model', async () => {
    const prefix = newPrefix();
    const [a, b] = [open(prefix), open(prefix)];
    const s = scope();
    await a.ensureSpace(s.tenantId, 'chunks', { modelId: 'old', dimension: 4 });
    assert.equal((await b.spaceModel(s.tenantId, 'chunks'))?.modelId, 'old');
    await a.dropSpace(s.tenantId, 'chunks');
    await a.ensureSpace(s.tenantId, 'chunks', { modelId: 'new', dimension: 3 });
    // b's cached 'old' is re-read before a mismatch is reported.
    await b.ensureSpace(s.tenantId, 'chunks', { modelId: 'new', dimension: 3 });
    await b.upsert(s, 'chunks', [{ id: 'x', sourceId: 's', kind: 'chunk', vector: vec(0, 0, 1) }]);
    assert.deepEqual(
      (await a.search(s, 'chunks', vec(0, 0, 1), 1)).map((h) => h.id),
      ['x'],
    );
  });

  it('deletes a sub-tenant in an index of a dimension its tenant no longer records, never in another prefix', async () => {
    const prefix = newPrefix();
    const index = open(prefix);
    const longer = open(`${prefix}-x`);
    const s = scope();
    await index.ensureSpace(s.tenantId, 'chunks', { modelId: 'm', dimension: 4 });
    await longer.ensureSpace(s.tenantId, 'chunks', { modelId: 'm', dimension: 4 });
    const item = { id: 'a', sourceId: 's', kind: 'chunk', vector: vec(1, 0, 0, 0) };
    await index.upsert(s, 'chunks', [item]);
    await longer.upsert(s, 'chunks', [item]);
    // A document left in the 4-d index while the registry now records 2 dimensions.
    await client.delete({ index: `${prefix}-spaces`, id: registryId(s.tenantId, 'chunks') });
    const fresh = open(prefix);
    await fresh.ensureSpace(s.tenantId, 'chunks', { modelId: 'm2', dimension: 2 });
    await fresh.deleteSubTenant(s);
    const left = await client.count({
      index: `${prefix}-chunks-4`,
      query: { term: { tenant_id: s.tenantId } },
    });
    assert.equal(left.count, 0);
    assert.equal((await longer.search(s, 'chunks', vec(1, 0, 0, 0), 5)).length, 1);
  });

  it('pages deletes and vector reads past one page', async () => {
    const index = open();
    const s = scope();
    await index.ensureSpace(s.tenantId, 'chunks', { modelId: 'm', dimension: 8 });
    const data = clusteredVectors(2500, 8, 11);
    await index.upsert(
      s,
      'chunks',
      data.map((vector, i) => ({ id: `c${i}`, sourceId: i < 2200 ? 'big' : 'small', kind: 'chunk', vector })),
    );
    const vectors = await index.vectorsOf(
      s,
      'chunks',
      data.map((_, i) => `c${i}`),
    );
    assert.equal(vectors.size, 2500);
    assert.equal(await index.deleteBySources(s, 'chunks', ['big']), 2200);
    assert.deepEqual(Object.fromEntries(await index.countBySubTenant(s.tenantId, 'chunks')), { main: 300 });
  });

  it('reports an unreachable server as SERVICE_UNAVAILABLE', async () => {
    const down = new ElasticsearchVectorIndex({ node: 'http://127.0.0.1:9', indexPrefix: newPrefix() });
    try {
      await assert.rejects(down.ping(), (e) => e instanceof DomainError && e.code === 'SERVICE_UNAVAILABLE');
      await assert.rejects(
        down.spaceModel('t', 'chunks'),
        (e) => e instanceof DomainError && e.code === 'SERVICE_UNAVAILABLE',
      );
    } finally {
      await down.close();
    }
  });
});
