import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { blobStoreContract } from '../../ports/blob-store.contract';
import { blobKey } from '../../ports/blob-store';
import { FsBlobStore } from './fs-blob-store';

blobStoreContract('FsBlobStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'trove-blobs-'));
  return { store: new FsBlobStore(root), presigns: false, dispose: () => rm(root, { recursive: true, force: true }) };
});

describe('FsBlobStore', () => {
  it('keeps every object inside its root, whatever the ids', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'trove-blobs-'));
    try {
      const store = new FsBlobStore(join(parent, 'root'));
      await store.put(blobKey('..', '..', '..'), Buffer.from('x'), 'text/plain');
      assert.deepEqual(await readdir(parent), ['root']);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('leaves no temporary files behind', async () => {
    const root = await mkdtemp(join(tmpdir(), 'trove-blobs-'));
    try {
      const store = new FsBlobStore(root);
      await Promise.all([1, 2, 3].map((n) => store.put(blobKey('t', 't', 's'), Buffer.from(String(n)), 'text/plain')));
      const files = (await readdir(join(root, 't', 't'))).sort();
      assert.deepEqual(files, ['s.blob', 's.type']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
