import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { EmbeddingError } from '../embedding-error';
import type { ModelFiles } from './model-files';
import type { ProcessReply, ProcessRequest } from './onnx-process';
import type { OnnxRunOptions } from './onnx-session';

type Body = ProcessRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
/** What the model processes are asked for, a text at a time. */
export type OnnxWork = Extract<Body, { op: 'embed' | 'tokens' }>;

interface Job {
  work: OnnxWork;
  resolve: (reply: ProcessReply) => void;
  reject: (error: Error) => void;
}

type LoadSpec = { files: ModelFiles; options: OnnxRunOptions };

/** One forked model process (onnx-process.ts) and the requests it owes answers to. */
class ModelProcess {
  busy = false;
  exited = false;
  /** Texts this process has answered. */
  served = 0;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pick<Job, 'resolve' | 'reject'>>();
  private readonly loads = new Map<number, Promise<ProcessReply>>();
  private nextId = 1;

  constructor(onExit: (gone: ModelProcess) => void) {
    // No execArgv: a test runner's or inspector's flags are not the model process's.
    this.child = fork(join(__dirname, 'onnx-process.js'), [], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.unref();
    this.channel()?.unref();
    this.child.on('message', (reply: ProcessReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.channel()?.unref();
      if (reply.op === 'error') waiting.reject(new EmbeddingError('onnx', reply.message));
      else waiting.resolve(reply);
    });
    const fail = (error: Error) => {
      if (this.exited) return;
      this.exited = true;
      for (const waiting of this.pending.values()) waiting.reject(new EmbeddingError('onnx', error.message));
      this.pending.clear();
      onExit(this);
    };
    this.child.on('error', fail);
    this.child.on('exit', (code, signal) =>
      fail(new Error(`an ONNX model process exited (${signal ?? `code ${code}`})`)),
    );
  }

  call(body: Body): Promise<ProcessReply> {
    if (this.exited) return Promise.reject(new EmbeddingError('onnx', 'the ONNX model process has exited'));
    const id = this.nextId++;
    return new Promise<ProcessReply>((resolve, reject) => {
      if (this.pending.size === 0) this.channel()?.ref();
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...body, id } as ProcessRequest, (error) => {
        if (!error || !this.pending.delete(id)) return;
        if (this.pending.size === 0) this.channel()?.unref();
        reject(new EmbeddingError('onnx', error.message));
      });
    });
  }

  /** Loads `session` in this process once; every caller shares that load. */
  ensureLoaded(session: number, spec: LoadSpec): Promise<ProcessReply> {
    let load = this.loads.get(session);
    if (!load) {
      load = this.call({ op: 'load', session, ...spec });
      this.loads.set(session, load);
    }
    return load;
  }

  forget(session: number): void {
    this.loads.delete(session);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  stop(): void {
    this.exited = true;
    if (this.child.connected) this.child.disconnect();
  }

  private channel(): { ref(): void; unref(): void } | null | undefined {
    return this.child.channel as { ref(): void; unref(): void } | null | undefined;
  }
}

/**
 * The process's ONNX models, run in forked model processes (onnx-process.ts), as many as the
 * most any loaded model asked for (EMBEDDINGS_PROCESSES). Every process loads every model. Texts
 * wait in two queues, queries ahead of documents, and each idle process takes the next one: one
 * text per process at a time, so a query waits at most for one text in each process.
 *
 * Processes start with the first model and stop with the last. They keep this process alive only
 * while they owe an answer. One that dies fails only the text it held; the next text starts a
 * replacement, which loads the models again.
 */
class OnnxHost {
  private pool: ModelProcess[] = [];
  private wanted = 0;
  private readonly sessions = new Map<number, LoadSpec>();
  private readonly queries: Job[] = [];
  private readonly documents: Job[] = [];
  private nextSession = 1;

  /** Loads a model in every process (starting them as needed); its session number and dimension. */
  async load(
    files: ModelFiles,
    options: OnnxRunOptions,
    processes: number,
  ): Promise<{ session: number; dimension: number }> {
    const session = this.nextSession++;
    const spec = { files, options };
    this.sessions.set(session, spec);
    this.wanted = Math.max(this.wanted, Math.max(1, Math.floor(processes)));
    this.fill();
    try {
      const replies = await Promise.all(this.pool.map((p) => p.ensureLoaded(session, spec)));
      const reply = replies[0];
      if (reply?.op !== 'loaded') throw new EmbeddingError('onnx', `unexpected reply ${reply?.op}`);
      return { session, dimension: reply.dimension };
    } catch (error: unknown) {
      await this.release(session);
      throw error;
    }
  }

  run(work: OnnxWork): Promise<ProcessReply> {
    return new Promise<ProcessReply>((resolve, reject) => {
      const ahead = work.op === 'tokens' || work.kind === 'query';
      (ahead ? this.queries : this.documents).push({ work, resolve, reject });
      this.pump();
    });
  }

  /** Unloads a model everywhere; the processes stop with the last one. */
  async release(session: number): Promise<void> {
    if (!this.sessions.delete(session)) return;
    await Promise.all(
      this.pool.map((p) =>
        p
          .call({ op: 'release', session })
          .catch(() => undefined)
          .finally(() => p.forget(session)),
      ),
    );
    if (this.sessions.size > 0) return;
    for (const p of this.pool) p.stop();
    this.pool = [];
    this.wanted = 0;
  }

  /** The model processes running, and how many texts each has answered. */
  processes(): { pid: number | undefined; served: number }[] {
    return this.pool.map((p) => ({ pid: p.pid, served: p.served }));
  }

  private fill(): void {
    while (this.pool.length < this.wanted) {
      this.pool.push(
        new ModelProcess((gone) => {
          this.pool = this.pool.filter((p) => p !== gone);
          this.pump();
        }),
      );
    }
  }

  private pump(): void {
    if (this.queries.length + this.documents.length === 0) return;
    if (this.sessions.size > 0) this.fill();
    for (const p of this.pool) {
      if (p.busy || p.exited) continue;
      const job = this.queries.shift() ?? this.documents.shift();
      if (!job) return;
      p.busy = true;
      void this.dispatch(p, job);
    }
  }

  private async dispatch(p: ModelProcess, job: Job): Promise<void> {
    try {
      const spec = this.sessions.get(job.work.session);
      if (!spec) throw new EmbeddingError('onnx', 'the embedder is closed');
      await p.ensureLoaded(job.work.session, spec);
      job.resolve(await p.call(job.work));
      p.served++;
    } catch (error: unknown) {
      job.reject(
        error instanceof EmbeddingError
          ? error
          : new EmbeddingError('onnx', (error as Error).message, { cause: error }),
      );
    } finally {
      p.busy = false;
      this.pump();
    }
  }
}

export const onnxHost = new OnnxHost();

/** The model processes running in this process's pool: pid and texts answered (benches, /readyz). */
export function onnxModelProcesses(): { pid: number | undefined; served: number }[] {
  return onnxHost.processes();
}
