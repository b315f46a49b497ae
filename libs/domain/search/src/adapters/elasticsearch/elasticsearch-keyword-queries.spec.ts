import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
  termsText,
} from './elasticsearch-keyword-queries';

const scope = { tenantId: 'acme', subTenantId: 'team' };
const scopeTerms = [{ term: { tenant_id: 'acme' } }, { term: { sub_tenant_id: 'team' } }];

type Bool = { bool: { filter: unknown[]; must?: unknown[] } };

describe('Elasticsearch keyword request builders', () => {
  it('confines every search and delete to the tenant and sub-tenant', () => {
    const queries = [
      (searchBody(scope, 'q', 5) as { query: Bool }).query,
      (searchBody(scope, 'q', 5, { sourceIds: ['s'], kinds: ['k'], operator: 'and' }) as { query: Bool })
        .query,
      deleteBySourcesQuery(scope, ['s']) as Bool,
      deleteSubTenantQuery(scope) as Bool,
    ];
    for (const query of queries) assert.deepEqual(query.bool.filter.slice(0, 2), scopeTerms);
  });

  it('builds a BM25 match with the operator, filters that do not score, and k', () => {
    const body = searchBody(scope, 'red apple', 7, { operator: 'and', sourceIds: ['s1'], kinds: ['memory'] });
    assert.deepEqual(body, {
      size: 7,
      track_total_hits: false,
      _source: ['chunk_id'],
      query: {
        bool: {
          filter: [...scopeTerms, { terms: { source_id: ['s1'] } }, { terms: { kind: ['memory'] } }],
          must: [{ match: { text: { query: 'red apple', operator: 'and', zero_terms_query: 'none' } } }],
        },
      },
    });
    const plain = searchBody(scope, 'red', 3) as {
      query: { bool: { must: { match: { text: { operator: string } } }[] } };
    };
    assert.equal(plain.query.bool.must[0].match.text.operator, 'or');
  });

  it('deletes sources inside the scope only', () => {
    assert.deepEqual(deleteBySourcesQuery(scope, ['a', 'b']), {
      bool: { filter: [...scopeTerms, { terms: { source_id: ['a', 'b'] } }] },
    });
    assert.deepEqual(deleteSubTenantQuery(scope), { bool: { filter: scopeTerms } });
  });

  it('counts per sub-tenant inside one tenant', () => {
    assert.deepEqual(countBySubTenantBody('acme', 50), {
      size: 0,
      query: { bool: { filter: [{ term: { tenant_id: 'acme' } }] } },
      aggs: { sub_tenants: { terms: { field: 'sub_tenant_id', size: 50 } } },
    });
  });

  it('gives the same chunk id in different scopes different document ids, stably', () => {
    const id = documentId(scope, 'c1');
    assert.equal(documentId(scope, 'c1'), id);
    assert.notEqual(documentId({ tenantId: 'acme', subTenantId: 'other' }, 'c1'), id);
    assert.notEqual(documentId({ tenantId: 'other', subTenantId: 'team' }, 'c1'), id);
    // No separator games: ("a", "b:c") and ("a:b", "c") must differ.
    assert.notEqual(
      documentId({ tenantId: 'a', subTenantId: 'b:c' }, 'x'),
      documentId({ tenantId: 'a:b', subTenantId: 'c' }, 'x'),
    );
    assert.ok(id.length <= 512);
  });

  it('indexes pre-analysed terms split on whitespace only, with BM25, the analyser named and strict scope fields', () => {
    const body = keywordIndexBody('trove-text-v1') as {
      settings: {
        similarity: unknown;
        analysis: {
          analyzer: { trove_terms: { tokenizer: string; filter: string[] } };
          tokenizer: { trove_terms: { type: string; max_token_length: number } };
        };
      };
      mappings: {
        dynamic: string;
        _meta: Record<string, unknown>;
        _routing: { required: boolean };
        properties: Record<string, { type: string; analyzer?: string }>;
      };
    };
    assert.deepEqual(body.settings.analysis.analyzer.trove_terms, {
      type: 'custom',
      tokenizer: 'trove_terms',
      filter: [],
    });
    assert.equal(body.settings.analysis.tokenizer.trove_terms.type, 'whitespace');
    assert.ok(body.settings.analysis.tokenizer.trove_terms.max_token_length > 255);
    assert.deepEqual(body.settings.similarity, { default: { type: 'BM25', k1: 1.2, b: 0.75 } });
    assert.equal(body.mappings.dynamic, 'strict');
    assert.equal(body.mappings._routing.required, true);
    assert.equal(analyzerIdOf(body.mappings), 'trove-text-v1');
    assert.equal(analyzerIdOf({}), undefined);
    assert.equal(analyzerIdOf(undefined), undefined);
    for (const field of ['tenant_id', 'sub_tenant_id', 'chunk_id', 'source_id', 'kind']) {
      assert.equal(body.mappings.properties[field].type, 'keyword');
    }
    assert.equal(body.mappings.properties['text'].analyzer, 'trove_terms');
  });

  it('writes terms one space apart, keeping a term with whitespace whole', () => {
    assert.equal(termsText(['red', 'appl', 'red']), 'red appl red');
    assert.equal(termsText(['new york', '', 'x\ty']), 'new_york x_y');
    assert.equal(termsText([]), '');
  });

  it('pages the ids to delete in index order, without sources', () => {
    const query = deleteBySourcesQuery(scope, ['s']);
    assert.deepEqual(idsPageBody(query, 1000), {
      size: 1000,
      track_total_hits: false,
      _source: false,
      sort: ['_doc'],
      query,
    });
  });

  it('writes the scope into every indexed document', () => {
    assert.deepEqual(indexedDocument(scope, { id: 'c', sourceId: 's', kind: 'chunk', text: 'hello' }), {
      tenant_id: 'acme',
      sub_tenant_id: 'team',
      chunk_id: 'c',
      source_id: 's',
      kind: 'chunk',
      text: 'hello',
    });
  });
});

