import { ProcessingErrorCode } from '@trove/contracts';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
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

type Reply =
  | { id: number; ok: true; result: ExtractedDocument }
  | { id: number; ok: false; code: ProcessingErrorCode; message: string };

interface Task {
  id: number;
  input: ExtractionInput;
  resolve: (value: ExtractedDocument) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker | undefined;
  task: Task | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Extracts documents in worker threads with a time and memory limit. pdf.js and mammoth are
 * synchronous for long stretches: on the main thread a crafted file could hold the event loop
 * (and so the service's replies and heartbeats) hostage. Here it costs one worker, which is
 * terminated and replaced.
 */
export class ExtractionPool {
  private readonly slots: Slot[];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ExtractionPoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({
      worker: undefined,
      task: undefined,
      timer: undefined,
    }));
  }

  extract(input: ExtractionInput): Promise<ExtractedDocument> {
    if (this.closed) return Promise.reject(new Error('ExtractionPool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('ExtractionPool is closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        clearTimeout(slot.timer);
        slot.task?.reject(new Error('ExtractionPool is closed'));
        slot.task = undefined;
        const worker = slot.worker;
        slot.worker = undefined;
        if (worker) await worker.terminate();
      }),
    );
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.task || this.queue.length === 0) continue;
      const task = this.queue.shift()!;
      slot.task = task;
      const worker = (slot.worker ??= this.spawn(slot));
      slot.timer = setTimeout(() => {
        this.finish(slot, () =>
          task.reject(
            new ExtractionError(
              'EXTRACTION_TIMEOUT',
              `Text extraction took longer than ${this.options.timeoutMs} ms`,
            ),
          ),
        );
        this.replace(slot);
      }, this.options.timeoutMs);
      worker.postMessage({ id: task.id, input: task.input });
    }
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(join(__dirname, 'extraction.worker.js'), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if (slot.worker !== worker || slot.task?.id !== reply.id) return;
      const task = slot.task;
      this.finish(slot, () =>
        reply.ok ? task.resolve(reply.result) : task.reject(new ExtractionError(reply.code, reply.message)),
      );
      this.pump();
    });
    worker.on('error', (error: Error) => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (task) {
        this.finish(slot, () =>
          task.reject(
            new ExtractionError(
              outOfMemory ? 'FILE_TOO_LARGE' : 'INVALID_FILE_FORMAT',
              outOfMemory
                ? `Text extraction needed more than ${this.options.maxHeapMb} MB of memory`
                : `Text extraction failed: ${error.message}`,
            ),
          ),
        );
      }
      this.replace(slot);
    });
    worker.on('exit', () => {
      if (slot.worker === worker) this.replace(slot);
    });
    return worker;
  }

  private finish(slot: Slot, settle: () => void): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
    settle();
  }

  /** Drops the slot's worker (stopping it if still running) and moves on with the queue. */
  private replace(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = undefined;
    const task = slot.task;
    if (task) {
      this.finish(slot, () =>
        task.reject(new ExtractionError('INVALID_FILE_FORMAT', 'Text extraction stopped unexpectedly')),
      );
    }
    if (worker) void worker.terminate();
    if (!this.closed) this.pump();
  }
}
