import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  countBySubTenantBody,
  deleteBySourcesQuery,
  deleteSubTenantQuery,
  documentId,
  idfFromTermVectors,
  idfRequestBody,
  indexedDocument,
  keywordIndexBody,
  searchBody,
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

  it('configures an English analyser with folding, stop words and Porter2, BM25 and strict keyword scope fields', () => {
    const body = keywordIndexBody() as {
      settings: {
        similarity: unknown;
        analysis: {
          analyzer: { trove_english: { filter: string[] } };
          filter: Record<string, { language?: string; stopwords?: string }>;
        };
      };
      mappings: {
        dynamic: string;
        _routing: { required: boolean };
        properties: Record<string, { type: string; analyzer?: string }>;
      };
    };
    const analyzer = body.settings.analysis.analyzer.trove_english;
    assert.deepEqual(analyzer.filter, [
      'trove_possessive',
      'lowercase',
      'asciifolding',
      'trove_stop',
      'trove_stemmer',
    ]);
    assert.equal(body.settings.analysis.filter['trove_stemmer'].language, 'porter2');
    assert.equal(body.settings.analysis.filter['trove_stop'].stopwords, '_english_');
    assert.deepEqual(body.settings.similarity, { default: { type: 'BM25', k1: 1.2, b: 0.75 } });
    assert.equal(body.mappings.dynamic, 'strict');
    assert.equal(body.mappings._routing.required, true);
    for (const field of ['tenant_id', 'sub_tenant_id', 'chunk_id', 'source_id', 'kind']) {
      assert.equal(body.mappings.properties[field].type, 'keyword');
    }
    assert.equal(body.mappings.properties['text'].analyzer, 'trove_english');
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
  it('asks for the term statistics of an artificial document of the words, with offsets', () => {
    const body = idfRequestBody(['zircon', 'the', 'quartzes']);
    assert.deepEqual(body.doc, { text: 'zircon the quartzes' });
    assert.deepEqual(body.starts, [0, 7, 11]);
    assert.equal(body['term_statistics'], true);
    assert.equal(body['field_statistics'], true);
    assert.equal(body['offsets'], true);
  });

  it('maps each term back to its word by offset, with the BM25 idf of the shard statistics', () => {
    const words = ['zircon', 'the', 'quartzes', 'user_id'];
    const { starts } = idfRequestBody(words);
    const idf = idfFromTermVectors(words, starts, {
      term_vectors: {
        text: {
          field_statistics: { doc_count: 10 },
          terms: {
            zircon: { doc_freq: 1, tokens: [{ start_offset: 0 }] },
            quartz: { doc_freq: 4, tokens: [{ start_offset: 11 }] },
            // A word the analyser splits in two takes the mean of its terms; "the" was dropped.
            user: { doc_freq: 9, tokens: [{ start_offset: 20 }] },
            id: { tokens: [{ start_offset: 25 }] },
          },
        },
      },
    });
    const lucene = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    assert.deepEqual([...idf].sort(), [
      ['quartzes', lucene(10, 4)],
      ['user_id', (lucene(10, 9) + lucene(10, 0)) / 2],
      ['zircon', lucene(10, 1)],
    ]);
  });

  it('answers nothing when the shard holds no documents', () => {
    const { starts } = idfRequestBody(['zircon']);
    const reply = {
      term_vectors: {
        text: { field_statistics: { doc_count: 0 }, terms: { zircon: { tokens: [{ start_offset: 0 }] } } },
      },
    };
    assert.equal(idfFromTermVectors(['zircon'], starts, reply).size, 0);
    assert.equal(idfFromTermVectors(['zircon'], starts, {}).size, 0);
  });
});
