import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeEmbedder } from '../ports/embedder.contract';
import { ONNX_MODELS, OnnxModelSpec } from './model-catalogue';
import { MODEL_FILE, resolveModelFiles, TOKENIZER_FILE } from './model-files';
import { OnnxEmbedder } from './onnx-embedder';
import { onnxHost } from './onnx-host';

/*
 * The ONNX embedder against reference fixtures computed once with an independent pipeline:
 * LangChain4j's own Java models (ONNX Runtime Java, DJL's HuggingFace tokenizer), by
 * tools/reference-embeddings (its README says how to run it again). The models come from the
 * repo's models cache, resolved by Maven as `npm start` does (CI fetches them before the tests).
 */

const WORKSPACE = join(__dirname, '..', '..', '..', '..');
const FIXTURES = join(__dirname, '..', '..', 'src', 'onnx', 'fixtures');

interface Reference {
  tokens: ({ text: string; ids: number[] } | { text: string; count: number; firstIds: number[] })[];
  vectors: { text: string; vector: number[] }[];
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

async function load(spec: OnnxModelSpec, prefixes = false, processes = 1): Promise<OnnxEmbedder> {
  const files = await resolveModelFiles(spec, { modelsDir: join(WORKSPACE, 'models') });
  return OnnxEmbedder.load(files, {
    modelId: `onnx:${spec.id}`,
    pooling: spec.pooling,
    maxTokens: spec.maxTokens,
    processes,
    ...(prefixes ? { queryPrefix: spec.queryPrefix, passagePrefix: spec.passagePrefix } : {}),
  });
}

function readReference(id: string): Reference {
  return JSON.parse(readFileSync(join(FIXTURES, `${id}.reference.json`), 'utf8')) as Reference;
}

for (const spec of ONNX_MODELS) {
  describe(`OnnxEmbedder: ${spec.id} against the LangChain4j reference`, () => {
    const reference = readReference(spec.id);
    let embedder: OnnxEmbedder;
    before(async () => {
      embedder = await load(spec);
    });
    after(() => embedder.close());

    it('tokenises fixed strings into the reference token ids', async () => {
      for (const expected of reference.tokens) {
        const ids = await embedder.tokenIds(expected.text);
        if ('ids' in expected) assert.deepEqual(ids, expected.ids, expected.text);
        else {
          // The long text: the reference count is before its truncation; ours is never truncated.
          assert.equal(ids.length, expected.count);
          assert.deepEqual(ids.slice(0, expected.firstIds.length), expected.firstIds);
        }
      }
    });

    it(`pools (${spec.pooling}) and normalises like the reference: cosine ≥ 0.999 on five sentences`, async () => {
      const vectors = await embedder.embedDocuments(reference.vectors.map((v) => v.text));
      assert.equal(vectors.length, 5);
      reference.vectors.forEach((expected, i) => {
        const vector = vectors[i]!;
        assert.equal(vector.length, spec.dimension);
        assert.ok(Math.abs(cosine(vector, vector) - 1) < 1e-5);
        let norm = 0;
        for (const x of vector) norm += x * x;
        assert.ok(Math.abs(norm - 1) < 1e-4, `norm² ${norm}`);
        const similarity = cosine(vector, expected.vector);
        assert.ok(similarity >= 0.999, `${expected.text}: cosine ${similarity}`);
      });
    });
  });
}

describe('OnnxEmbedder: behaviour', () => {
  const spec = ONNX_MODELS.find((m) => m.id === 'e5-small-v2-q')!;
  let embedder: OnnxEmbedder;
  before(async () => {
    embedder = await load(spec, true);
  });
  after(() => embedder.close());

  it('embeds queries and documents with their own prefixes', async () => {
    const text = 'My flight to Lisbon leaves on Friday morning.';
    const [asDocument] = await embedder.embedDocuments([text]);
    const asQuery = await embedder.embedQuery(text);
    const similarity = cosine(asDocument!, asQuery);
    assert.ok(similarity < 0.999, `the prefixes made no difference (cosine ${similarity})`);
    assert.ok(similarity > 0.8, `the same text as query and passage: cosine ${similarity}`);
  });

  it('never cuts a long text: every window counts', async () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`);
    const head = words.slice(0, 150).join(' ');
    const long = words.join(' ') + ' Completely different closing words about volcanoes and lava.';
    const [whole, start] = await embedder.embedDocuments([long, head]);
    assert.ok(cosine(whole!, start!) < 0.999, 'the long text embeds like its first window alone');
    assert.equal(whole!.length, spec.dimension);
  });

  it('remembers vectors by content: the same text is embedded once', async () => {
    const [a, b] = await embedder.embedDocuments(['A sentence seen twice.', 'A sentence seen twice.']);
    const [c] = await embedder.embedDocuments(['A sentence seen twice.']);
    assert.equal(a, b);
    assert.equal(a, c);
  });

  it('answers a query ahead of a queue of documents', async () => {
    const docs = Array.from(
      { length: 24 },
      (_, i) => `Document ${i}: ` + 'the committee reviewed the budget. '.repeat(20),
    );
    const order: string[] = [];
    const documents = embedder.embedDocuments(docs).then(() => order.push('documents'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const query = embedder.embedQuery('when is the budget review').then(() => order.push('query'));
    await Promise.all([documents, query]);
    assert.deepEqual(order, ['query', 'documents']);
  });
});

describe('OnnxEmbedder: model processes', () => {
  const spec = ONNX_MODELS.find((m) => m.id === 'bge-small-en-v1.5-q')!;
  const reference = readReference(spec.id);
  let embedder: OnnxEmbedder;
  before(async () => {
    embedder = await load(spec, false, 2);
  });
  after(() => embedder.close());

  it('embeds in two processes side by side, each like the reference', async () => {
    const pool = onnxHost.processes();
    assert.equal(pool.length, 2);
    const fillers = Array.from({ length: 6 }, (_, i) => `Filler sentence ${i} about the harbour.`);
    const texts = [...reference.vectors.slice(0, 3).map((v) => v.text), ...fillers];
    const vectors = await embedder.embedDocuments(texts);
    reference.vectors.slice(0, 3).forEach((expected, i) => {
      const similarity = cosine(vectors[i]!, expected.vector);
      assert.ok(similarity >= 0.999, `${expected.text}: cosine ${similarity}`);
    });
    const served = onnxHost
      .processes()
      .map((p) => p.served - (pool.find((q) => q.pid === p.pid)?.served ?? 0));
    assert.ok(
      served.every((n) => n > 0),
      `texts answered per process: ${served.join(', ')}`,
    );
  });

  it('survives a model process killed mid-text: only that text fails, a replacement loads the model', async () => {
    const docs = Array.from(
      { length: 8 },
      (_, i) => `Document ${i}: ` + 'the ledger was audited. '.repeat(40),
    );
    const outcomes = docs.map((doc) =>
      embedder.embedDocuments([doc]).then(
        () => 'ok',
        (error: Error) => error.message,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const victim = onnxHost.processes()[0]!.pid!;
    process.kill(victim, 'SIGKILL');
    const settled = await Promise.all(outcomes);
    const failed = settled.filter((o) => o !== 'ok');
    assert.equal(failed.length, 1, settled.join(' | '));
    assert.match(failed[0]!, /ONNX model process exited \(SIGKILL\)/);
    // The pool is whole again, and the replacement embeds like the reference.
    const rest = reference.vectors.slice(3);
    const vectors = await embedder.embedDocuments(rest.map((v) => v.text));
    rest.forEach((expected, i) => assert.ok(cosine(vectors[i]!, expected.vector) >= 0.999, expected.text));
    const pool = onnxHost.processes();
    assert.equal(pool.length, 2);
    assert.ok(!pool.some((p) => p.pid === victim));
  });

  it('stops its processes with the last model', async () => {
    const other = await load(ONNX_MODELS.find((m) => m.id === 'all-minilm-l6-v2-q')!);
    await other.close();
    assert.equal(onnxHost.processes().length, 2, 'closing one of two models keeps the processes');
    await embedder.close();
    assert.equal(onnxHost.processes().length, 0);
    await assert.rejects(embedder.embedQuery('after close'), /closed/);
  });
});

// The contract, on each catalogue model as createEmbedder configures it (its prefixes, measured
// figures), from the files in the models cache. Without them it is skipped, not downloaded.
for (const spec of ONNX_MODELS) {
  const files = {
    modelPath: join(WORKSPACE, 'models', spec.id, MODEL_FILE),
    tokenizerPath: join(WORKSPACE, 'models', spec.id, TOKENIZER_FILE),
  };
  const absent = Object.values(files).find((path) => !existsSync(path));
  const load = () =>
    OnnxEmbedder.load(files, {
      modelId: `onnx:${spec.id}`,
      pooling: spec.pooling,
      queryPrefix: spec.queryPrefix,
      passagePrefix: spec.passagePrefix,
      maxTokens: spec.maxTokens,
      relatedCosine: spec.relatedCosine,
      cosineCalibration: spec.cosineCalibration,
    });
  describeEmbedder(`OnnxEmbedder, ${spec.id}`, async () => ({ embedder: await load(), reopen: load }), {
    asymmetric: spec.queryPrefix !== spec.passagePrefix,
    skip: absent && `${absent} is absent (npm start or CI fetches the models)`,
  });
}
