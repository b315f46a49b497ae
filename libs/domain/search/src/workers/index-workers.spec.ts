import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createEmbedder } from '@trove/embeddings';
import { analyze } from '@trove/text';
import { EmbeddedKeywordIndex } from '../adapters/embedded-keyword/embedded-keyword-index';
import { keywordIndexContract } from '../ports/keyword-index.contract';
import { IndexWorkers } from './index-workers';
import { IN_PLACE_MAX_CHARS, PooledEmbedder } from './pooled-embedder';

const TEXTS = [
  'Running runners ran; the user_id was E-1234 in café “Zoë’s”.',
  'Kaposi’s sarcoma-associated herpesvirus and 1,000,000 cells, v2.3.',
  '東京で会議があります and an email to ops@example.com',
  '',
];

describe('IndexWorkers', () => {
  const workers = new IndexWorkers(1);
  const inline = new IndexWorkers(0);
  after(async () => {
    await workers.close();
    await inline.close();
  });

  it('analyses on a worker thread exactly as in place', async () => {
    const expected = TEXTS.map((text) => analyze(text));
    assert.deepEqual(await workers.analyze(TEXTS), expected);
    assert.deepEqual(await inline.analyze(TEXTS), expected);
  });

  it('analyses a small batch in place and a large one on the worker, alike', async () => {
    const before = workers.completed;
    assert.deepEqual(
      await workers.analyzeMany(TEXTS),
      TEXTS.map((text) => analyze(text)),
    );
    assert.equal(workers.completed, before, 'a small batch is analysed in place');
    const long = TEXTS.map((text) => text.repeat(Math.ceil(IN_PLACE_MAX_CHARS / 40)));
    assert.deepEqual(
      await workers.analyzeMany(long),
      long.map((text) => analyze(text)),
    );
    assert.equal(workers.completed, before + 1);
  });

  it('embeds on a worker thread exactly as the embedder in place', async () => {
    const settings = { EMBEDDINGS_PROVIDER: 'hashing', EMBEDDINGS_DIMENSION: '256' };
    const local = await createEmbedder(settings);
    const expected = await local.embedDocuments(TEXTS);
    const pooled = new PooledEmbedder(local, settings, workers);
    assert.equal(pooled.modelId, local.modelId);
    assert.equal(pooled.dimension, 256);
    const tasksBefore = workers.completed;
    const got = await pooled.embedDocuments(TEXTS);
    assert.equal(workers.completed, tasksBefore, 'a small batch is embedded in place');
    assert.equal(got.length, TEXTS.length);
    got.forEach((vector, i) => assert.deepEqual(Array.from(vector), Array.from(expected[i]!)));
    // A batch over IN_PLACE_MAX_CHARS goes to the worker: the same vectors, and the worker ran it.
    const long = TEXTS.map((text) => text.repeat(Math.ceil(IN_PLACE_MAX_CHARS / 40)));
    const before = workers.completed;
    const fromWorker = await pooled.embedDocuments(long);
    assert.equal(workers.completed, before + 1);
    const inPlace = await local.embedDocuments(long);
    fromWorker.forEach((vector, i) => assert.deepEqual(Array.from(vector), Array.from(inPlace[i]!)));
    assert.deepEqual(await pooled.embedDocuments([]), []);
    assert.deepEqual(
      Array.from(await pooled.embedQuery('herpesvirus')),
      Array.from(await local.embedQuery('herpesvirus')),
    );
  });

  it('spreads concurrent batches over its threads and keeps each batch in order', async () => {
    const two = new IndexWorkers(2);
    try {
      const batches = Array.from({ length: 20 }, (_, b) => TEXTS.map((text) => `${text} batch${b}`));
      const results = await Promise.all(batches.map((batch) => two.analyze(batch)));
      results.forEach((terms, b) =>
        assert.deepEqual(
          terms,
          batches[b]!.map((text) => analyze(text)),
        ),
      );
    } finally {
      await two.close();
    }
  });

  it('reports a bad embedder setting from the worker', async () => {
    await assert.rejects(
      workers.embed({ EMBEDDINGS_PROVIDER: 'nonsense' }, 8, ['x']),
      /EMBEDDINGS_PROVIDER must be one of/,
    );
  });

  it('refuses a thread count that is not a non-negative integer', () => {
    assert.throws(() => new IndexWorkers(-1), RangeError);
    assert.throws(() => new IndexWorkers(1.5), RangeError);
  });
});

let root: string;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'index-workers-'));
});
after(async () => rm(root, { recursive: true, force: true }));

describe('EmbeddedKeywordIndex with analysis on a worker thread', () => {
  const workers = new IndexWorkers(1);
  after(() => workers.close());
  let counter = 0;
  keywordIndexContract('EmbeddedKeywordIndex (IndexWorkers)', async () => {
    const directory = join(root, `index-${++counter}`);
    const open = () =>
      EmbeddedKeywordIndex.open({ directory, analyze, analyzeMany: (texts) => workers.analyze(texts) });
    let index = await open();
    return {
      index,
      reopen: async () => {
        await index.close();
        return (index = await open());
      },
      dispose: () => index.close(),
    };
  });
});
