import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { Tokenizer } from '../adapters/huggingface-tokenizer';
import { EmbeddingError } from '../embedding-error';
import type { OnnxPooling } from './model-catalogue';
import type { ModelFiles } from './model-files';
import { poolRows } from './pooling';
import { RunQueue } from './run-queue';

/** How a model is run: what OnnxEmbedder hands its model processes. */
export interface OnnxRunOptions {
  pooling: OnnxPooling;
  /** Positions of the model, special tokens included (512 for BERT-style models). */
  maxTokens: number;
  /** Threads ONNX Runtime uses for one run. */
  threads: number;
}

/**
 * The model and its tokenizer in one thread: tokenises, cuts a long text into windows of at most
 * maxTokens − 2 tokens (never dropping any), runs them through the RunQueue, and pools a long
 * text's windows into one vector weighted by their token counts. `session.run` of
 * onnxruntime-node blocks the thread it is called on (measured: ~200 ms of event-loop lag per
 * 300-token text), so OnnxEmbedder keeps this in model processes (onnx-process.ts).
 */
export class OnnxSession {
  private readonly queue: RunQueue;
  private readonly windowTokens: number;
  private readonly cls: number;
  private readonly sep: number;

  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly tokenizer: Tokenizer,
    options: OnnxRunOptions,
    readonly dimension: number,
  ) {
    this.windowTokens = options.maxTokens - 2;
    this.cls = specialId(tokenizer, '[CLS]');
    this.sep = specialId(tokenizer, '[SEP]');
    this.queue = new RunQueue(session, options.pooling, dimension);
  }

  static async load(files: ModelFiles, options: OnnxRunOptions): Promise<OnnxSession> {
    let session: ort.InferenceSession;
    let tokenizer: Tokenizer;
    try {
      tokenizer = new Tokenizer(JSON.parse(await readFile(files.tokenizerPath, 'utf8')) as object, {});
      session = await ort.InferenceSession.create(files.modelPath, {
        intraOpNumThreads: Math.max(1, options.threads),
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
      });
    } catch (error: unknown) {
      throw new EmbeddingError('onnx', `cannot load ${files.modelPath}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const probe = new RunQueue(session, options.pooling, 0);
    const dimension = await probe.probeDimension(
      specialId(tokenizer, '[CLS]'),
      specialId(tokenizer, '[SEP]'),
    );
    return new OnnxSession(session, tokenizer, options, dimension);
  }

  async embed(text: string, kind: 'query' | 'document'): Promise<Float32Array> {
    const ids = this.contentIds(text);
    if (ids.length <= this.windowTokens) return this.queue.embed([this.cls, ...ids, this.sep], kind);
    const windows: number[][] = [];
    for (let start = 0; start < ids.length; start += this.windowTokens) {
      windows.push([this.cls, ...ids.slice(start, start + this.windowTokens), this.sep]);
    }
    const vectors = await Promise.all(windows.map((window) => this.queue.embed(window, kind)));
    return poolRows(
      vectors,
      windows.map((window) => window.length - 2),
      this.dimension,
    );
  }

  /** Token ids of `text` as the model sees it, special tokens included (before windowing). */
  tokenIds(text: string): number[] {
    return [this.cls, ...this.contentIds(text), this.sep];
  }

  async close(): Promise<void> {
    await this.queue.drain();
    await this.session.release();
  }

  private contentIds(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false }).ids;
  }
}

function specialId(tokenizer: Tokenizer, token: string): number {
  const id = tokenizer.token_to_id(token);
  if (id === undefined) throw new EmbeddingError('onnx', `the tokenizer has no ${token} token`);
  return id;
}
