import { Worker } from 'node:worker_threads';
import {
  WorkerCrashError,
  WorkerPoolClosedError,
  WorkerTaskError,
  WorkerTimeoutError,
} from './worker-errors';
import type { ReplyMessage, TaskMessage } from './worker-protocol';

export interface WorkerPoolOptions<I> {
  /** The compiled worker script; it calls serveWorkerTasks. */
  script: string;
  /** Worker threads, each running one task at a time (at least 1). */
  size: number;
  /** How long a task may take, from the moment a worker is given it. */
  limitMs: (input: I) => number;
  /** Heap limit of each worker: a task that needs more costs its worker, not the process. */
  maxHeapMb?: number;
  /** Names the pool in its errors' messages. */
  name: string;
  /** Given to each worker as `workerData` (structured-cloned): its settings. */
  workerData?: unknown;
}

interface Task<I, O> {
  id: number;
  input: I;
  limitMs: number;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

interface Slot<I, O> {
  worker: Worker | undefined;
  task: Task<I, O> | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Runs tasks in worker threads under a time limit, one task per worker at a time, the others
 * queued. For synchronous code that can run away (parsers, rule engines): on the main thread a
 * crafted input would hold the event loop, and so every request, hostage. Here a task over its
 * limit, or one that crashes its worker, costs that worker, which is terminated and replaced.
 *
 * Workers are spawned when first needed and unref()ed: an idle pool does not keep the process up.
 * Tasks reject with WorkerTimeoutError, WorkerCrashError, WorkerTaskError or WorkerPoolClosedError.
 */
export class WorkerPool<I, O> {
  private readonly slots: Slot<I, O>[];
  private readonly queue: Task<I, O>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions<I>) {
    this.slots = Array.from({ length: Math.max(1, Math.floor(options.size)) }, () => ({
      worker: undefined,
      task: undefined,
      timer: undefined,
    }));
  }

  run(input: I): Promise<O> {
    if (this.closed) return Promise.reject(new WorkerPoolClosedError(this.options.name));
    let limitMs: number;
    try {
      limitMs = this.options.limitMs(input);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, limitMs, resolve, reject });
      this.pump();
    });
  }

  /** Rejects queued and running tasks with WorkerPoolClosedError and terminates the workers. */
  async close(): Promise<void> {
    this.closed = true;
    const closedError = () => new WorkerPoolClosedError(this.options.name);
    for (const task of this.queue.splice(0)) task.reject(closedError());
    await Promise.all(
      this.slots.map(async (slot) => {
        this.settle(slot)?.reject(closedError());
        const worker = slot.worker;
        slot.worker = undefined;
        if (worker) await worker.terminate();
      }),
    );
  }

  /** Gives queued tasks to idle slots. */
  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.task) this.dispatch(slot, this.queue.shift()!);
    }
  }

  private dispatch(slot: Slot<I, O>, task: Task<I, O>): void {
    slot.task = task;
    const worker = (slot.worker ??= this.spawn(slot));
    slot.timer = setTimeout(
      () => this.fail(slot, new WorkerTimeoutError(this.options.name, task.limitMs)),
      task.limitMs,
    );
    try {
      worker.postMessage({ id: task.id, input: task.input } satisfies TaskMessage<I>);
    } catch (error) {
      // An input that cannot be cloned never reached the worker, which stays as it was.
      this.settle(slot)?.reject(error);
      this.pump();
    }
  }

  private spawn(slot: Slot<I, O>): Worker {
    const { maxHeapMb, workerData } = this.options;
    const worker = new Worker(this.options.script, {
      workerData,
      ...(maxHeapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } }),
    });
    worker.unref();
    worker.on('message', (reply: ReplyMessage<O>) => {
      // A reply from a worker already replaced (it answered after its timeout), or for a task
      // already settled, has no one waiting for it.
      if (slot.worker !== worker || slot.task?.id !== reply.id) return;
      const task = this.settle(slot)!;
      if (reply.ok) task.resolve(reply.result);
      else task.reject(new WorkerTaskError(reply.message, reply.code));
      this.pump();
    });
    worker.on('error', (error: Error) => {
      if (slot.worker !== worker) return;
      const outOfMemory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.fail(slot, new WorkerCrashError(this.options.name, outOfMemory, { cause: error }));
    });
    // After 'error' the slot already has no worker; an exit on its own is process.exit() or an
    // idle worker gone: either way the slot starts a new one when next needed.
    worker.on('exit', (exitCode: number) => {
      if (slot.worker === worker)
        this.fail(slot, new WorkerCrashError(this.options.name, false, { exitCode }));
    });
    return worker;
  }

  /** Ends the slot's task (if any) with `error`, drops its worker, and goes on with the queue. */
  private fail(slot: Slot<I, O>, error: Error): void {
    this.settle(slot)?.reject(error);
    const worker = slot.worker;
    slot.worker = undefined;
    if (worker) void worker.terminate();
    this.pump();
  }

  /** Frees the slot and hands back the task it was running, for the caller to settle. */
  private settle(slot: Slot<I, O>): Task<I, O> | undefined {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    const task = slot.task;
    slot.task = undefined;
    return task;
  }
}
