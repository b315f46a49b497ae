import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { QdrantVectorIndex } from './qdrant-vector-index';
import { describeVectorIndex } from '../../ports/vector-index.contract';

// Needs a real Qdrant (none can be started on the CI machines): QDRANT_URL=http://127.0.0.1:6333
const url = process.env['QDRANT_URL'];

if (!url) {
  it(
    'QdrantVectorIndex contract',
    { skip: 'QDRANT_URL is not set, so the contract did not run against Qdrant' },
    () => {
      // Nothing: skipped.
    },
  );
} else {
  describeVectorIndex('QdrantVectorIndex', async () => {
    const collectionPrefix = `trove_test_${randomUUID().slice(0, 8)}`;
    const apiKey = process.env['QDRANT_API_KEY'];
    let index = await QdrantVectorIndex.connect(url, apiKey, { collectionPrefix, batchSize: 64 });
    return {
      index,
      async reopen() {
        await index.close();
        index = await QdrantVectorIndex.connect(url, apiKey, { collectionPrefix, batchSize: 64 });
        return index;
      },
      async dispose() {
        await index.close();
        const { QdrantClient } = await import('@qdrant/js-client-rest');
        const client = new QdrantClient({ url, apiKey, checkCompatibility: false });
        const { collections } = await client.getCollections();
        for (const { name } of collections) {
          if (name.startsWith(`${collectionPrefix}_`)) await client.deleteCollection(name);
        }
      },
    };
  });
}
