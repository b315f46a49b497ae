import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TenantPatterns } from '@trove/contracts';
import { PostgresDatabase } from '@trove/platform-database';
import {
  bytesAsFloat32,
  float32Bytes,
  InMemoryPayloadStash,
  packBytes,
  unpackBytes,
} from '@trove/platform-transport';
import {
  createScratchPostgresDatabase,
  RecordingTransportClient,
  ScratchPostgresDatabase,
} from '@trove/testing';
import { KeyedLock } from '../../shared/keyed-lock';
import { RawBatchIndexer } from '../../raw-embeddings/raw-batch-indexer';
import { RawEmbeddingsService } from '../../raw-embeddings/raw-embeddings.service';
import { CountingIndex, storeQueuedBatches } from '../../testing/raw-indexing-fixtures';
import { describeRawVectorStore } from '../../ports/raw-vector-store.contract';
import { SqlRawBatchStore } from './sql-raw-batch-store';
import { SqlRawVectorStore } from './sql-raw-vector-store';

describeRawVectorStore('SqlRawVectorStore (PostgreSQL)', async () => {
  const scratch = await createScratchPostgresDatabase();
  const databases = [await PostgresDatabase.connect(scratch.url, { max: 4 })];
  const store = new SqlRawVectorStore(databases[0]!);
  await store.migrate();
  return {
    store,
    async another() {
      const db = await PostgresDatabase.connect(scratch.url, { max: 2 });
      databases.push(db);
      return new SqlRawVectorStore(db);
    },
    async dispose() {
      await Promise.all(databases.map((db) => db.close()));
      await scratch.drop();
    },
  };
});

/** Search-service replicas: each its own pool on one database; the vector index (Qdrant in production) shared. */
describe('raw embeddings across replicas (PostgreSQL)', () => {
  let scratch: ScratchPostgresDatabase;
  let dir: string;
  let index: CountingIndex;
  const databases: PostgresDatabase[] = [];
  const replica = async () => {
    const db = await PostgresDatabase.connect(scratch.url, { max: 4 });
    databases.push(db);
    return { db, batches: new SqlRawBatchStore(db), store: new SqlRawVectorStore(db) };
  };

  before(async () => {
    scratch = await createScratchPostgresDatabase();
    dir = mkdtempSync(join(tmpdir(), 'trove-raw-replicas-'));
    index = new CountingIndex({ dataDir: join(dir, 'vectors') });
    await (await replica()).batches.migrate();
  });
  after(async () => {
    await index.close();
    await Promise.all(databases.map((db) => db.close()));
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every row of patches to one batch sent by two replicas at once', async () => {
    const [a, b] = [await replica(), await replica()];
    const scope = { tenantId: 'patches', subTenantId: 'main' };
    await a.store.write(scope, 'p', 2, new Float32Array(40 * 2));
    await Promise.all(
      Array.from({ length: 40 }, (_, row) =>
        (row % 2 ? a : b).store.patch(scope, 'p', [row], Float32Array.of(row + 1, -(row + 1))),
      ),
    );
    const stored = await b.store.read(scope, 'p');
    const lost = Array.from({ length: 40 }, (_, row) => row).filter(
      (row) => stored!.vectors[row * 2] !== row + 1,
    );
    assert.deepEqual(lost, [], `rows lost to a concurrent patch: ${lost.join(', ')}`);
  });

  it('has each owed batch indexed by exactly one of three replicas starting together', async () => {
    const replicas = [await replica(), await replica(), await replica()];
    const scope = { tenantId: 'owed', subTenantId: 'main' };
    await index.ensureSpace(scope.tenantId, 'raw', { modelId: 'caller-provided', dimension: 4 });
    const ids = await storeQueuedBatches(replicas[0]!.batches, replicas[0]!.store, scope, 30);
    const indexers = replicas.map(
      ({ batches, store }) => new RawBatchIndexer(index, batches, store, new KeyedLock()),
    );
    const counts = await Promise.all(indexers.map((indexer) => indexer.sweep()));
    assert.equal(
      counts.reduce((sum, n) => sum + n, 0),
      ids.length,
    );
    const twice = ids.filter((id) => index.upserts.get(`owed/${id}`) !== 1);
    assert.deepEqual(twice, [], 'batches not indexed exactly once');
    for (const id of ids) assert.equal((await replicas[2]!.batches.get(scope, id))?.status, 'completed');
    await Promise.all(indexers.map((indexer) => indexer.close()));
  });

  it('indexes and reads back, on one replica, vectors another replica accepted', async () => {
    const stash = new InMemoryPayloadStash();
    const transport = new RecordingTransportClient().respond(TenantPatterns.ensureSubTenant, () => ({}));
    const [a, b] = [await replica(), await replica()];
    const accepting = new RawEmbeddingsService(index, a.batches, a.store, stash, transport);
    const other = new RawEmbeddingsService(index, b.batches, b.store, stash, transport);
    // The accepting replica stops before indexing (a pod replaced mid-way): the other one finishes.
    await accepting.close();
    const acme = { tenant_id: 'acme', sub_tenant_id: 'acme' };
    const values = Float32Array.from({ length: 5 * 6 }, (_, i) => Math.cos(i) + (i % 7 === 0 ? 2 : 0));
    await accepting.upload({
      ...acme,
      file_id: 'f',
      rows: 5,
      dimension: 6,
      vectors: await packBytes(stash, float32Bytes(values)),
    });
    await other.resume();
    assert.equal((await other.status({ ...acme, file_id: 'f' })).status?.indexing_status, 'completed');
    const query = values.slice(18, 24);
    const found = await other.search({
      ...acme,
      query: Buffer.from(float32Bytes(query)).toString('base64'),
      limit: 1,
      include_embedding: true,
    });
    assert.equal(found.hits[0]?.chunk_id, 'f_3');
    assert.deepEqual([...bytesAsFloat32(await unpackBytes(stash, found.embeddings!))], [...query]);
    await other.close();
    await stash.close();
  });
});
