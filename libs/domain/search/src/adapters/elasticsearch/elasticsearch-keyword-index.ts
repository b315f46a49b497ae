import { Client, errors } from '@elastic/elasticsearch';
import { DomainError } from '@trove/contracts';
import { IndexScope, ScoredId } from '../../ports/index-scope';
import { KeywordDocument, KeywordIndex, KeywordQueryOptions } from '../../ports/keyword-index';
import {
  analyzerIdOf,
  countBySubTenantBody,
  deleteBySourcesQuery,
  deleteSubTenantQuery,
  documentId,
  idfFromTermVectors,
  idfRequestBody,
  idsPageBody,
  indexedDocument,
  keywordIndexBody,
  searchBody,
  TermVectorsReply,
  termsText,
} from './elasticsearch-keyword-queries';
import { WordTerms } from '../keyword-common/word-terms';
import {
  checkDocuments,
  checkQuery,
  checkScope,
  checkTenantId,
  lastPerId,
} from '../keyword-common/keyword-input';

/*
 * Keyword search on Elasticsearch 8 (real Lucene BM25) over text Trove has analysed itself.
 *
 * Documents and queries go through the same analyser as the embedded index (`analyze`), and
 * Elasticsearch indexes the resulting terms split on whitespace only: BM25 then ranks as the
 * embedded index does (measured on SciFact: bench/elasticsearch-parity.bench.mjs), whichever
 * analysis modules the cluster has. Deletes search for ids and bulk-delete them, so the adapter
 * needs no `_delete_by_query` either.
 *
 * One shared index, not one per tenant: every index costs at least one shard and cluster state,
 * and a cluster handles some thousands of shards, not one per tenant of a multi-tenant service.
 * Isolation comes from keyword fields tenant_id and sub_tenant_id that every read and delete
 * filters on (elasticsearch-keyword-queries.ts builds them all from one `scopeFilter`), from
 * _ids that hash (tenant, sub-tenant, chunk id), and from routing by tenant, which also keeps a
 * tenant's documents on one shard so its queries touch one shard. The price: BM25 statistics
 * (document frequencies, average length) are per shard, so other tenants' documents influence a
 * score (never which documents can match). Deployments that need per-tenant statistics can give
 * each large tenant its own `index`.
 *
 * Writes use refresh=wait_for with refresh_interval 200ms: a write returns once searchable
 * (≈100 ms on average, well inside the 250 ms p50 target), and concurrent writers share one
 * refresh, where refresh=true would force a refresh, and a tiny segment, per batch.
 */

export interface ElasticsearchKeywordIndexOptions {
  /** Text → terms: Trove's analyser (@trove/text `analyze`), applied to documents and queries. */
  analyze: (text: string) => string[];
  /** The same analysis for a batch, possibly on other threads; default: `analyze` on each. */
  analyzeMany?: (texts: string[]) => Promise<string[][]>;
  /** Names the analyser; an index built with another is refused (reindex it). */
  analyzerId: string;
  /** A client to use (not closed by close()), or `node` to create one. */
  client?: Client;
  node?: string;
  /** Shared index name; default `trove-keywords`. */
  index?: string;
  shards?: number;
  refresh?: 'wait_for' | true;
  /** The most sub-tenants countBySubTenant reports per tenant. */
  maxSubTenants?: number;
}

/** Ids per page when deleting by query (search, then bulk delete). */
const DELETE_PAGE = 1000;

export class ElasticsearchKeywordIndex extends KeywordIndex {
  private readonly client: Client;
  private readonly ownsClient: boolean;
  private readonly index: string;
  private readonly wordTerms: WordTerms;
  private ready?: Promise<void>;

  constructor(private readonly options: ElasticsearchKeywordIndexOptions) {
    super();
    if (!options.client && !options.node) {
      throw new DomainError('INVALID_PARAMETERS', 'ElasticsearchKeywordIndex needs a client or a node URL');
    }
    this.client = options.client ?? new Client({ node: options.node! });
    this.ownsClient = !options.client;
    this.index = options.index ?? 'trove-keywords';
    this.wordTerms = new WordTerms(options.analyze);
  }

  override async upsert(scope: IndexScope, documents: KeywordDocument[]): Promise<void> {
    checkScope(scope);
    checkDocuments(documents);
    if (documents.length === 0) return;
    await this.ensureIndex();
    const latest = lastPerId(documents);
    const texts = latest.map((doc) => doc.text);
    const terms = this.options.analyzeMany
      ? await this.options.analyzeMany(texts)
      : texts.map((text) => this.options.analyze(text));
    const operations = latest.flatMap((doc, i) => [
      { index: { _index: this.index, _id: documentId(scope, doc.id), routing: scope.tenantId } },
      indexedDocument(scope, { ...doc, text: termsText(terms[i]!) }),
    ]);
    const response = await this.call(() =>
      this.client.bulk({ operations, refresh: this.options.refresh ?? 'wait_for' }),
    );
    const failed = response.items.find((item) => item.index?.error);
    if (response.errors && failed) {
      throw new DomainError('INTERNAL_ERROR', `keyword index write failed: ${failed.index?.error?.reason}`);
    }
  }

  override async search(
    scope: IndexScope,
    query: string,
    k: number,
    options?: KeywordQueryOptions,
  ): Promise<ScoredId[]> {
    checkScope(scope);
    checkQuery(query, k, options);
    const queryTerms = termsText(this.options.analyze(query));
    if (queryTerms === '') return [];
    await this.ensureIndex();
    const response = await this.call(() =>
      this.client.search<{ chunk_id: string }>({
        index: this.index,
        routing: scope.tenantId,
        ...searchBody(scope, queryTerms, k, options),
      }),
    );
    return response.hits.hits.map((hit) => ({ id: hit._source!.chunk_id, score: hit._score ?? 0 }));
  }

