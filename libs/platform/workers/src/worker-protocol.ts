// The messages between a WorkerPool and serveWorkerTasks. Internal: both sides live in this
// library, so callers only see inputs and outputs.

/** One task, sent to an idle worker. */
export interface TaskMessage<I> {
  id: number;
  input: I;
}

/** The worker's answer to the task of the same id. */
export type ReplyMessage<O> =
  { id: number; ok: true; result: O } | { id: number; ok: false; message: string; code?: string };