describe('Elasticsearch idf from term vectors', () => {
  it('asks for the term statistics of an artificial document of the terms', () => {
    const body = idfRequestBody(['zircon', 'quartz']);
    assert.deepEqual(body['doc'], { text: 'zircon quartz' });
    assert.equal(body['term_statistics'], true);
    assert.equal(body['field_statistics'], true);
  });

  it('gives each word the mean BM25 idf of its terms, in the shard statistics', () => {
    const wordTerms = new Map<string, string[]>([
      ['zircon', ['zircon']],
      ['the', []],
      ['quartzes', ['quartz']],
      ['user_id', ['user_id', 'user', 'id']],
    ]);
    const idf = idfFromTermVectors(wordTerms, {
      term_vectors: {
        text: {
          field_statistics: { doc_count: 10 },
          terms: { zircon: { doc_freq: 1 }, quartz: { doc_freq: 4 }, user: { doc_freq: 9 }, id: {} },
        },
      },
    });
    const lucene = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    assert.deepEqual([...idf].sort(), [
      ['quartzes', lucene(10, 4)],
      // "user_id" is in no document: the highest idf; "id" has no doc_freq: the same.
      ['user_id', (lucene(10, 0) + lucene(10, 9) + lucene(10, 0)) / 3],
      ['zircon', lucene(10, 1)],
    ]);
  });

  it('answers nothing when the shard holds no documents', () => {
    const words = new Map([['zircon', ['zircon']]]);
    const reply = { term_vectors: { text: { field_statistics: { doc_count: 0 }, terms: { zircon: {} } } } };
    assert.equal(idfFromTermVectors(words, reply).size, 0);
    assert.equal(idfFromTermVectors(words, {}).size, 0);
  });
});
