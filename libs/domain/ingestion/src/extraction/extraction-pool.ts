import { isProcessingErrorCode } from '@trove/contracts';
import {
  WorkerCrashError,
  WorkerPool,
  WorkerPoolClosedError,
  WorkerTaskError,
  WorkerTimeoutError,
} from '@trove/platform-workers';
import { join } from 'node:path';
import { ExtractedDocument, ExtractionInput } from './extract-document';
import { ExtractionError } from './extraction-error';

export interface ExtractionPoolOptions {
  /** Worker threads, each extracting one document at a time. */
  size: number;
  /** A document whose extraction takes longer ends EXTRACTION_TIMEOUT and its worker is replaced. */
  timeoutMs: number;
  /** Heap limit of each worker: a decompression bomb kills its worker, not the service. */
  maxHeapMb: number;
}

/**
 * Extracts documents in worker threads with a time and memory limit. pdf.js and mammoth are
 * synchronous for long stretches: on the main thread a crafted file could hold the event loop
 * (and so the service's replies and heartbeats) hostage. Here it costs one worker, which the
 * WorkerPool terminates and replaces; this class turns the pool's errors into ExtractionErrors,
 * the codes a job ends `errored` with.
 */
export class ExtractionPool {
  private readonly pool: WorkerPool<ExtractionInput, ExtractedDocument>;

  constructor(private readonly options: ExtractionPoolOptions) {
    this.pool = new WorkerPool({
      name: 'text extraction',
      script: join(__dirname, 'extraction.worker.js'),
      size: options.size,
      limitMs: () => options.timeoutMs,
      maxHeapMb: options.maxHeapMb,
    });
  }

  async extract(input: ExtractionInput): Promise<ExtractedDocument> {
    try {
      return await this.pool.run(input);
    } catch (error) {
      throw this.extractionError(error);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private extractionError(error: unknown): unknown {
    if (error instanceof WorkerTaskError) {
      // The worker sends ExtractionError codes; anything else it threw is a file it cannot read.
      return new ExtractionError(
        isProcessingErrorCode(error.code) ? error.code : 'INVALID_FILE_FORMAT',
        error.message,
      );
    }
    if (error instanceof WorkerTimeoutError) {
      return new ExtractionError(
        'EXTRACTION_TIMEOUT',
        `Text extraction took longer than ${error.limitMs} ms`,
      );
    }
    if (error instanceof WorkerCrashError) {
      if (error.outOfMemory) {
        return new ExtractionError(
          'FILE_TOO_LARGE',
          `Text extraction needed more than ${this.options.maxHeapMb} MB of memory`,
        );
      }
      return new ExtractionError(
        'INVALID_FILE_FORMAT',
        error.cause instanceof Error
          ? `Text extraction failed: ${error.cause.message}`
          : 'Text extraction stopped unexpectedly',
      );
    }
    if (error instanceof WorkerPoolClosedError) return new Error('ExtractionPool is closed');
    return error;
  }
}
