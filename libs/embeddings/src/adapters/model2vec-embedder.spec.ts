import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeEmbedder } from '../ports/embedder.contract';
import { EmbeddingError } from '../embedding-error';
import { Model2VecEmbedder } from './model2vec-embedder';

// A tiny model2vec directory written by the test: a BERT-style WordPiece tokenizer with 16
// tokens and a 4-d table whose values are exact in float16, so F32 and F16 files must agree.
const VOCAB = [
  '[PAD]',
  '[UNK]',
  '[CLS]',
  '[SEP]',
  'the',
  'cat',
  'dog',
  'sat',
  'on',
  'mat',
  '##s',
  'run',
  '##ning',
  'fast',
  'slow',
  '.',
];
const ROWS: number[][] = [
  [0, 0, 0, 0], // [PAD]
  [3, 3, 3, 3], // [UNK]: must never count
  [-2, 0, 0, 0], // [CLS]: a special token, must not be added
  [0, 0, 0, -2], // [SEP]
  [0.25, 0.25, 0.25, 0.25], // the
  [1, 0, 0, 0], // cat
  [0, 1, 0, 0], // dog
  [0, 0, 1, 0], // sat
  [0.5, 0.5, 0, 0], // on
  [0, 0, 0, 1], // mat
  [0, 0, 0, 1], // ##s
  [0, 0, 2, 0], // run
  [0, 0, 0, 2], // ##ning
  [-1, 0, 0, 0], // fast
  [1, 0, 0, 0], // slow
  [0.125, -0.5, 0, 0], // .
];
/** IEEE half-precision bit patterns of the only values above, written by hand, not computed. */
const HALF: Record<string, number> = {
  '0': 0x0000,
  '3': 0x4200,
  '-2': 0xc000,
  '0.25': 0x3400,
  '1': 0x3c00,
  '0.5': 0x3800,
  '2': 0x4000,
  '-1': 0xbc00,
  '0.125': 0x3000,
  '-0.5': 0xb800,
};

function tokenizerJson(): unknown {
  const special = (id: number, content: string) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(0, '[PAD]'), special(1, '[UNK]'), special(2, '[CLS]'), special(3, '[SEP]')],
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [{ Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(VOCAB.map((token, id) => [token, id])),
    },
  };
}

type Tensor = { dtype: 'F32' | 'F16' | 'I32'; shape: number[]; data: Buffer };

/** Writes a safetensors file by the format's definition: u64 LE header length, JSON header, data. */
function safetensors(tensors: Record<string, Tensor>): Buffer {
  const header: Record<string, unknown> = { __metadata__: { format: 'pt' } };
  let offset = 0;
  for (const [name, t] of Object.entries(tensors)) {
    header[name] = { dtype: t.dtype, shape: t.shape, data_offsets: [offset, offset + t.data.length] };
    offset += t.data.length;
  }
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, ...Object.values(tensors).map((t) => t.data)]);
}

function matrix(rows: number[][], dtype: 'F32' | 'F16'): Tensor {
  const values = rows.flat();
  const data = Buffer.alloc(values.length * (dtype === 'F32' ? 4 : 2));
  values.forEach((v, i) =>
    dtype === 'F32' ? data.writeFloatLE(v, i * 4) : data.writeUInt16LE(HALF[String(v)]!, i * 2),
  );
  return { dtype, shape: [rows.length, rows[0]!.length], data };
}

async function writeModel(dir: string, tensors: Record<string, Tensor>): Promise<string> {
  await writeFile(
    join(dir, 'config.json'),
    JSON.stringify({ model_type: 'model2vec', normalize: true, hidden_dim: 4 }),
  );
  await writeFile(join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson()));
  await writeFile(join(dir, 'model.safetensors'), safetensors(tensors));
  return dir;
}

function assertClose(actual: Float32Array, expected: number[]): void {
  assert.equal(actual.length, expected.length);
  expected.forEach((e, i) => assert.ok(Math.abs(actual[i]! - e) < 1e-6, `[${[...actual]}] vs [${expected}]`));
}

