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
 * Settings and mappings of the shared keyword index. The analyser mirrors @trove/text's: standard
 * tokeniser, lower case, ASCII folding, English stop words, Porter2 (Snowball English) stems.
 * The text is indexed but not kept in _source: the chunk store owns it, and erasure stays simple.
 */
export function keywordIndexBody(shards = 1): Json {
  return {
    settings: {
      number_of_shards: shards,
      refresh_interval: REFRESH_INTERVAL,
      similarity: { default: { type: 'BM25', k1: BM25_K1, b: BM25_B } },
      analysis: {
        filter: {
          trove_possessive: { type: 'stemmer', language: 'possessive_english' },
          trove_stop: { type: 'stop', stopwords: '_english_' },
          trove_stemmer: { type: 'stemmer', language: 'porter2' },
        },
        analyzer: {
          trove_english: {
            type: 'custom',
            tokenizer: 'standard',
            filter: ['trove_possessive', 'lowercase', 'asciifolding', 'trove_stop', 'trove_stemmer'],
          },
        },
      },
    },
    mappings: {
      dynamic: 'strict',
      _routing: { required: true },
      _source: { excludes: ['text'] },
      properties: {
        tenant_id: { type: 'keyword' },
        sub_tenant_id: { type: 'keyword' },
        chunk_id: { type: 'keyword' },
        source_id: { type: 'keyword' },
        kind: { type: 'keyword' },
        text: { type: 'text', analyzer: 'trove_english' },
      },
    },
  };
}

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

/** The body of a keyword search: BM25 on `text`, `operator` as given, filters that do not score. */
export function searchBody(
  scope: IndexScope,
  query: string,
  k: number,
  options: KeywordQueryOptions = {},
): Json {
  const filters: Json[] = [];
  if (options.sourceIds) filters.push({ terms: { source_id: options.sourceIds } });
  if (options.kinds) filters.push({ terms: { kind: options.kinds } });
  const match = { match: { text: { query, operator: options.operator ?? 'or', zero_terms_query: 'none' } } };
  return {
    size: k,
    track_total_hits: false,
    _source: ['chunk_id'],
    query: scopedQuery(scope, filters, [match]),
  };
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
 * The term vectors of an artificial document made of `words` (one space apart), with term
 * statistics: each term's document frequency and the field's document count on the shard that
 * holds the routed tenant, the statistics its BM25 scores use. `starts[i]` is where word i begins.
 */
export function idfRequestBody(words: string[]): { doc: Json; starts: number[] } & Json {
  const starts: number[] = [];
  let text = '';
  for (const word of words) {
    if (text.length > 0) text += ' ';
    starts.push(text.length);
    text += word;
  }
  return {
    doc: { text },
    starts,
    fields: ['text'],
    term_statistics: true,
    field_statistics: true,
    positions: false,
    offsets: true,
    payloads: false,
  };
}

/** The part of a term vectors response idfFromTermVectors reads. */
export interface TermVectorsReply {
  term_vectors?: Record<
    string,
    {
      field_statistics?: { doc_count?: number };
      terms?: Record<string, { doc_freq?: number; tokens?: { start_offset?: number }[] }>;
    }
  >;
}

/**
 * Word → BM25 idf from the term vectors of idfRequestBody's document: a word takes the mean idf
 * of the terms whose tokens start inside it; words the analyser dropped are left out.
 */
export function idfFromTermVectors(
  words: string[],
  starts: number[],
  reply: TermVectorsReply,
): Map<string, number> {
  const field = reply.term_vectors?.['text'];
  const docCount = field?.field_statistics?.doc_count ?? 0;
  const idf = new Map<string, number>();
  if (docCount === 0) return idf;
  const sums = new Map<number, [number, number]>();
  for (const term of Object.values(field?.terms ?? {})) {
    const value = bm25Idf(docCount, term.doc_freq ?? 0);
    for (const token of term.tokens ?? []) {
      const word = wordAt(starts, token.start_offset ?? -1);
      if (word < 0) continue;
      const sum = sums.get(word) ?? [0, 0];
      sum[0] += value;
      sum[1]++;
      sums.set(word, sum);
    }
  }
  for (const [word, [total, count]] of sums) idf.set(words[word]!, total / count);
  return idf;
}

/** Index of the word whose span holds `offset` (starts ascending), or -1. */
function wordAt(starts: number[], offset: number): number {
  if (offset < 0) return -1;
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
