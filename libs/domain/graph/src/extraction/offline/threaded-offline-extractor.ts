import { Logger } from '@nestjs/common';
import { WorkerPool, WorkerPoolClosedError, WorkerTimeoutError } from '@trove/platform-workers';
import { join } from 'node:path';
import { ExtractionInput, ExtractionResult, GraphExtractor } from '../../ports/graph-extractor';
import type { OfflineWorkerData } from './offline-extraction.worker';

export interface ThreadedOfflineExtractorOptions {
  /**
   * A source whose extraction takes longer than this plus `perChunkMs` per chunk is given up:
   * its worker is replaced, and the source gets no graph instead of holding every later one.
   */
  timeoutMs: number;
  perChunkMs: number;
  /** Worker threads, each reading one source at a time; 1 by default. */
  workers?: number;
  /** The worker script; the compiled offline-extraction.worker.js beside this file by default. */
  script?: string;
  /** Keep relations whose words match no canonical predicate (OfflineExtractor's `openPredicates`). */
  openPredicates?: boolean;
}

/**
 * The offline extractor in worker threads, one source per worker at a time, under a time limit.
 * Its rules are synchronous: on the main thread, a sentence that sent one of them into a loop held
 * the whole process (standalone serves every request on it; session 16 found "we have been very
 * good friends" did). Here such a source costs its own graph and a new worker, and extraction
 * never takes the event loop from the requests.
 */
export class ThreadedOfflineExtractor extends GraphExtractor {
  readonly name = 'offline';
  private readonly logger = new Logger('GraphExtraction');
  private readonly pool: WorkerPool<ExtractionInput, ExtractionResult>;

  constructor(options: ThreadedOfflineExtractorOptions) {
    super();
    this.pool = new WorkerPool({
      name: 'offline graph extraction',
      script: options.script ?? join(__dirname, 'offline-extraction.worker.js'),
      size: options.workers ?? 1,
      limitMs: (input) => options.timeoutMs + options.perChunkMs * input.chunks.length,
      workerData: { openPredicates: options.openPredicates ?? false } satisfies OfflineWorkerData,
    });
  }

  async extract(input: ExtractionInput): Promise<ExtractionResult> {
    try {
      return await this.pool.run(input);
    } catch (error) {
      // A source over its limit is not a failure of the job: it stays searchable, with no graph.
      if (error instanceof WorkerTimeoutError) {
        this.logger.warn(
          `extraction of a source of ${input.chunks.length} chunk(s) took longer than ${error.limitMs} ms: ` +
            'given up, the source gets no graph; the worker is replaced',
        );
        return givenUp(input);
      }
      if (error instanceof WorkerPoolClosedError) throw new Error('the graph extractor is closed');
      throw error;
    }
  }

  override close(): Promise<void> {
    return this.pool.close();
  }
}

/** A source given up: its chunks with no facts. */
function givenUp(input: ExtractionInput): ExtractionResult {
  return {
    chunks: input.chunks.map((chunk) => ({ chunk_id: chunk.chunk_id, entities: [], relations: [] })),
    gaveUp: true,
  };
}
