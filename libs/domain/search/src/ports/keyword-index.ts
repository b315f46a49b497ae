import { StoreLifecycle } from '@trove/platform-database';
import { IndexScope, ScoredId, SearchFilter } from './index-scope';

/** A text to index for keyword search; the index analyses it (tokens, folding, stems, stop words). */
export interface KeywordDocument {
  id: string;
  sourceId: string;
  kind: string;
  text: string;
}

export interface KeywordQueryOptions extends SearchFilter {
  /** `or` (default): any term may match; `and`: every query term must match. */
  operator?: 'or' | 'and';
}

/**
 * BM25 keyword search per tenant and sub-tenant. Adapters: the embedded default and
 * Elasticsearch.
 */
export abstract class KeywordIndex extends StoreLifecycle {
  /** Inserts or replaces documents by id. */
  abstract upsert(scope: IndexScope, documents: KeywordDocument[]): Promise<void>;

  /** The k best BM25 matches, best first; score is the engine's BM25 score (> 0). */
  abstract search(
    scope: IndexScope,
    query: string,
    k: number,
    options?: KeywordQueryOptions,
  ): Promise<ScoredId[]>;

  /**
   * The BM25 idf, in this scope's statistics, of the term each word analyses to (words are single
   * tokens, such as an embedder's words). Words the analyser drops (stop words) are left out; a
   * term no document holds gets the highest idf. Empty when the scope holds no documents.
   */
  abstract idf(scope: IndexScope, words: string[]): Promise<Map<string, number>>;

  /** Removes every document of these sources; returns how many were removed. */
  abstract deleteBySources(scope: IndexScope, sourceIds: string[]): Promise<number>;

  /** Removes these documents; returns how many existed. */
  abstract deleteByIds(scope: IndexScope, ids: string[]): Promise<number>;

  /** Removes everything of a sub-tenant. */
  abstract deleteSubTenant(scope: IndexScope): Promise<void>;

  /** Document counts per sub-tenant of a tenant. */
  abstract countBySubTenant(tenantId: string): Promise<Map<string, number>>;

  /**
   * Resolves when the index answers, rejects with the reason (readiness). An index inside the
   * process answers while the process runs; adapters of servers override it.
   */
  async ping(): Promise<void> {
    // Embedded: nothing to reach.
  }

  /** Flushes and releases resources. */
  abstract override close(): Promise<void>;
}
