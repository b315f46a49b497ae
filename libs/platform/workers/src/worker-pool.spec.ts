import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FixtureResult, FixtureTask } from './testing/tasks.worker';
import {
  WorkerCrashError,
  WorkerPoolClosedError,
  WorkerTaskError,
  WorkerTimeoutError,
} from './worker-errors';
import { WorkerPool, WorkerPoolOptions } from './worker-pool';

const tasksScript = join(__dirname, 'testing', 'tasks.worker.js');

function pool(options: Partial<WorkerPoolOptions<FixtureTask>> = {}): WorkerPool<FixtureTask, FixtureResult> {
  return new WorkerPool({ script: tasksScript, size: 1, limitMs: () => 10_000, name: 'fixture', ...options });
}

/** Runs `test` with a pool, and closes the pool whatever happens. */
async function withPool(
  options: Partial<WorkerPoolOptions<FixtureTask>>,
  test: (pool: WorkerPool<FixtureTask, FixtureResult>) => Promise<void>,
): Promise<void> {
  const p = pool(options);
  try {
    await test(p);
  } finally {
    await p.close();
  }
}

const echo = (value: string, delayMs?: number): FixtureTask => ({ kind: 'echo', value, delayMs });

describe('WorkerPool', () => {
  it('runs tasks on several workers at once, each answer to its own task', () =>
    withPool({ size: 2 }, async (p) => {
      const results = await Promise.all(['a', 'b', 'c', 'd'].map((v) => p.run(echo(v, 100))));
      assert.deepEqual(
        results.map((r) => r.value),
        ['a', 'b', 'c', 'd'],
      );
      assert.equal(new Set(results.map((r) => r.threadId)).size, 2);
    }));

  it('stops a task over its limit, replaces its worker and runs the next task', () =>
    withPool({ limitMs: (task) => (task.kind === 'spin' ? 200 : 10_000) }, async (p) => {
      const first = await p.run(echo('before'));
      const spinning = p.run({ kind: 'spin' });
      const next = p.run(echo('after'));
      await assert.rejects(
        spinning,
        (error: unknown) => error instanceof WorkerTimeoutError && error.limitMs === 200,
      );
      const after = await next;
      assert.equal(after.value, 'after');
      assert.notEqual(after.threadId, first.threadId);
    }));

  it('rejects the task of a worker that exits with WorkerCrashError and keeps serving', () =>
    withPool({}, async (p) => {
      await assert.rejects(
        p.run({ kind: 'exit' }),
        (error: unknown) =>
          error instanceof WorkerCrashError && !error.outOfMemory && /code 3/.test(error.message),
      );
      assert.equal((await p.run(echo('still here'))).value, 'still here');
    }));

  it('rejects the task of a worker killed by an uncaught exception and keeps serving', () =>
    withPool({}, async (p) => {
      await assert.rejects(
        p.run({ kind: 'throw-later' }),
        (error: unknown) =>
          error instanceof WorkerCrashError &&
          error.cause instanceof Error &&
          /outside the task/.test(error.message),
      );
      assert.equal((await p.run(echo('still here'))).value, 'still here');
    }));

  it('rejects with WorkerCrashError when the worker script throws as it loads', async () => {
    const broken = new WorkerPool<string, string>({
      script: join(__dirname, 'testing', 'throwing.worker.js'),
      size: 1,
      limitMs: () => 10_000,
      name: 'broken',
    });
    try {
      for (const input of ['one', 'two']) {
        await assert.rejects(
          broken.run(input),
          (error: unknown) => error instanceof WorkerCrashError && /cannot load/.test(error.message),
        );
      }
    } finally {
      await broken.close();
    }
  });

  it('reports a worker stopped by its heap limit as out of memory', () =>
    withPool({ maxHeapMb: 32, limitMs: () => 30_000 }, async (p) => {
      await assert.rejects(
        p.run({ kind: 'hog' }),
        (error: unknown) => error instanceof WorkerCrashError && error.outOfMemory,
      );
      assert.equal((await p.run(echo('still here'))).value, 'still here');
    }));

  it("carries a failed task's message and string code back, and the worker keeps serving", () =>
    withPool({}, async (p) => {
      const first = await p.run(echo('before'));
      await assert.rejects(
        p.run({ kind: 'fail', message: 'not a PDF', code: 'INVALID_FILE_FORMAT' }),
        (error: unknown) =>
          error instanceof WorkerTaskError &&
          error.message === 'not a PDF' &&
          error.code === 'INVALID_FILE_FORMAT',
      );
      await assert.rejects(
        p.run({ kind: 'fail', message: 'no code' }),
        (error: unknown) => error instanceof WorkerTaskError && error.code === undefined,
      );
      assert.equal((await p.run(echo('after'))).threadId, first.threadId);
    }));

  it('rejects running and queued tasks when closed, and refuses new ones', async () => {
    const p = pool();
    const closed = (error: unknown) => error instanceof WorkerPoolClosedError;
    const running = assert.rejects(p.run({ kind: 'spin' }), closed);
    const queued = assert.rejects(p.run(echo('never')), closed);
    await p.close();
    await Promise.all([running, queued]);
    await assert.rejects(p.run(echo('late')), closed);
  });

  it('ignores the answer of a worker that came after its timeout', () =>
    // Only the late task has the short limit: the next one waits for a new worker to start,
    // which on a loaded 2-core machine took more than 100 ms (a CI run failed on it).
    withPool(
      { limitMs: (task) => (task.kind === 'echo' && task.value === 'late' ? 100 : 10_000) },
      async (p) => {
        // From the check phase, the event loop fires due timers before it reads the workers'
        // messages: blocking past the limit while the worker answers makes the answer come late.
        const { timedOut } = await new Promise<{ timedOut: Promise<void> }>((resolve) =>
          setImmediate(() => {
            const timedOut = assert.rejects(p.run(echo('late')), WorkerTimeoutError);
            const until = performance.now() + 1_000;
            while (performance.now() < until);
            resolve({ timedOut });
          }),
        );
        await timedOut;
        assert.equal((await p.run(echo('next'))).value, 'next');
      },
    ));
});
