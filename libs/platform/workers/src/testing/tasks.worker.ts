// A worker for WorkerPool's spec: each task says how it should go well or badly.
import { threadId } from 'node:worker_threads';
import { serveWorkerTasks } from '../serve-worker-tasks';

export type FixtureTask =
  | { kind: 'echo'; value: string; delayMs?: number }
  | { kind: 'spin' }
  | { kind: 'fail'; message: string; code?: string }
  | { kind: 'exit' }
  | { kind: 'throw-later' }
  | { kind: 'hog' };

export interface FixtureResult {
  value: string;
  threadId: number;
}

serveWorkerTasks<FixtureTask, FixtureResult>(async (task) => {
  switch (task.kind) {
    case 'echo':
      if (task.delayMs) await new Promise((resolve) => setTimeout(resolve, task.delayMs));
      return { value: task.value, threadId };
    case 'spin':
      // A rule with a loop bug: never yields.
      for (;;);
    case 'fail':
      throw Object.assign(new Error(task.message), task.code === undefined ? {} : { code: task.code });
    case 'exit':
      return process.exit(3);
    case 'throw-later':
      // Uncaught, outside the handler's promise: the worker itself dies.
      setTimeout(() => {
        throw new Error('thrown outside the task');
      });
      return new Promise<never>(() => undefined);
    case 'hog': {
      // A decompression bomb: memory that is held on to until the heap limit stops it.
      const held: number[][] = [];
      for (;;) held.push(new Array<number>(1_000_000).fill(held.length));
    }
  }
});
