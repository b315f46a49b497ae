import { randomUUID } from 'node:crypto';
import { Client } from 'minio';
import { blobStoreContract } from '../../ports/blob-store.contract';
import { MinioBlobStore } from './minio-blob-store';

/*
 * The contract against a real S3 server: S3Mock, which tools/ensure-servers.sh starts on
 * 127.0.0.1:9090 (S3_TEST_URL overrides, e.g. a MinIO server). Each test gets its own bucket.
 * S3Mock does not check signatures, so expiry and tampering of presigned links are tested on
 * our own signing code (gateway), not here.
 */
const endpoint = process.env['S3_TEST_URL'] ?? 'http://127.0.0.1:9090';
const accessKey = process.env['S3_TEST_ACCESS_KEY'] ?? 'test';
const secretKey = process.env['S3_TEST_SECRET_KEY'] ?? 'test-secret';
const PART_SIZE = 5 * 1024 * 1024;

blobStoreContract('MinioBlobStore', async () => {
  const bucket = `trove-test-${randomUUID().slice(0, 13)}`;
  const store = new MinioBlobStore({ endpoint, accessKey, secretKey, bucket, partSizeBytes: PART_SIZE });
  await store.migrate();
  return {
    store,
    presigns: true,
    largeObjectBytes: PART_SIZE,
    dispose: async () => {
      const url = new URL(endpoint);
      const admin = new Client({
        endPoint: url.hostname,
        port: Number(url.port),
        useSSL: url.protocol === 'https:',
        accessKey,
        secretKey,
        region: 'us-east-1',
        pathStyle: true,
      });
      const names: string[] = [];
      for await (const item of admin.listObjectsV2(bucket, '', true))
        names.push((item as { name: string }).name);
      if (names.length > 0) await admin.removeObjects(bucket, names);
      await admin.removeBucket(bucket);
    },
  };
});
