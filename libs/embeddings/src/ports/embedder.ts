/**
 * Turns text into vectors. Every vector an embedder returns has `dimension` components and is
 * L2-normalised (length 1), so the cosine similarity of two vectors is their dot product; the
 * index layer relies on that and may store and compare them with a plain inner product. The one
 * exception is a text the model finds nothing in (empty, only stopwords or unknown tokens): its
 * vector is all zeros, which scores 0 against everything.
 *
 * `modelId` names the model and everything that changes its vectors (variant, dimension): two
 * embedders with the same `modelId` and `dimension` produce comparable vectors. Indexes record
 * both and refuse to mix models.
 */
export abstract class Embedder {
  /** Stable name of the model and variant, recorded per index, e.g. `trove-ngram-hash-v1-…-1024`. */
  abstract readonly modelId: string;
  /** Number of components of every vector. */
  abstract readonly dimension: number;
  /** Largest number of texts embedded in one call to the model; longer inputs are split. */
  abstract readonly maxBatchSize: number;

  /**
   * Cosine similarity above which a query and a text are related by this model alone, when
   * known from measurement; search uses it to tell "nothing relevant" from "least irrelevant".
   * Undefined: unknown, and semantic hits alone never count as relevant.
   */
  readonly relatedCosine?: number;

  /**
   * How this model's cosines map onto a relevance score in [0, 1] (a logistic: `mid` scores 0.5),
   * when measured; search then gives absolute scores, comparable across queries.
   */
  readonly cosineCalibration?: { mid: number; scale: number };

  /** Set when this embedder stands in for the configured model, which could not be loaded. */
  readonly fallback?: EmbedderFallback;

  /** Embeds texts for storage, in order: one L2-normalised vector per text, any number of texts. */
  abstract embedDocuments(texts: string[]): Promise<Float32Array[]>;

  /**
   * Whether `embedWeighted` honours word weights: true for embedders whose features come from the
   * words of the text (the n-gram hashing embedder), false for learned models.
   */
  readonly weighsWords: boolean = false;

  /**
   * Whether the embedder is a language model that reads each text in context (a transformer,
   * local or remote), so that the vectors of single sentences are worth comparing with a query
   * (accurate mode's offline rerank). False for hashed n-grams and static word vectors.
   */
  readonly contextual: boolean = false;

  /** The distinct words of `text` that `embedWeighted` can weigh, as the embedder spells them. */
  wordsOf(_text: string): string[] {
    return [];
  }

  /**
   * Embeds texts with each word's features scaled by `weights` (a word of `wordsOf`; missing: 1),
   * so that a query can stress its rare words. Embedders that do not weigh words embed the texts
   * as documents.
   */
  embedWeighted(texts: string[], _weights: ReadonlyMap<string, number>): Promise<Float32Array[]> {
    return this.embedDocuments(texts);
  }

  /** Releases what the embedder holds (a model's worker thread); closing again does nothing. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Embeds a search query. Symmetric models embed it as a document. */
  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.embedDocuments([text]);
    return vector;
  }
}

/** Why an embedder is a stand-in: the model that was wanted and why it could not be had. */
export interface EmbedderFallback {
  wanted: string;
  reason: string;
}
