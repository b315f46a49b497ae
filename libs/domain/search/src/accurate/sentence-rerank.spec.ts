import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NgramHashingEmbedder } from '@trove/embeddings';
import { PgliteDatabase } from '@trove/platform-database';
import { SqlChunkStore } from '../adapters/sql/sql-chunk-store';
import { RankedId } from '../fusion/fusion';
import { SentenceRerank, sentencePieces } from './sentence-rerank';

/**
 * The hashing embedder standing in for a contextual model: real vectors and a calibration, and
 * a count of the texts it was asked to embed (what the cache saves).
 */
class CountingEmbedder extends NgramHashingEmbedder {
  override readonly contextual = true;
  embedded = 0;
  delayMs = 0;

  override async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    this.embedded += texts.length;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return super.embedDocuments(texts);
  }
}

const now = new Date().toISOString();
const QUERY = 'Vitamin D supplements lower the risk of hip fractures in older women';
/** One sentence of `needle` says what the query says; `diffuse` is loosely about it all along. */
const CHUNKS: [string, string][] = [
  [
    'diffuse',
    'Supplements are popular among many adults today. Intake of vitamins varies with the season ' +
      'and with diet. Falls in older age have many causes, balance among them. Bone density often ' +
      'drops after menopause.',
  ],
  [
    'needle',
    'The cohort was followed for twelve years in three regional hospitals. ' +
      'Vitamin D supplements lowered the risk of hip fractures in older women by a third. ' +
      'Questionnaires were mailed every second spring to every participant.',
  ],
  ['other', 'Glaciers retreat when summers warm, and their meltwater raises the level of the lakes below.'],
];

