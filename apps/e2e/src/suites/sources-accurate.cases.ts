import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SearchResult } from '@trove/contracts';
import { expectError } from './expect-error';
import { uploadDocument, waitForProcessing } from './sources-fixtures';
import type { SourcesContext } from './sources.suite';

const DOCUMENTS: [file_id: string, title: string, text: string][] = [
  [
    'acc-film',
    'Kiss and Tell (1945 film)',
    'Kiss and Tell is a 1945 American comedy film starring Shirley Temple as Corliss Archer, a teenage girl.',
  ],
  [
    'acc-temple',
    'Shirley Temple',
    'Shirley Temple was an American actress who later served as United States Ambassador to Ghana and to Czechoslovakia.',
  ],
  [
    'acc-radio',
    'Meet Corliss Archer',
    'Meet Corliss Archer is a radio comedy about the teenage girl Corliss Archer.',
  ],
  ['acc-ford', 'Gerald Ford', 'Gerald Ford held the government position of President of the United States.'],
];

/**
 * Accurate mode over HTTP (docs/api.md, Search: accurate mode): it answers with what it ran,
 * combines with the other switches, and refuses bad values.
 */
export function accurateCases(ctx: SourcesContext): void {
  const sub_tenant_id = 'accurate-mode';
  const search = (body: Record<string, unknown>) =>
    ctx.alice.post<SearchResult>('/search/hybrid-search', {
      json: {
        tenant_id: ctx.tenant,
        sub_tenant_id,
        query: 'What government position was held by the actress who played Corliss Archer in Kiss and Tell?',
        ...body,
      },
    });

  it('accurate mode follows a passage to the source it names, and says which queries it ran', async () => {
    for (const [file_id, title, text] of DOCUMENTS) {
      const accepted = await uploadDocument(
        ctx.alice,
        { tenant_id: ctx.tenant, sub_tenant_id, file_id, title },
        { bytes: text, name: `${file_id}.txt` },
      );
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    }
    for (const [file_id] of DOCUMENTS) {
      const { final } = await waitForProcessing(ctx.alice, { tenant_id: ctx.tenant, sub_tenant_id, file_id });
      assert.equal(final.indexing_status, 'completed', JSON.stringify(final));
    }
    const fast = await search({});
    assert.equal(fast.status, 200, JSON.stringify(fast.body));
    assert.equal(fast.body.accurate, undefined);
    const accurate = await search({ mode: 'accurate' });
    assert.equal(accurate.status, 200, JSON.stringify(accurate.body));
    const report = accurate.body.accurate!;
    assert.equal(report.degraded, false, JSON.stringify(report));
    assert.deepEqual(
      report.stages.map((s) => [s.stage, s.status]),
      [['second_hops', 'done']],
    );
    assert.ok(report.queries.length >= 2 && report.queries.length <= 4, JSON.stringify(report.queries));
    const rank = (result: SearchResult) => result.chunks.findIndex((c) => c.source_id === 'acc-temple');
    assert.ok(
      rank(accurate.body) >= 0 && rank(accurate.body) <= rank(fast.body),
      JSON.stringify(accurate.body.chunks.map((c) => c.source_id)),
    );
  });

  it('accurate mode combines with max_chunks, recency_bias, num_related_chunks, alpha and memories', async () => {
    const combined = await search({
      mode: 'accurate',
      max_chunks: 2,
      recency_bias: 0.3,
      num_related_chunks: 1,
      alpha: 'auto',
    });
    assert.equal(combined.status, 200, JSON.stringify(combined.body));
    assert.ok(combined.body.chunks.length <= 2);
    assert.ok(combined.body.accurate);
    for (const chunk of combined.body.chunks)
      assert.ok(chunk.relevancy_score >= 0 && chunk.relevancy_score <= 1);
    const memories = await search({ mode: 'accurate', search_mode: 'memories' });
    assert.equal(memories.status, 200, JSON.stringify(memories.body));
    assert.deepEqual(memories.body.accurate!.stages, []);
    const keywordOnly = await search({ mode: 'accurate', alpha: 0 });
    assert.equal(keywordOnly.status, 200, JSON.stringify(keywordOnly.body));
  });

  it('accurate mode with explain: each chunk says where its score came from', async () => {
    const explained = await search({ mode: 'accurate', explain: true, recency_bias: 0.1 });
    assert.equal(explained.status, 200, JSON.stringify(explained.body));
    assert.ok(explained.body.chunks.length > 0);
    for (const chunk of explained.body.chunks) {
      const e = chunk.explain!;
      assert.equal(e.final, chunk.relevancy_score, JSON.stringify(e));
      assert.equal(e.alpha, 0.8);
      assert.ok(e.recency! > 0 && e.recency! <= 1, JSON.stringify(e));
    }
    const temple = explained.body.chunks.find((c) => c.source_id === 'acc-temple');
    assert.ok(temple?.explain?.second_hop, JSON.stringify(explained.body.chunks.map((c) => c.explain)));
    const plain = await search({});
    assert.equal(plain.body.chunks[0]!.explain, undefined);
    expectError(await search({ explain: 'yes' }), 422, 'VALIDATION_ERROR');
  });

  it('accurate mode: a mode the API does not know, or of the wrong type, is refused', async () => {
    expectError(await search({ mode: 'thorough' }), 422, 'VALIDATION_ERROR');
    expectError(await search({ mode: 1 }), 422, 'VALIDATION_ERROR');
  });
}
