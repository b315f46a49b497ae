import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { UsearchVectorIndex } from './usearch-vector-index';
import { describeVectorIndex } from '../../ports/vector-index.contract';
import { vec } from '@trove/testing';

describeVectorIndex('UsearchVectorIndex', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'trove-vectors-'));
  let index = new UsearchVectorIndex({ dataDir });
  return {
    index,
    async reopen() {
      await index.close();
      index = new UsearchVectorIndex({ dataDir });
      return index;
    },
    async dispose() {
      await index.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

describe('UsearchVectorIndex persistence', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trove-vectors-'));
    dirs.push(dir);
    return dir;
  };
  after(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const scope = { tenantId: 'acme', subTenantId: 'main' };
  const model = { modelId: 'm', dimension: 3 };
  const item = (id: string, vector: Float32Array) => ({ id, sourceId: 's', kind: 'chunk', vector });

  it('recovers writes from the log after a crash (no close), dropping a torn last record', async () => {
    const dataDir = await tempDir();
    const crashed = new UsearchVectorIndex({ dataDir });
    await crashed.ensureSpace('acme', 'chunks', model);
    await crashed.upsert(scope, 'chunks', [item('a', vec(1, 0, 0)), item('b', vec(0, 1, 0))]);
    await crashed.deleteByIds(scope, 'chunks', ['b']);
    // A write cut short by the crash: a length prefix promising more bytes than exist.
    const shardDir = join(dataDir, 'tenants', `x${Buffer.from('acme').toString('hex')}`, 'chunks');
    const [sub] = await readdir(shardDir);
    await appendFile(join(shardDir, sub!, 'log-0.bin'), Buffer.from([200, 0, 0, 0, 1, 2, 3]));

    const reopened = new UsearchVectorIndex({ dataDir });
    assert.deepEqual(
      (await reopened.search(scope, 'chunks', vec(1, 0, 0), 5)).map((h) => h.id),
      ['a'],
    );
    await reopened.upsert(scope, 'chunks', [item('c', vec(0, 0, 1))]);
    await reopened.close();
    const third = new UsearchVectorIndex({ dataDir });
    assert.deepEqual(
      (await third.search(scope, 'chunks', vec(0, 0, 1), 5)).map((h) => h.id),
      ['c', 'a'],
    );
    await third.close();
    await crashed.close();
  });

  it('snapshots graph and vectors once the log passes its limit, and reopens from them', async () => {
    const dataDir = await tempDir();
    const index = new UsearchVectorIndex({ dataDir, snapshotAfterLogBytes: 1 });
    await index.ensureSpace('acme', 'chunks', model);
    await index.upsert(scope, 'chunks', [item('a', vec(1, 0, 0))]);
    await index.upsert(scope, 'chunks', [item('b', vec(0, 1, 0))]);
    const shardDir = join(dataDir, 'tenants', `x${Buffer.from('acme').toString('hex')}`, 'chunks');
    const [sub] = await readdir(shardDir);
    assert.deepEqual((await readdir(join(shardDir, sub!))).sort(), [
      'graph-v2-2.usearch',
      'log-2.bin',
      'scope.json',
      'snapshot.bin',
    ]);
    await index.close();
    const reopened = new UsearchVectorIndex({ dataDir });
    assert.deepEqual(
      (await reopened.search(scope, 'chunks', vec(0, 1, 0), 5)).map((h) => h.id),
      ['b', 'a'],
    );
    await reopened.close();
    // A graph an older version saved (v1: not centred) is not loaded: it goes, and the graph is rebuilt.
    await rename(join(shardDir, sub!, 'graph-v2-2.usearch'), join(shardDir, sub!, 'graph-2.usearch'));
    const upgraded = new UsearchVectorIndex({ dataDir });
    assert.deepEqual(
      (await upgraded.search(scope, 'chunks', vec(1, 0, 0), 5)).map((h) => h.id),
      ['a', 'b'],
    );
    assert.deepEqual((await readdir(join(shardDir, sub!))).sort(), [
      'log-2.bin',
      'scope.json',
      'snapshot.bin',
    ]);
    await upgraded.close();
  });

  it('keeps hostile tenant ids inside the data directory and erases a deleted sub-tenant’s files', async () => {
    const dataDir = await tempDir();
    const index = new UsearchVectorIndex({ dataDir });
    const evil = { tenantId: '../../etc', subTenantId: '../..' };
    await index.ensureSpace(evil.tenantId, 'chunks', model);
    await index.upsert(evil, 'chunks', [item('a', vec(1, 0, 0))]);
    assert.deepEqual(await readdir(dataDir), ['tenants']);
    assert.deepEqual(Object.fromEntries(await index.countBySubTenant(evil.tenantId, 'chunks')), {
      '../..': 1,
    });
    await index.deleteSubTenant(evil);
    const tenantDir = join(dataDir, 'tenants', `x${Buffer.from('../../etc').toString('hex')}`);
    assert.deepEqual(await readdir(join(tenantDir, 'chunks')), []);
    await index.close();
  });
});
