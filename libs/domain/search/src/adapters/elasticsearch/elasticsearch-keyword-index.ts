import { createHash } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { DomainError } from '@trove/contracts';
import { IndexScope, ScoredId } from '../../ports/index-scope';
import { KeywordDocument, KeywordIndex, KeywordQueryOptions } from '../../ports/keyword-index';
import {
  analyzerIdOf,
  deleteBySourcesQuery,
  deleteSubTenantQuery,
  documentId,
  idfFromTermVectors,
  idfRequestBody,
  indexedDocument,
  keywordIndexBody,
  searchBody,
  TermVectorsReply,
  termsText,
} from './elasticsearch-keyword-queries';
import { WordTerms } from '../keyword-common/word-terms';
import { ElasticsearchCalls } from './elasticsearch-calls';
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
 * Two layouts. `shared`: one index for every tenant, isolated by keyword fields tenant_id and
 * sub_tenant_id that every read and delete filters on (elasticsearch-keyword-queries.ts builds them
 * all from one `scopeFilter`), _ids that hash (tenant, sub-tenant, chunk id), and routing by
 * tenant (a tenant's queries touch one shard); one shard serves thousands of tenants, but BM25
 * statistics (document frequencies, average length) are the shard's, so other tenants' documents
 * move a score (never which documents match), and a tenant could read from its scores whether
 * others use a word. `per-tenant` (the search service's default, ELASTICSEARCH_INDEX_LAYOUT): each
 * tenant an index of its own, `<index>-<hash of the tenant id>`, created on its first write, so
 * statistics come from its own documents only, at the cost of a shard per tenant (a node holds
 * some thousands). Reads and deletes of a tenant without an index find nothing, creating nothing.
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
  /** Index name (per-tenant layout: the prefix of each tenant's index); default `trove-keywords`. */
  index?: string;
  /** `shared` (default): one index for every tenant; `per-tenant`: an index per tenant. */
  layout?: 'shared' | 'per-tenant';
  shards?: number;
  refresh?: 'wait_for' | true;
  /** The most sub-tenants countBySubTenant reports per tenant. */
  maxSubTenants?: number;
}

/**
 * A tenant's own index in the per-tenant layout: the prefix and a hash of the tenant id (any
 * tenant id makes a valid, lower-case index name, and two tenants never share one).
 */
export function tenantIndexName(prefix: string, tenantId: string): string {
  return `${prefix}-${createHash('sha256').update(tenantId).digest('hex').slice(0, 32)}`;
}

/** What follows the prefix in a tenant's index name. */
const TENANT_INDEX = /^-[0-9a-f]{32}$/;

export class ElasticsearchKeywordIndex extends KeywordIndex {
  private readonly client: Client;
  private readonly es: ElasticsearchCalls;
  private readonly ownsClient: boolean;
  private readonly index: string;
  private readonly wordTerms: WordTerms;
  /** Index name → its check (exists with this analyser, or created); forgotten when it fails. */
  private readonly ready = new Map<string, Promise<void>>();

  constructor(private readonly options: ElasticsearchKeywordIndexOptions) {
    super();
    if (!options.client && !options.node) {
      throw new DomainError('INVALID_PARAMETERS', 'ElasticsearchKeywordIndex needs a client or a node URL');
    }
    this.client = options.client ?? new Client({ node: options.node! });
    this.es = new ElasticsearchCalls(this.client, 'keyword index');
    this.ownsClient = !options.client;
    this.index = options.index ?? 'trove-keywords';
    this.wordTerms = new WordTerms(options.analyze);
  }

  /**
   * At start: creates the index, or checks that the one there was built with this analyser, so a
   * mismatch stops the service with "reindex it" instead of failing its keyword searches later.
   */
  override async migrate(): Promise<void> {
    if (this.options.layout !== 'per-tenant') {
      await this.ensureIndex(this.index);
      return;
    }
    const reply = await this.es.call(() =>
      this.client.indices.getMapping({ index: `${this.index}-*`, allow_no_indices: true }),
    );
    for (const [name, { mappings }] of Object.entries(reply)) {
      if (TENANT_INDEX.test(name.slice(this.index.length))) this.checkAnalyzer(name, mappings);
    }
  }

  override async upsert(scope: IndexScope, documents: KeywordDocument[]): Promise<void> {
    checkScope(scope);
    checkDocuments(documents);
    if (documents.length === 0) return;
    const index = (await this.indexFor(scope.tenantId, true))!;
    const latest = lastPerId(documents);
    const texts = latest.map((doc) => doc.text);
    const terms = this.options.analyzeMany
      ? await this.options.analyzeMany(texts)
      : texts.map((text) => this.options.analyze(text));
    const operations = latest.flatMap((doc, i) => [
      { index: { _index: index, _id: documentId(scope, doc.id), routing: scope.tenantId } },
      indexedDocument(scope, { ...doc, text: termsText(terms[i]!) }),
    ]);
    const response = await this.es.call(() =>
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
    const index = await this.indexFor(scope.tenantId, false);
    if (index === undefined) return [];
    const response = await this.es.call(() =>
      this.client.search<{ chunk_id: string }>({
        index,
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
    const index = await this.indexFor(scope.tenantId, false);
    if (index === undefined) return new Map();
    const reply = await this.es.call(() =>
      this.client.termvectors({ index, routing: scope.tenantId, ...idfRequestBody(terms) }),
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
    const index = await this.indexFor(scope.tenantId, false);
    if (index === undefined) return 0;
    const response = await this.es.call(() =>
      this.client.bulk({
        operations: unique.map((id) => ({
          delete: { _index: index, _id: documentId(scope, id), routing: scope.tenantId },
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
    const index = await this.indexFor(tenantId, false);
    if (index === undefined) return new Map();
    return this.es.subTenantCounts(index, tenantId, this.options.maxSubTenants ?? 10_000);
  }

  override async ping(): Promise<void> {
    await this.es.ping();
  }

  override async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }

  /** Deletes what `query` matches inside the scope (ElasticsearchCalls.deleteMatching). */
  private async deleteByQuery(scope: IndexScope, query: Record<string, unknown>): Promise<number> {
    const index = await this.indexFor(scope.tenantId, false);
    return index === undefined ? 0 : this.es.deleteMatching([index], scope.tenantId, query);
  }

  /**
   * The index holding a tenant's documents, checked once (built with this analyser). A write
   * creates it when missing (`create`); a read or delete of a tenant without one gets undefined
   * (nothing to find). The shared index is created by any first use, as migrate() does.
   */
  private async indexFor(tenantId: string, create: boolean): Promise<string | undefined> {
    const perTenant = this.options.layout === 'per-tenant';
    const name = perTenant ? tenantIndexName(this.index, tenantId) : this.index;
    if (!perTenant || create) {
      await this.ensureIndex(name);
      return name;
    }
    if (this.ready.has(name)) {
      await this.ready.get(name);
      return name;
    }
    const exists = await this.es.call(() => this.client.indices.exists({ index: name }));
    if (!exists) return undefined;
    await this.ensureIndex(name);
    return name;
  }

  /**
   * Creates the index on first use, or waits for the one there to be searchable (another process
   * may have created it a moment ago), and checks its analyser; once per index and process.
   */
  private ensureIndex(name: string): Promise<void> {
    let ready = this.ready.get(name);
    if (ready === undefined) {
      ready = (async () => {
        const shards = this.options.shards ?? 1;
        await this.es.ensureIndex(name, () => keywordIndexBody(this.options.analyzerId, shards), shards);
        await this.readAnalyzer(name);
      })();
      ready.catch(() => this.ready.delete(name));
      this.ready.set(name, ready);
    }
    return ready;
  }

  private async readAnalyzer(name: string): Promise<void> {
    const reply = await this.es.call(() => this.client.indices.getMapping({ index: name }));
    this.checkAnalyzer(name, reply[name]?.mappings);
  }

  /** An index built with another analyser would match nothing it should: refuse it. */
  private checkAnalyzer(name: string, mappings: unknown): void {
    const found = analyzerIdOf(mappings as { _meta?: Record<string, unknown> } | undefined);
    if (found !== this.options.analyzerId) {
      throw new DomainError(
        'INTERNAL_ERROR',
        `keyword index ${name} was built with analyser "${found ?? 'unknown'}", not "${this.options.analyzerId}": reindex it`,
      );
    }
  }
}
