import { Embedder, EmbeddingSettings } from '@trove/embeddings';
import { IndexWorkers } from './index-workers';

/**
 * A local embedder whose document batches are embedded on IndexWorkers' threads, each holding its
 * own copy of the same model (built from the same settings); queries stay on the calling thread.
 * Vectors are identical to the inner embedder's, so modelId and dimension are its own.
 */
export class PooledEmbedder extends Embedder {
  readonly modelId: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  override readonly relatedCosine?: number;

  constructor(
    private readonly inner: Embedder,
    private readonly settings: EmbeddingSettings,
    private readonly workers: IndexWorkers,
  ) {
    super();
    this.modelId = inner.modelId;
    this.dimension = inner.dimension;
    this.maxBatchSize = inner.maxBatchSize;
    this.relatedCosine = inner.relatedCosine;
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return this.workers.embed(this.settings, this.dimension, texts);
  }

  override embedQuery(text: string): Promise<Float32Array> {
    return this.inner.embedQuery(text);
  }
}
