import { Logger } from '@nestjs/common';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ExtractionInput, ExtractionResult, GraphExtractor } from '../../ports/graph-extractor';
import type { OfflineWorkerRequest } from './offline-extraction.worker';

export interface ThreadedOfflineExtractorOptions {
  /**
   * A source whose extraction takes longer than this plus `perChunkMs` per chunk is given up:
   * its worker is replaced, and the source gets no graph instead of holding every later one.
   */
  timeoutMs: number;
  perChunkMs: number;
  /** The worker script; the compiled offline-extraction.worker.js beside this file by default. */
  script?: string;
}

type Reply = { id: number; ok: true; result: ExtractionResult } | { id: number; ok: false; message: string };

interface Task {
  id: number;
  input: ExtractionInput;
  resolve: (result: ExtractionResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The offline extractor in a worker thread, one source at a time, under a time limit. Its rules
 * are synchronous: on the main thread, a sentence that sent one of them into a loop held the whole
 * process (standalone serves every request on it; session 16 found "we have been very good
 * friends" did). Here such a source costs its own graph and a new worker, and extraction never
 * takes the event loop from the requests.
 */
export class ThreadedOfflineExtractor extends GraphExtractor {
  readonly name = 'offline';
  private readonly logger = new Logger('GraphExtraction');
  private worker: Worker | undefined;
  private task: Task | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ThreadedOfflineExtractorOptions) {
    super();
  }

  extract(input: ExtractionInput): Promise<ExtractionResult> {
    if (this.closed) return Promise.reject(new Error('the graph extractor is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.pump();
    });
  }

  override async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the graph extractor is closed'));
    this.settle((task) => task.reject(new Error('the graph extractor is closed')));
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private pump(): void {
    if (this.task || this.queue.length === 0 || this.closed) return;
    const task = this.queue.shift()!;
    this.task = task;
    const worker = (this.worker ??= this.spawn());
    const limit = this.options.timeoutMs + this.options.perChunkMs * task.input.chunks.length;
    this.timer = setTimeout(() => {
      this.logger.warn(
        `extraction of a source of ${task.input.chunks.length} chunk(s) took longer than ${limit} ms: ` +
          'given up, the source gets no graph; the worker is replaced',
      );
      this.settle((given) => given.resolve(givenUp(given.input)));
      this.replace();
    }, limit);
    worker.postMessage({ id: task.id, input: task.input } satisfies OfflineWorkerRequest);
  }

  private spawn(): Worker {
    const worker = new Worker(this.options.script ?? join(__dirname, 'offline-extraction.worker.js'));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if (this.worker !== worker || this.task?.id !== reply.id) return;
      this.settle((task) => (reply.ok ? task.resolve(reply.result) : task.reject(new Error(reply.message))));
      this.pump();
    });
    worker.on('error', (error: Error) => {
      if (this.worker !== worker) return;
      this.settle((task) => task.reject(error));
      this.replace();
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.settle((task) => task.reject(new Error('the graph extraction worker stopped')));
      this.replace();
    });
    return worker;
  }

  /** Ends the running task with `how`, if there is one. */
  private settle(how: (task: Task) => void): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const task = this.task;
    this.task = undefined;
    if (task) how(task);
  }

  /** Drops the worker (stopping it if it still runs) and goes on with the queue. */
  private replace(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) void worker.terminate();
    this.pump();
  }
}

/** A source given up: its chunks with no facts. */
function givenUp(input: ExtractionInput): ExtractionResult {
  return {
    chunks: input.chunks.map((chunk) => ({ chunk_id: chunk.chunk_id, entities: [], relations: [] })),
    gaveUp: true,
  };
}
