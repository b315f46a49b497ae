import { ChildProcess, spawn } from 'node:child_process';

export interface StartedProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL after a grace period; resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Spawns a node script and resolves once a line of its output matches `ready`, with the match.
 * Rejects (and kills it) when it exits first or the deadline passes, quoting what it printed.
 */
export function startProcess(
  script: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number },
): Promise<{ process: StartedProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, [script], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started: StartedProcess = {
    child,
    output: () => output,
    stop: (graceMs = 5000) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`${script} not ready after ${options.timeoutMs ?? 60000} ms:\n${output.slice(-4000)}`),
      );
    }, options.timeoutMs ?? 60000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(options.ready);
      if (match) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ process: started, match });
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready:\n${output.slice(-4000)}`));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', onExit);
  });
}