describe('Model2VecEmbedder', () => {
  let root: string;
  let f32: string;
  let f16: string;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'trove-model2vec-'));
    for (const name of ['tiny-f32', 'tiny-f16', 'quantised', 'broken']) await mkdir(join(root, name));
    f32 = await writeModel(join(root, 'tiny-f32'), { embeddings: matrix(ROWS, 'F32') });
    f16 = await writeModel(join(root, 'tiny-f16'), { embeddings: matrix(ROWS, 'F16') });
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('embeds a text as the normalised mean of its token vectors, without special tokens', async () => {
    const model = await Model2VecEmbedder.load(f32);
    assert.equal(model.dimension, 4);
    assert.equal(model.modelId, 'model2vec:tiny-f32');
    // cats → cat + ##s = [1,0,0,1] / 2, normalised
    assertClose(await model.embedQuery('Cats'), [Math.SQRT1_2, 0, 0, Math.SQRT1_2]);
    // the dog sat → [0.25, 1.25, 1.25, 0.25] / 3, normalised by √3.25
    const n = Math.sqrt(0.25 ** 2 * 2 + 1.25 ** 2 * 2);
    assertClose(await model.embedQuery('the dog sat'), [0.25 / n, 1.25 / n, 1.25 / n, 0.25 / n]);
    // running → run + ##ning = [0,0,2,2]
    assertClose(await model.embedQuery('running'), [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
  });

  it('does not weigh words: a weighted embedding is the document embedding', async () => {
    const model = await Model2VecEmbedder.load(f32);
    assert.equal(model.weighsWords, false);
    assert.deepEqual(model.wordsOf('the dog sat'), []);
    const texts = ['the dog sat', 'Cats'];
    assert.deepEqual(
      await model.embedWeighted(texts, new Map([['dog', 5]])),
      await model.embedDocuments(texts),
    );
  });

  it('drops unknown tokens, and gives the zero vector when nothing is known', async () => {
    const model = await Model2VecEmbedder.load(f32);
    assert.deepEqual(await model.embedQuery('cat zebra'), await model.embedQuery('cat'));
    assertClose(await model.embedQuery('cat zebra'), [1, 0, 0, 0]);
    assertClose(await model.embedQuery('zebra giraffe'), [0, 0, 0, 0]);
  });

  it('reads float16 weights to the same vectors as float32', async () => {
    const [a, b] = await Promise.all([Model2VecEmbedder.load(f32), Model2VecEmbedder.load(f16)]);
    const texts = ['the cat sat on the mat.', 'slow dogs run fast', 'Cats'];
    assert.deepEqual(await b.embedDocuments(texts), await a.embedDocuments(texts));
    assertClose((await b.embedDocuments(['fast.']))[0]!, [
      -0.875 / Math.hypot(0.875, 0.5),
      -0.5 / Math.hypot(0.875, 0.5),
      0,
      0,
    ]);
  });

  it('embeds any number of texts in order, in batches', async () => {
    const model = await Model2VecEmbedder.load(f32, { maxBatchSize: 2, modelId: 'tiny' });
    assert.equal(model.modelId, 'tiny');
    const vectors = await model.embedDocuments(['cat', 'dog', 'sat', 'mat', 'cat']);
    assert.deepEqual(
      vectors.map((v) => [...v].indexOf(1)),
      [0, 1, 2, 3, 0],
    );
  });

  it('applies a quantised vocabulary: token → row mapping and per-token weights', async () => {
    const dir = join(root, 'quantised');
    const rows = [
      [0, 0, 0, 0],
      [1, 0, 0, 0],
      [0, 1, 0, 0],
    ];
    const mapping = VOCAB.map((token) => (token === 'cat' || token === 'dog' ? 1 : token === 'sat' ? 2 : 0));
    const weights = VOCAB.map((token) => (token === 'dog' ? 3 : 1));
    const i32 = Buffer.alloc(mapping.length * 4);
    mapping.forEach((m, i) => i32.writeInt32LE(m, i * 4));
    const f = Buffer.alloc(weights.length * 4);
    weights.forEach((w, i) => f.writeFloatLE(w, i * 4));
    await writeModel(dir, {
      embeddings: matrix(rows, 'F32'),
      mapping: { dtype: 'I32', shape: [mapping.length], data: i32 },
      weights: { dtype: 'F32', shape: [weights.length], data: f },
    });
    const model = await Model2VecEmbedder.load(dir);
    // dog sat → 3·[1,0,0,0] + [0,1,0,0]
    assertClose(await model.embedQuery('dog sat'), [3 / Math.sqrt(10), 1 / Math.sqrt(10), 0, 0]);
  });

  it('names the missing or malformed file', async () => {
    const dir = join(root, 'broken');
    await assert.rejects(
      Model2VecEmbedder.load(dir),
      (e: unknown) => e instanceof EmbeddingError && /config\.json/.test(e.message),
    );
    await writeModel(dir, { embeddings: matrix(ROWS, 'F32') });
    await writeFile(join(dir, 'model.safetensors'), Buffer.from([200, 0, 0, 0, 0, 0, 0, 0, 123]));
    await assert.rejects(
      Model2VecEmbedder.load(dir),
      (e: unknown) => e instanceof EmbeddingError && /model\.safetensors.*header length/.test(e.message),
    );
    await writeFile(join(dir, 'model.safetensors'), safetensors({ other: matrix(ROWS, 'F32') }));
    await assert.rejects(Model2VecEmbedder.load(dir), /no tensor "embeddings"/);
  });
});

describeEmbedder(
  'Model2VecEmbedder, a tiny float32 model with batches of 2',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trove-model2vec-contract-'));
    await writeModel(dir, { embeddings: matrix(ROWS, 'F32') });
    const load = () => Model2VecEmbedder.load(dir, { maxBatchSize: 2 });
    return {
      embedder: await load(),
      reopen: load,
      // The model knows 16 tokens: the contract's texts are made of them.
      words: ['cat', 'dog', 'sat', 'on', 'mat', 'run', 'fast', 'slow', 'the'],
      related: ['the cat sat on the mat', 'cats sat on mats', 'dog running fast'] as const,
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  },
  { nothingIn: ['', '   ', 'zebra giraffe'] },
);
