import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PgliteDatabase } from '@trove/platform-database';
import { KeyedLock } from '../shared/keyed-lock';
import { FsRawVectorStore } from '../adapters/fs/fs-raw-vector-store';
import { RawBatchIndexer } from './raw-batch-indexer';
import { CountingIndex, storeQueuedBatches } from '../testing/raw-indexing-fixtures';
import { SqlRawBatchStore } from '../adapters/sql/sql-raw-batch-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const timings = { leaseMs: 60_000, sweepIntervalMs: 60_000 };

describe('indexing leases (SqlRawBatchStore on PGlite) and RawBatchIndexer', () => {
  let dir: string;
  let db: PgliteDatabase;
  let batches: SqlRawBatchStore;
  let store: FsRawVectorStore;
  let index: CountingIndex;
  let tenant = 0;
  /** A tenant of its own per test, its `raw` space ready. */
  const newScope = async () => {
    const scope = { tenantId: `t${++tenant}`, subTenantId: 'main' };
    await index.ensureSpace(scope.tenantId, 'raw', { modelId: 'caller-provided', dimension: 4 });
    return scope;
  };
  /** Another process over the same database, files and index (what replicas share). */
  const replica = (leaseMs = timings.leaseMs) =>
    new RawBatchIndexer(index, batches, store, new KeyedLock(), { ...timings, leaseMs });
  const upserts = (scope: { tenantId: string }, id: string) => index.upserts.get(`${scope.tenantId}/${id}`);
  const status = async (scope: { tenantId: string; subTenantId: string }, id: string) =>
    (await batches.get(scope, id))?.status;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trove-raw-claims-'));
    db = await PgliteDatabase.open('memory://');
    batches = new SqlRawBatchStore(db);
    await batches.migrate();
    store = new FsRawVectorStore(join(dir, 'raw'));
    index = new CountingIndex({ dataDir: join(dir, 'vectors') });
  });
  after(async () => {
    await index.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('grants a batch to one claim at a time, at its current generation only', async () => {
    const scope = await newScope();
    const [id] = await storeQueuedBatches(batches, store, scope, 1);
    assert.equal(await batches.claim(scope, id!, 2, 'a', 60_000), false, 'a generation it is not at');
    assert.equal(await batches.claim(scope, id!, 1, 'a', 60_000), true);
    assert.equal(await status(scope, id!), 'processing');
    assert.equal(await batches.claim(scope, id!, 1, 'b', 60_000), false, 'a live lease');
    assert.equal(await batches.claimNext('b', 60_000), null);
    assert.equal(await batches.renew(scope, id!, 'b', 60_000), false);
    assert.equal(await batches.renew(scope, id!, 'a', 60_000), true);
    await batches.release(scope, id!, 'b');
    assert.equal(
      await batches.claim(scope, id!, 1, 'b', 60_000),
      false,
      'released by one who did not hold it',
    );
    await batches.release(scope, id!, 'a');
    assert.equal(await batches.claim(scope, id!, 1, 'b', 60_000), true, 'left processing without a lease');
    await batches.setStatus(scope, id!, 1, 'completed');
    await batches.release(scope, id!, 'b');
    assert.equal(await batches.claim(scope, id!, 1, 'c', 60_000), false, 'done');
    assert.equal(await batches.claimNext('c', 60_000), null);
  });

  it('lets another take over a lease that ran out, and the old holder can no longer renew it', async () => {
    const scope = await newScope();
    const [id] = await storeQueuedBatches(batches, store, scope, 1);
    assert.equal(await batches.claim(scope, id!, 1, 'dead', 40), true);
    await sleep(80);
    const taken = await batches.claimNext('alive', 60_000);
    assert.deepEqual(taken, { scope, fileId: id, generation: 1 });
    assert.equal(await batches.renew(scope, id!, 'dead', 60_000), false);
    await batches.setStatus(scope, id!, 1, 'completed');
    await batches.release(scope, id!, 'alive');
  });

  it('has each owed batch indexed once when two replicas look for work at the same moment', async () => {
    const scope = await newScope();
    const ids = await storeQueuedBatches(batches, store, scope, 8);
    const [a, b] = [replica(), replica()];
    const counts = await Promise.all([a.sweep(), b.sweep()]);
    assert.equal(counts[0] + counts[1], ids.length, `indexed ${counts.join(' + ')}`);
    for (const id of ids) {
      assert.equal(upserts(scope, id), 1, `${id} indexed ${upserts(scope, id) ?? 0} times`);
      assert.equal(await status(scope, id), 'completed');
    }
    await Promise.all([a.close(), b.close()]);
  });

  it('leaves a batch another replica is indexing to it, and takes it over once its lease runs out', async () => {
    const scope = await newScope();
    const [id] = await storeQueuedBatches(batches, store, scope, 1);
    // A replica claimed it and died without a word.
    assert.ok(await batches.claim(scope, id!, 1, 'dead-replica', 150));
    const survivor = replica();
    survivor.push({ scope, fileId: id!, generation: 1 });
    await survivor.idle();
    assert.equal(await survivor.sweep(), 0);
    assert.equal(upserts(scope, id!), undefined);
    assert.equal(await status(scope, id!), 'processing');
    await sleep(200);
    assert.equal(await survivor.sweep(), 1);
    assert.equal(upserts(scope, id!), 1);
    assert.equal(await status(scope, id!), 'completed');
    await survivor.close();
  });

  it('renews its lease while a batch takes longer to index than the lease', async () => {
    const scope = await newScope();
    const [id] = await storeQueuedBatches(batches, store, scope, 1);
    const slow = replica(90);
    const original = index.upsert.bind(index);
    let rival: boolean | undefined;
    index.upsert = async (...args) => {
      await sleep(200);
      rival = await batches.claim(scope, id!, 1, 'rival', 60_000);
      return original(...args);
    };
    try {
      slow.push({ scope, fileId: id!, generation: 1 });
      await slow.idle();
    } finally {
      index.upsert = original;
    }
    assert.equal(rival, false, 'a rival claimed a batch whose indexing was still running');
    assert.equal(await status(scope, id!), 'completed');
    await slow.close();
  });

  it('stops looking for work when closed', async () => {
    const scope = await newScope();
    const [id] = await storeQueuedBatches(batches, store, scope, 1);
    const closed = replica();
    await closed.close();
    assert.equal(await closed.sweep(), 0);
    assert.equal(await status(scope, id!), 'queued');
    assert.deepEqual(await batches.claimNext('later', 60_000), { scope, fileId: id, generation: 1 });
  });
});
