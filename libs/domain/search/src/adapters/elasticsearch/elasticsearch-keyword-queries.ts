import { createHash } from 'node:crypto';
import { IndexScope } from '../../ports/index-scope';
import { KeywordQueryOptions } from '../../ports/keyword-index';
import { BM25_B, BM25_K1, bm25Idf } from '../keyword-common/bm25';

/*
 * Pure request builders of ElasticsearchKeywordIndex, kept apart so unit tests can check them
 * without a server. Every builder that reads or deletes documents starts from `scopeFilter`, so
 * none can leave out the tenant and sub-tenant; the one tenant-wide request (counts per
 * sub-tenant) filters on tenant_id and returns only numbers.
 */

/** Plain JSON shapes; the client's own types are checked where these are sent. */
type Json = Record<string, unknown>;

/** Lets `refresh: wait_for` return in about 100 ms on average (time to searchable ≤ 250 ms p50). */
export const REFRESH_INTERVAL = '200ms';

/**
 * The longest term the index keeps whole (Lucene's limit is 32,766 bytes; 8,191 characters of up
 * to 4 bytes each stay inside it). The whitespace tokeniser's default, 255, would split long
 * identifiers and URLs that the embedded index keeps as one term.
 */
const MAX_TERM_LENGTH = 8191;

/**
 * Settings and mappings of the shared keyword index. Text arrives already analysed by Trove's own
 * analyser (@trove/text `analyze`: tokens, folding, stop words, Porter2 stems, identifiers), as
 * its terms one space apart, so the index only splits on whitespace: scores then match the
 * embedded index's, and no Elasticsearch analysis module is needed (a node from Maven Central has
 * no English stemmer). `_meta.analyzer_id` names the analyser, so an index built with another is
 * refused rather than silently mismatched. The text is indexed but not kept in _source: the chunk
 * store owns it, and erasure stays simple.
 */
export function keywordIndexBody(analyzerId: string, shards = 1): Json {
  return {
    settings: {
      number_of_shards: shards,
      refresh_interval: REFRESH_INTERVAL,
      similarity: { default: { type: 'BM25', k1: BM25_K1, b: BM25_B } },
      analysis: {
        tokenizer: { trove_terms: { type: 'whitespace', max_token_length: MAX_TERM_LENGTH } },
        analyzer: { trove_terms: { type: 'custom', tokenizer: 'trove_terms', filter: [] } },
      },
    },
    mappings: {
      dynamic: 'strict',
      _meta: { analyzer_id: analyzerId },
      _routing: { required: true },
      _source: { excludes: ['text'] },
      properties: { ...SCOPE_FIELDS, text: { type: 'text', analyzer: 'trove_terms' } },
    },
  };
}

/** The analyser a stored index mapping names (`_meta.analyzer_id`), if any. */
export function analyzerIdOf(mapping: { _meta?: Record<string, unknown> } | undefined): string | undefined {
  const id = mapping?._meta?.['analyzer_id'];
  return typeof id === 'string' ? id : undefined;
}

const WHITESPACE = /\s+/g;

/**
 * Analysed terms as the text Elasticsearch indexes: one space apart. A term never holds
 * whitespace after Trove's analysis; should one, its spaces become `_` in documents and queries
 * alike, so it stays one term.
 */
export function termsText(terms: readonly string[]): string {
  let text = '';
  for (const term of terms) {
    if (term.length === 0) continue;
    if (text.length > 0) text += ' ';
    text += term.replace(WHITESPACE, '_');
  }
  return text;
}

/** The keyword fields every document of both adapters carries: its scope and what filters read. */
export const SCOPE_FIELDS: Json = {
  tenant_id: { type: 'keyword' },
  sub_tenant_id: { type: 'keyword' },
  chunk_id: { type: 'keyword' },
  source_id: { type: 'keyword' },
  kind: { type: 'keyword' },
};

/** Document _id: the same chunk id in two scopes must be two documents, so it hashes all three. */
export function documentId(scope: IndexScope, chunkId: string): string {
  return createHash('sha256')
    .update(JSON.stringify([scope.tenantId, scope.subTenantId, chunkId]))
    .digest('base64url');
}

/** The filter that confines a request to one tenant's sub-tenant. */
export function scopeFilter(scope: IndexScope): Json[] {
  return [{ term: { tenant_id: scope.tenantId } }, { term: { sub_tenant_id: scope.subTenantId } }];
}

