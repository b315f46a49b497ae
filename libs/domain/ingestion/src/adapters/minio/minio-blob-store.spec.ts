import { DomainError } from '@trove/contracts';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { MinioBlobStore } from './minio-blob-store';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('MinioBlobStore: a store that cannot be reached', () => {
  it('answers SERVICE_UNAVAILABLE naming the S3 blob store, for every call', async () => {
    const store = new MinioBlobStore({
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      accessKey: 'k',
      secretKey: 'secret-key',
      bucket: 'trove-blobs',
    });
    const unavailable = (error: unknown) =>
      error instanceof DomainError &&
      error.code === 'SERVICE_UNAVAILABLE' &&
      /S3 blob store is unavailable/.test(error.message);
    await assert.rejects(store.put('t/s/a', new Uint8Array([1]), 'text/plain'), unavailable);
    await assert.rejects(store.get('t/s/a'), unavailable);
    await assert.rejects(store.delete('t/s/a'), unavailable);
    await assert.rejects(store.deletePrefix('t/s/'), unavailable);
    await assert.rejects(store.ping(), unavailable);
  });
});
