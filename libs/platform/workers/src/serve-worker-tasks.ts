import { parentPort } from 'node:worker_threads';
import type { ReplyMessage, TaskMessage } from './worker-protocol';

/**
 * The worker-thread side of a WorkerPool: answers each task posted to this thread with `handler`'s
 * result, or with the message (and string `code`, if any) of what it threw. Call it once, at the
 * top of the worker script.
 */
export function serveWorkerTasks<I, O>(handler: (input: I) => Promise<O> | O): void {
  const port = parentPort;
  // On the main thread there is no one to answer: a worker script imported by mistake says so.
  if (!port) throw new Error('serveWorkerTasks must run in a worker thread');
  port.on('message', ({ id, input }: TaskMessage<I>) => {
    void (async () => {
      let reply: ReplyMessage<O>;
      try {
        reply = { id, ok: true, result: await handler(input) };
      } catch (error) {
        reply = failure(id, error);
      }
      try {
        port.postMessage(reply);
      } catch (error) {
        // A result that cannot be cloned (a function, a socket) fails its task, not the worker.
        port.postMessage(failure(id, error));
      }
    })();
  });
}

function failure(id: number, error: unknown): ReplyMessage<never> {
  const message = error instanceof Error ? error.message : String(error);
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  return code === undefined ? { id, ok: false, message } : { id, ok: false, message, code };
}
