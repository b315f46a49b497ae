import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { EmbeddingError } from '../embedding-error';
import { Embedder } from '../ports/embedder';
import type { OnnxPooling } from './model-catalogue';
import type { ModelFiles } from './model-files';
import { onnxHost, OnnxWork } from './onnx-host';
import type { ProcessReply } from './onnx-process';

/** What an OnnxEmbedder needs besides its files. */
export interface OnnxEmbedderOptions {
  /** Recorded per index: `onnx:<catalogue id>` or `onnx:custom-<model sha prefix>`. */
  modelId: string;
  pooling: OnnxPooling;
  queryPrefix?: string;
  passagePrefix?: string;
  /** Positions of the model, special tokens included (default 512). */
  maxTokens?: number;
  /** Threads ONNX Runtime uses for one run (default 1). */
  threads?: number;
  /** Model processes that embed side by side (default 1; the host runs the most any model asks). */
  processes?: number;
  /** Vectors kept by content hash, so the same text is never embedded twice (default 20,000). */
  cacheEntries?: number;
  /** Cosine above which a query and a text are related by this model alone (measured). */
  relatedCosine?: number;
  /** How its cosines map onto a relevance score (measured; see Embedder). */
  cosineCalibration?: { mid: number; scale: number };
}

/**
 * A transformer embedding model run on the CPU with ONNX Runtime: the model's own tokenizer
 * (tokenizer.json), its pooling (first token or masked mean), L2 normalisation, and the query and
 * passage prefixes it was trained with.
 *
 * - **Off the event loop, on every core.** The model runs in forked model processes (OnnxHost,
 *   onnx-process.ts, OnnxSession), one text at a time in each, queries ahead of documents.
 * - **Length.** A text longer than the model's positions is never cut: it is embedded in windows
 *   and pooled (OnnxSession). Documents arrive chunked (~256 tokens), so that is the exception.
 * - **One text per run** (RunQueue says why), so a text's vector never depends on the traffic.
 * - **Cache.** Vectors are remembered by SHA-256 of (prefix + text) in an LRU, on this thread, so
 *   the same text is never embedded twice while it stays in the cache.
 */
export class OnnxEmbedder extends Embedder {
  readonly modelId: string;
  readonly maxBatchSize = 64;
  override readonly relatedCosine?: number;
  override readonly cosineCalibration?: { mid: number; scale: number };
  override readonly contextual = true;
  private readonly cache: LRUCache<string, Float32Array>;
  private closed = false;

  private constructor(
    private readonly session: number,
    private readonly options: OnnxEmbedderOptions,
    readonly dimension: number,
  ) {
    super();
    this.modelId = options.modelId;
    this.relatedCosine = options.relatedCosine;
    this.cosineCalibration = options.cosineCalibration;
    this.cache = new LRUCache({ max: Math.max(1, options.cacheEntries ?? 20_000) });
  }

  /** Loads the model and tokenizer in the model processes and learns the dimension. */
  static async load(files: ModelFiles, options: OnnxEmbedderOptions): Promise<OnnxEmbedder> {
    const { session, dimension } = await onnxHost.load(
      files,
      { pooling: options.pooling, maxTokens: options.maxTokens ?? 512, threads: options.threads ?? 1 },
      options.processes ?? 1,
    );
    return new OnnxEmbedder(session, options, dimension);
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return this.embedAll(texts, this.options.passagePrefix ?? '', 'document');
  }

  override async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.embedAll([text], this.options.queryPrefix ?? '', 'query');
    return vector!;
  }

  /** Token ids of `text` as the model sees it, special tokens included. */
  async tokenIds(text: string): Promise<number[]> {
    const reply = await this.request({ op: 'tokens', session: this.session, text });
    return reply.op === 'tokens' ? reply.ids : [];
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await onnxHost.release(this.session);
  }

  private async embedAll(
    texts: string[],
    prefix: string,
    kind: 'query' | 'document',
  ): Promise<Float32Array[]> {
    const results = new Array<Float32Array>(texts.length);
    const missing = new Map<string, { text: string; slots: number[] }>();
    texts.forEach((text, i) => {
      const key = createHash('sha256').update(prefix).update('\u0000').update(text).digest('base64');
      const cached = this.cache.get(key);
      if (cached) results[i] = cached;
      else {
        const entry = missing.get(key);
        if (entry) entry.slots.push(i);
        else missing.set(key, { text, slots: [i] });
      }
    });
    await Promise.all(
      [...missing].map(async ([key, { text, slots }]) => {
        const reply = await this.request({ op: 'embed', session: this.session, text: prefix + text, kind });
        if (reply.op !== 'vector') throw new EmbeddingError('onnx', `unexpected reply ${reply.op}`);
        this.cache.set(key, reply.vector);
        for (const slot of slots) results[slot] = reply.vector;
      }),
    );
    return results;
  }

  private request(work: OnnxWork): Promise<ProcessReply> {
    if (this.closed) return Promise.reject(new EmbeddingError('onnx', 'the embedder is closed'));
    return onnxHost.run(work);
  }
}