  /**
   * From the term vectors of an artificial document of the words' terms, routed like the
   * tenant's documents: the statistics are its shard's, as its BM25 scores' are (other tenants
   * on the shard count too, as they do in scoring).
   */
  override async idf(scope: IndexScope, words: string[]): Promise<Map<string, number>> {
    checkScope(scope);
    const wordTerms = new Map<string, readonly string[]>();
    for (const word of words) if (word.trim() !== '') wordTerms.set(word, this.wordTerms.of(word));
    const terms = [...new Set([...wordTerms.values()].flat())];
    if (terms.length === 0) return new Map();
    await this.ensureIndex();
    const reply = await this.call(() =>
      this.client.termvectors({ index: this.index, routing: scope.tenantId, ...idfRequestBody(terms) }),
    );
    return idfFromTermVectors(wordTerms, reply as TermVectorsReply);
  }

  override async deleteBySources(scope: IndexScope, sourceIds: string[]): Promise<number> {
    checkScope(scope);
    if (sourceIds.length === 0) return 0;
    return this.deleteByQuery(scope, deleteBySourcesQuery(scope, sourceIds));
  }

  override async deleteByIds(scope: IndexScope, ids: string[]): Promise<number> {
    checkScope(scope);
    const unique = [...new Set(ids)];
    if (unique.length === 0) return 0;
    await this.ensureIndex();
    const response = await this.call(() =>
      this.client.bulk({
        operations: unique.map((id) => ({
          delete: { _index: this.index, _id: documentId(scope, id), routing: scope.tenantId },
        })),
        refresh: this.options.refresh ?? 'wait_for',
      }),
    );
    return response.items.filter((item) => item.delete?.result === 'deleted').length;
  }

  override async deleteSubTenant(scope: IndexScope): Promise<void> {
    checkScope(scope);
    await this.deleteByQuery(scope, deleteSubTenantQuery(scope));
  }

  override async countBySubTenant(tenantId: string): Promise<Map<string, number>> {
    checkTenantId(tenantId);
    await this.ensureIndex();
    const response = await this.call(() =>
      this.client.search({
        index: this.index,
        routing: tenantId,
        ...countBySubTenantBody(tenantId, this.options.maxSubTenants ?? 10_000),
      }),
    );
    const buckets = (
      response.aggregations?.['sub_tenants'] as { buckets?: { key: string; doc_count: number }[] }
    )?.buckets;
    return new Map((buckets ?? []).map((bucket) => [bucket.key, bucket.doc_count]));
  }

  override async ping(): Promise<void> {
    const health = await this.call(() => this.client.cluster.health({ timeout: '1s' }));
    if (health.status === 'red') throw new DomainError('SERVICE_UNAVAILABLE', 'Elasticsearch cluster is red');
  }

  override async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }

  /**
   * Deletes what `query` matches inside the scope: a page of ids, a bulk delete that waits for
   * the refresh, and again until a page comes back empty. A document written meanwhile may
   * survive, as with `_delete_by_query`.
   */
  private async deleteByQuery(scope: IndexScope, query: Record<string, unknown>): Promise<number> {
    await this.ensureIndex();
    let deleted = 0;
    for (;;) {
      const page = await this.call(() =>
        this.client.search({
          index: this.index,
          routing: scope.tenantId,
          ...idsPageBody(query, DELETE_PAGE),
        }),
      );
      const ids = page.hits.hits.flatMap((hit) => (hit._id === undefined ? [] : [hit._id]));
      if (ids.length === 0) return deleted;
      const response = await this.call(() =>
        this.client.bulk({
          operations: ids.map((_id) => ({ delete: { _index: this.index, _id, routing: scope.tenantId } })),
          refresh: 'wait_for',
        }),
      );
      deleted += response.items.filter((item) => item.delete?.result === 'deleted').length;
      if (ids.length < DELETE_PAGE) return deleted;
    }
  }

  /** Creates the index on first use; a concurrent creator elsewhere is not an error. */
  private ensureIndex(): Promise<void> {
    this.ready ??= (async () => {
      const exists = await this.call(() => this.client.indices.exists({ index: this.index }));
      if (exists) return this.checkAnalyzer();
      try {
        await this.client.indices.create({
          index: this.index,
          ...keywordIndexBody(this.options.analyzerId, this.options.shards),
        });
      } catch (error) {
        const type = error instanceof errors.ResponseError ? error.body?.error?.type : undefined;
        if (type !== 'resource_already_exists_exception') throw this.translate(error);
        await this.checkAnalyzer();
      }
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  /** An index built with another analyser would match nothing it should: refuse it. */
  private async checkAnalyzer(): Promise<void> {
    const reply = await this.call(() => this.client.indices.getMapping({ index: this.index }));
    const found = analyzerIdOf(reply[this.index]?.mappings as { _meta?: Record<string, unknown> });
    if (found !== this.options.analyzerId) {
      throw new DomainError(
        'INTERNAL_ERROR',
        `keyword index ${this.index} was built with analyser "${found ?? 'unknown'}", not "${this.options.analyzerId}": reindex it`,
      );
    }
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): DomainError {
    if (error instanceof DomainError) return error;
    if (error instanceof errors.ConnectionError || error instanceof errors.TimeoutError) {
      return new DomainError('SERVICE_UNAVAILABLE', `Elasticsearch is unreachable: ${error.message}`);
    }
    const message = error instanceof Error ? error.message : String(error);
    return new DomainError('INTERNAL_ERROR', `Elasticsearch keyword index: ${message}`);
  }
}
