import { createEmbedder, Embedder, NgramHashingEmbedder, onnxModelSpec } from '@trove/embeddings';

/**
 * Builds the embedder of a model that vectors were made with, when Trove can: the offline hashing
 * embedder at any dimension, and the ONNX models it knows (resolved as at start-up). It is what
 * embeds queries against a tenant's old space while a re-embedding builds the new one. Remote or
 * hand-placed models cannot be rebuilt from an id: undefined.
 */
export class LegacyEmbedders {
  private readonly built = new Map<string, Promise<Embedder | undefined>>();

  constructor(private readonly modelsDir: string) {}

  get(modelId: string): Promise<Embedder | undefined> {
    let embedder = this.built.get(modelId);
    if (!embedder) {
      embedder = this.build(modelId).catch(() => undefined);
      this.built.set(modelId, embedder);
    }
    return embedder;
  }

  async close(): Promise<void> {
    for (const embedder of this.built.values()) await (await embedder)?.close();
    this.built.clear();
  }

  private async build(modelId: string): Promise<Embedder | undefined> {
    const dimension = /-(\d+)$/.exec(modelId)?.[1];
    if (dimension && modelId.startsWith('trove-ngram-hash-')) {
      const hashing = new NgramHashingEmbedder({ dimension: Number(dimension) });
      return hashing.modelId === modelId ? hashing : undefined;
    }
    const id = modelId.startsWith('onnx:') ? modelId.slice('onnx:'.length) : undefined;
    if (id && onnxModelSpec(id)) {
      return createEmbedder({
        EMBEDDINGS_PROVIDER: 'onnx',
        EMBEDDINGS_MODEL: id,
        MODELS_DIR: this.modelsDir,
        EMBEDDINGS_REQUIRE_MODEL: 'true',
      });
    }
    return undefined;
  }
}
