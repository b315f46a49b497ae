import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { ElasticsearchKeywordIndex } from './elasticsearch-keyword-index';
import { keywordIndexContract } from '../../ports/keyword-index.contract';

/*
 * The contract against a real Elasticsearch 8 (match the client's major). Set ELASTICSEARCH_URL,
 * e.g. ELASTICSEARCH_URL=http://127.0.0.1:9200. Each test gets its own index, deleted afterwards,
 * so BM25 statistics of one test never leak into another's assertions.
 */
const url = process.env['ELASTICSEARCH_URL'];

if (!url) {
  describe('ElasticsearchKeywordIndex against a real server', () => {
    it('needs ELASTICSEARCH_URL (e.g. http://127.0.0.1:9200); not set, so the contract was not run', (t) => {
      t.skip('ELASTICSEARCH_URL is not set');
    });
  });
} else {
  keywordIndexContract('ElasticsearchKeywordIndex', async () => {
    const client = new Client({ node: url });
    const name = `trove-keywords-test-${randomUUID()}`;
    const index = new ElasticsearchKeywordIndex({ client, index: name });
    return {
      index,
      dispose: async () => {
        await client.indices.delete({ index: name, ignore_unavailable: true });
        await client.close();
      },
    };
  });
}