/** A bool query: the scope filter, then any extra filters, then what must match. */
export function scopedQuery(scope: IndexScope, filters: Json[] = [], must: Json[] = []): Json {
  return { bool: { filter: [...scopeFilter(scope), ...filters], ...(must.length ? { must } : {}) } };
}

/**
 * The body of a keyword search: BM25 on `text` for the query's analysed terms (termsText),
 * `operator` as given, filters that do not score.
 */
export function searchBody(
  scope: IndexScope,
  queryTerms: string,
  k: number,
  options: KeywordQueryOptions = {},
): Json {
  const filters: Json[] = [];
  if (options.sourceIds) filters.push({ terms: { source_id: options.sourceIds } });
  if (options.kinds) filters.push({ terms: { kind: options.kinds } });
  const match = {
    match: { text: { query: queryTerms, operator: options.operator ?? 'or', zero_terms_query: 'none' } },
  };
  return {
    size: k,
    track_total_hits: false,
    _source: ['chunk_id'],
    query: scopedQuery(scope, filters, [match]),
  };
}

/**
 * One page of the ids a delete removes: Elasticsearch from Maven Central has no
 * `_delete_by_query` (a module of its own), so deletes search for ids, then bulk-delete them.
 * Index order (`_doc`) is the cheapest; each page follows a refresh, so it never repeats one.
 */
export function idsPageBody(query: Json, size: number): Json {
  return { size, track_total_hits: false, _source: false, sort: ['_doc'], query };
}

export function deleteBySourcesQuery(scope: IndexScope, sourceIds: string[]): Json {
  return scopedQuery(scope, [{ terms: { source_id: sourceIds } }]);
}

export function deleteSubTenantQuery(scope: IndexScope): Json {
  return scopedQuery(scope);
}

/** Counts per sub-tenant: a terms aggregation inside the tenant's filter. */
export function countBySubTenantBody(tenantId: string, maxSubTenants: number): Json {
  return {
    size: 0,
    query: { bool: { filter: [{ term: { tenant_id: tenantId } }] } },
    aggs: { sub_tenants: { terms: { field: 'sub_tenant_id', size: maxSubTenants } } },
  };
}

/** The document a bulk `index` action writes (the whole document, so an upsert replaces). */
export function indexedDocument(
  scope: IndexScope,
  doc: { id: string; sourceId: string; kind: string; text: string },
): Json {
  return {
    tenant_id: scope.tenantId,
    sub_tenant_id: scope.subTenantId,
    chunk_id: doc.id,
    source_id: doc.sourceId,
    kind: doc.kind,
    text: doc.text,
  };
}

/**
 * The term vectors of an artificial document made of `terms` (analysed, one space apart), with
 * term statistics: each term's document frequency and the field's document count on the shard
 * that holds the routed tenant, the statistics its BM25 scores use.
 */
export function idfRequestBody(terms: readonly string[]): Json {
  return {
    doc: { text: termsText(terms) },
    fields: ['text'],
    term_statistics: true,
    field_statistics: true,
    positions: false,
    offsets: false,
    payloads: false,
  };
}

/** The part of a term vectors response idfFromTermVectors reads. */
export interface TermVectorsReply {
  term_vectors?: Record<
    string,
    {
      field_statistics?: { doc_count?: number };
      terms?: Record<string, { doc_freq?: number }>;
    }
  >;
}

/**
 * Word → BM25 idf from the term vectors of idfRequestBody's document: a word takes the mean idf
 * of its terms (a term no document holds has the highest); words with no terms (stop words) are
 * left out, and nothing is answered when the shard holds no documents.
 */
export function idfFromTermVectors(
  wordTerms: ReadonlyMap<string, readonly string[]>,
  reply: TermVectorsReply,
): Map<string, number> {
  const field = reply.term_vectors?.['text'];
  const docCount = field?.field_statistics?.doc_count ?? 0;
  const idf = new Map<string, number>();
  if (docCount === 0) return idf;
  const stats = new Map(Object.entries(field?.terms ?? {}));
  for (const [word, terms] of wordTerms) {
    if (terms.length === 0) continue;
    let sum = 0;
    for (const term of terms) sum += bm25Idf(docCount, stats.get(termsText([term]))?.doc_freq ?? 0);
    idf.set(word, sum / terms.length);
  }
  return idf;
}