describe('SentenceRerank', () => {
  let db: PgliteDatabase;
  let store: SqlChunkStore;
  const scope = { tenantId: 'acme', subTenantId: 'papers' };
  const otherScope = { tenantId: 'globex', subTenantId: 'papers' };
  const first: RankedId[] = [
    { id: 'diffuse_0', score: 0.62, parts: { fused: 0.62 } },
    { id: 'needle_0', score: 0.55, parts: { fused: 0.55 } },
    { id: 'other_0', score: 0.3, parts: { fused: 0.3 } },
  ];
  const signal = new AbortController().signal;

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    store = new SqlChunkStore(db);
    await store.migrate();
    for (const s of [scope, otherScope]) {
      await store.replaceSources(
        CHUNKS.map(([id, text]) => ({
          scope: s,
          source: { source_id: id, source_type: 'document', title: id, created_at: now, updated_at: now },
          chunks: [{ chunk_uuid: `${id}_0`, position: 0, text, start: 0, kind: 'original' as const }],
        })),
      );
    }
  });

  after(async () => {
    await db.close();
  });

  it('splits a chunk into sentences, joining the short ones to the next', () => {
    assert.deepEqual(sentencePieces(''), []);
    assert.deepEqual(sentencePieces('Results. The treatment halved the rate of relapse in both arms.'), [
      'Results. The treatment halved the rate of relapse in both arms.',
    ]);
    const long = 'This sentence is long enough to stand alone as a piece. '.repeat(30);
    assert.equal(sentencePieces(long).length, 24, 'at most 24 pieces');
    const pieces = sentencePieces(
      'The first sentence is long enough to be a piece of its own. Then a short one. Ok.',
    );
    assert.deepEqual(pieces, [
      'The first sentence is long enough to be a piece of its own. Then a short one. Ok.',
    ]);
    assert.deepEqual(
      sentencePieces(
        'Methods. We enrolled 412 adults with asthma. Inhaled steroids cut attacks by half in a year.',
      ),
      ['Methods. We enrolled 412 adults with asthma.', 'Inhaled steroids cut attacks by half in a year.'],
      'a short tail joins the piece before it, a short head the one after',
    );
  });

  it('lifts the candidate whose one sentence says what the query says', async () => {
    const embedder = new CountingEmbedder();
    const rerank = new SentenceRerank(embedder, store, { depth: 10, weight: 0.5 });
    assert.equal(rerank.enabled, true);
    const ranked = await rerank.rerank(scope, QUERY, first, signal);
    assert.deepEqual(
      ranked.map((r) => r.id),
      ['needle_0', 'diffuse_0', 'other_0'],
    );
    for (const hit of ranked) {
      const sentence = hit.parts!.sentence!;
      assert.ok(sentence >= 0 && sentence <= 1);
      const before = first.find((f) => f.id === hit.id)!.score;
      assert.ok(
        Math.abs(hit.score - (0.5 * before + 0.5 * sentence)) < 1e-12,
        'score = (1 − w)·score + w·sentence',
      );
      assert.equal(hit.parts!.fused, before, 'the earlier parts are kept');
    }
    const sentenceOf = (id: string) => ranked.find((r) => r.id === id)!.parts!.sentence!;
    assert.ok(sentenceOf('needle_0') > sentenceOf('diffuse_0'));
    assert.ok(sentenceOf('diffuse_0') > sentenceOf('other_0'));
  });

  it('rescores only its depth; the rest follow, capped at the lowest rescored score', async () => {
    const rerank = new SentenceRerank(new CountingEmbedder(), store, { depth: 2, weight: 0.5 });
    const ranked = await rerank.rerank(scope, QUERY, [...first, { id: 'missing', score: 0.29 }], signal);
    assert.deepEqual(
      ranked.map((r) => r.id),
      ['needle_0', 'diffuse_0', 'other_0', 'missing'],
    );
    assert.equal(ranked[2]!.parts!.sentence, undefined);
    assert.ok(ranked[2]!.score <= ranked[1]!.score);
    assert.ok(ranked[3]!.score <= ranked[2]!.score);
  });

  it('embeds a chunk once per scope and content, then reads its sentences from the cache', async () => {
    const embedder = new CountingEmbedder();
    const rerank = new SentenceRerank(embedder, store, { depth: 10, weight: 0.5 });
    // Each search embeds its query (one text), and the sentences it has not seen.
    await rerank.rerank(scope, QUERY, first, signal);
    const pieces = CHUNKS.reduce((n, [, text]) => n + sentencePieces(text).length, 0);
    assert.equal(embedder.embedded, 1 + pieces);
    const again = await rerank.rerank(scope, 'hip fractures', first, signal);
    assert.equal(embedder.embedded, 2 + pieces, 'no sentence embedded again in the same scope');
    assert.equal(again.length, 3);
    await rerank.rerank(otherScope, QUERY, first, signal);
    assert.equal(embedder.embedded, 3 + 2 * pieces, 'another tenant’s chunks of the same id are its own');
    // The same id with other content (a source replaced) is embedded again.
    await store.replaceSources([
      {
        scope,
        source: {
          source_id: 'other',
          source_type: 'document',
          title: 'other',
          created_at: now,
          updated_at: now,
        },
        chunks: [
          { chunk_uuid: 'other_0', position: 0, text: 'Lakes freeze in winter.', start: 0, kind: 'original' },
        ],
      },
    ]);
    await rerank.rerank(scope, QUERY, first, signal);
    assert.equal(embedder.embedded, 4 + 2 * pieces + 1, 'the replaced chunk only');
  });

  it('is off without depth or weight, and for embedders that do not read sentences in context', () => {
    const model = new CountingEmbedder();
    assert.equal(new SentenceRerank(model, store, { depth: 0, weight: 0.5 }).enabled, false);
    assert.equal(new SentenceRerank(model, store, { depth: 10, weight: 0 }).enabled, false);
    assert.equal(
      new SentenceRerank(new NgramHashingEmbedder(), store, { depth: 10, weight: 0.5 }).enabled,
      false,
    );
  });

  it('stops when its search is given up, keeping the sentences it embedded for the next', async () => {
    const embedder = new CountingEmbedder();
    embedder.delayMs = 50;
    const controller = new AbortController();
    const rerank = new SentenceRerank(embedder, store, { depth: 10, weight: 0.5 });
    const running = rerank.rerank(otherScope, 'glaciers', first, controller.signal);
    controller.abort();
    await assert.rejects(running, { name: 'AbortError' });
    const embedded = embedder.embedded;
    await rerank.rerank(otherScope, 'glaciers', first, signal);
    assert.equal(embedder.embedded, embedded + 1, 'only the query again');
  });
});
