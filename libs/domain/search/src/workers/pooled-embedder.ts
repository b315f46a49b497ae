import { Embedder, EmbeddingSettings } from '@trove/embeddings';
import { IN_PLACE_MAX_CHARS, IndexWorkers } from './index-workers';

export { IN_PLACE_MAX_CHARS };

/**
 * A local embedder whose document batches are embedded on IndexWorkers' threads, each holding its
 * own copy of the same model (built from the same settings); queries and small batches stay on
 * the calling thread. Vectors are identical to the inner embedder's, so modelId and dimension are
 * its own.
 */
export class PooledEmbedder extends Embedder {
  readonly modelId: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  override readonly relatedCosine?: number;
  override readonly cosineCalibration?: { mid: number; scale: number };
  override readonly weighsWords: boolean;
  override readonly contextual: boolean;

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
    this.cosineCalibration = inner.cosineCalibration;
    this.weighsWords = inner.weighsWords;
    this.contextual = inner.contextual;
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    let chars = 0;
    for (const text of texts) chars += text.length;
    return chars <= IN_PLACE_MAX_CHARS
      ? this.inner.embedDocuments(texts)
      : this.workers.embed(this.settings, this.dimension, texts);
  }

  override embedQuery(text: string): Promise<Float32Array> {
    return this.inner.embedQuery(text);
  }

  override close(): Promise<void> {
    return this.inner.close();
  }

  override wordsOf(text: string): string[] {
    return this.inner.wordsOf(text);
  }

  /** In place: a weighted embedding is a query's (the query and its few feedback chunks). */
  override embedWeighted(texts: string[], weights: ReadonlyMap<string, number>): Promise<Float32Array[]> {
    return this.inner.embedWeighted(texts, weights);
  }
}
