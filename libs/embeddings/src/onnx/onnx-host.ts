import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { EmbeddingError } from '../embedding-error';
import type { WorkerReply, WorkerRequest } from './onnx-worker';

/** A request without its id (the host numbers them). */
export type RequestBody = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

type Pending = { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void };

/**
 * The process's ONNX worker thread (onnx-worker.ts) and the requests it owes answers to. Started
 * on first use and shared by every OnnxEmbedder; it keeps the process alive only while it owes an
 * answer. If it dies, pending requests fail and the next request starts a new one.
 */
class OnnxHost {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  request(body: RequestBody): Promise<WorkerReply> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id } as WorkerRequest);
    });
  }

  private start(): Worker {
    const worker = new Worker(join(__dirname, 'onnx-worker.js'));
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.op === 'error') waiting.reject(new EmbeddingError('onnx', reply.message));
      else waiting.resolve(reply);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(new EmbeddingError('onnx', error.message));
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the ONNX worker thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

export const onnxHost = new OnnxHost();
