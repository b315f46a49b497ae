import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsRawVectorStore } from './fs-raw-vector-store';
import { describeRawVectorStore } from '../../ports/raw-vector-store.contract';

describeRawVectorStore('FsRawVectorStore', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trove-raw-vectors-'));
  return {
    store: new FsRawVectorStore(dir),
    another: () => Promise.resolve(new FsRawVectorStore(dir)),
    dispose: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
});
