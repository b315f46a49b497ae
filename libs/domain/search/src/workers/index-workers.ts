import type { EmbeddingSettings } from '@trove/embeddings';
import { Piscina } from 'piscina';
import { join } from 'node:path';
import { analyzeTexts, embedTexts, unpackVectors } from './index-work';

/**
 * Up to this many characters a batch is analysed or embedded in place: the work (~0.1 ms per KB
 * for the embedder, ~1 ms per KB for the analyser) costs less than a message to a worker and back,
 * and a one-chunk write or a query's feedback chunks must not queue behind a large batch that a
 * worker is busy with. With every one-chunk memory's analysis sent to the one worker thread,
 * bench/retrieval-speed.bench.mjs's load phase (20 tenants, 16 adds in flight) failed on the 5 s
 * service timeout; instrumented, those tasks waited ~1 s at a time in the queue.
 */
export const IN_PLACE_MAX_CHARS = 8192;

/**
 * Runs the CPU-bound part of indexing (document analysis, local embedding) on worker threads, so
 * that the event loop keeps serving requests and writing indexes while another core prepares the
 * next batch. Measured on 2 cores: see bench/retrieval-speed.bench.mjs (ingestion). With 0 threads
 * everything runs on the calling thread, as before.
 *
 * Queries are not sent here: one short text is analysed and embedded faster in place than a
 * message to a worker and back.
 */
export class IndexWorkers {
  private readonly pool: Piscina | null;

  constructor(readonly threads: number) {
    if (!Number.isInteger(threads) || threads < 0) {
      throw new RangeError(`IndexWorkers: threads must be a non-negative integer, got ${threads}`);
    }
    this.pool =
      threads === 0
        ? null
        : new Piscina({
            filename: join(__dirname, 'index-work.worker.js'),
            minThreads: threads,
            maxThreads: threads,
            // Kept alive: a new thread loads the analyser's model and the tokenizer again (~0.5 s).
            idleTimeout: Number.MAX_SAFE_INTEGER,
          });
  }

  /** Tasks the threads have finished (0 without threads). */
  get completed(): number {
    return this.pool?.completed ?? 0;
  }

  /** Index terms of each text (@trove/text's analyze). */
  async analyze(texts: string[]): Promise<string[][]> {
    if (!this.pool || texts.length === 0) return analyzeTexts(texts);
    return (await this.pool.run({ texts }, { name: 'analyze' })) as string[][];
  }

  /** analyze(), in place for a batch of at most IN_PLACE_MAX_CHARS characters. */
  async analyzeMany(texts: string[]): Promise<string[][]> {
    let chars = 0;
    for (const text of texts) chars += text.length;
    return chars <= IN_PLACE_MAX_CHARS ? analyzeTexts(texts) : this.analyze(texts);
  }

  /** Document vectors from the embedder these settings build, in text order. */
  async embed(settings: EmbeddingSettings, dimension: number, texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const packed = this.pool
      ? ((await this.pool.run({ settings, texts }, { name: 'embed' })) as Float32Array)
      : await embedTexts(settings, texts);
    return unpackVectors(packed, dimension);
  }

  /**
   * Loads the analyser (and the embedder, when given its settings) in every thread, so that the
   * first writes do not wait for it.
   */
  async warmUp(settings?: EmbeddingSettings): Promise<void> {
    const pool = this.pool;
    if (!pool) return;
    const tasks: Promise<unknown>[] = [];
    for (let i = 0; i < this.threads; i++) {
      tasks.push(pool.run({ texts: ['warm up'] }, { name: 'analyze' }));
      if (settings) tasks.push(pool.run({ settings, texts: ['warm up'] }, { name: 'embed' }));
    }
    await Promise.all(tasks);
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
