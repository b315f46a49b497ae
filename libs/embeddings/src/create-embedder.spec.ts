import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NgramHashingEmbedder } from './adapters/ngram-hashing-embedder';
import { OpenAiEmbedder } from './adapters/openai-embedder';
import { createEmbedder } from './create-embedder';
import { EmbeddingError } from './embedding-error';

const configError = (pattern: RegExp) => (e: unknown) =>
  e instanceof EmbeddingError && e.provider === 'config' && pattern.test(e.message);

describe('createEmbedder', () => {
  it('builds the offline n-gram hashing embedder, not marked as a fallback', async () => {
    const embedder = await createEmbedder({ EMBEDDINGS_PROVIDER: 'hashing' });
    assert.ok(embedder instanceof NgramHashingEmbedder);
    assert.equal(embedder.modelId, new NgramHashingEmbedder().modelId);
    assert.equal(embedder.fallback, undefined);
  });

  it('defaults to the ONNX model (here without Maven: its fallback)', async () => {
    for (const settings of [{}, { EMBEDDINGS_PROVIDER: '' }]) {
      const embedder = await createEmbedder({
        ...settings,
        MODELS_DIR: '/nonexistent/models',
        EMBEDDINGS_MAVEN: '/nonexistent/mvn',
      });
      assert.equal(embedder.fallback?.wanted, 'onnx:bge-small-en-v1.5-q');
    }
  });

  it('passes EMBEDDINGS_DIMENSION to the hashing embedder, and refuses a bad one', async () => {
    assert.equal(
      (await createEmbedder({ EMBEDDINGS_PROVIDER: 'hashing', EMBEDDINGS_DIMENSION: '2048' })).dimension,
      2048,
    );
    await assert.rejects(
      createEmbedder({ EMBEDDINGS_PROVIDER: 'hashing', EMBEDDINGS_DIMENSION: '1000' }),
      configError(/EMBEDDINGS_DIMENSION.*power of two/),
    );
    await assert.rejects(
      createEmbedder({ EMBEDDINGS_PROVIDER: 'hashing', EMBEDDINGS_DIMENSION: 'big' }),
      configError(/EMBEDDINGS_DIMENSION must be a positive integer/),
    );
  });

  it('builds the OpenAI-compatible embedder from its settings', async () => {
    const embedder = await createEmbedder({
      EMBEDDINGS_PROVIDER: 'openai',
      EMBEDDINGS_URL: 'http://localhost:11434',
      EMBEDDINGS_MODEL: 'nomic-embed-text',
      EMBEDDINGS_DIMENSION: 768,
    });
    assert.ok(embedder instanceof OpenAiEmbedder);
    assert.equal(embedder.modelId, 'openai-compatible:nomic-embed-text');
    assert.equal(embedder.dimension, 768);
  });

  it('names the missing settings', async () => {
    await assert.rejects(
      createEmbedder({ EMBEDDINGS_PROVIDER: 'openai' }),
      configError(/EMBEDDINGS_URL and EMBEDDINGS_MODEL are required/),
    );
    await assert.rejects(
      createEmbedder({ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_URL: 'http://x' }),
      configError(/EMBEDDINGS_MODEL is required when EMBEDDINGS_PROVIDER=openai/),
    );
    await assert.rejects(
      createEmbedder({ EMBEDDINGS_PROVIDER: 'model2vec' }),
      configError(/EMBEDDINGS_MODEL_PATH is required/),
    );
    await assert.rejects(
      createEmbedder({ EMBEDDINGS_PROVIDER: 'bert' }),
      configError(/one of onnx, hashing, model2vec, openai, got "bert"/),
    );
  });

  it('reports a model2vec path that holds no model', async () => {
    await assert.rejects(
      createEmbedder({ EMBEDDINGS_PROVIDER: 'model2vec', EMBEDDINGS_MODEL_PATH: '/nonexistent/model' }),
      (e: unknown) =>
        e instanceof EmbeddingError &&
        e.provider === 'model2vec' &&
        /\/nonexistent\/model\/config\.json/.test(e.message),
    );
  });
});
