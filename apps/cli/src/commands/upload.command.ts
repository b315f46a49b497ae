import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { TroveClient, TroveConnectionError, TroveError, TroveProcessingTimeoutError } from '@trove/sdk';
import { Command } from 'commander';
import { clientFor, integer, note, printJson, printLine, ScopeOptions, withScope } from '../context';
import { describeError, ExitCode, exitCodeFor } from '../exit-codes';
import { collectFiles, contentTypeOf, UploadItem } from '../upload/collect-files';
import { inPool } from '../upload/pool';
import { startProgress } from '../upload/progress';

interface UploadOptions extends ScopeOptions {
  id?: string;
  wait?: boolean;
  concurrency: number;
  timeout: number;
}

/** What became of one file; the --json answer lists these. */
export interface UploadOutcome {
  path: string;
  file_id: string;
  /** uploaded (accepted, not waited for), completed, errored (processing), rejected (4xx), unavailable. */
  status: 'uploaded' | 'completed' | 'errored' | 'timeout' | 'rejected' | 'unavailable';
  error_code?: string;
  message?: string;
  request_id?: string;
  exit: ExitCode;
  /** The error behind a failure (not printed). */
  cause?: unknown;
}

export function registerUploadCommand(program: Command): void {
  withScope(
    program
      .command('upload')
      .description('upload files and folders (recursively, dotfiles skipped) as documents')
      .argument('<paths...>', 'files and folders'),
  )
    .option('--id <file_id>', 'the file_id of a single file (default: from its path, see README)')
    .option('--wait', 'wait until every upload is processed; exit 4 if any failed')
    .option('--concurrency <n>', 'uploads and status checks at once', integer(1, 64), 4)
    .option('--timeout <seconds>', 'with --wait: give up on a file after this long', integer(1), 600)
    .action(async (paths: string[], options: UploadOptions, command: Command) => {
      const items = await collectFiles(paths, options.id);
      const client = clientFor(command);
      const outcomes = await uploadAll(client, items, options);
      if (options.wait) await waitAll(client, outcomes, options);
      report(outcomes, options);
      process.exitCode = worstExit(outcomes);
    });
}

async function uploadAll(
  client: TroveClient,
  items: UploadItem[],
  options: UploadOptions,
): Promise<UploadOutcome[]> {
  const progress = startProgress('uploading', items.length);
  // Once the server cannot be reached, the files left are not tried: each would wait for the same
  // refusal (or timeout) and report it again.
  let unreachable: TroveConnectionError | undefined;
  try {
    return await inPool(items, options.concurrency, async (item) => {
      const outcome = unreachable
        ? failed({ path: item.path, file_id: item.fileId }, unreachable)
        : await uploadOne(client, item, options);
      if (outcome.cause instanceof TroveConnectionError) unreachable = outcome.cause;
      progress.tick(`${item.relative}${outcome.exit === ExitCode.ok ? '' : ` (${outcome.status})`}`);
      return outcome;
    });
  } finally {
    progress.stop();
  }
}

async function uploadOne(
  client: TroveClient,
  item: UploadItem,
  options: UploadOptions,
): Promise<UploadOutcome> {
  const base = { path: item.path, file_id: item.fileId };
  try {
    const bytes = await readFile(item.path);
    await client.uploadDocument({
      tenant_id: options.tenant,
      ...(options.sub ? { sub_tenant_id: options.sub } : {}),
      file_id: item.fileId,
      file: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      filename: basename(item.path),
      contentType: contentTypeOf(item.path),
    });
    return { ...base, status: 'uploaded', exit: ExitCode.ok };
  } catch (error) {
    return failed(base, error);
  }
}

async function waitAll(
  client: TroveClient,
  outcomes: UploadOutcome[],
  options: UploadOptions,
): Promise<void> {
  const uploaded = outcomes.filter((o) => o.status === 'uploaded');
  if (uploaded.length === 0) return;
  const progress = startProgress('processing', uploaded.length);
  try {
    await inPool(uploaded, options.concurrency, async (outcome) => {
      try {
        const status = await client.waitForProcessing(outcome.file_id, {
          tenantId: options.tenant,
          ...(options.sub ? { subTenantId: options.sub } : {}),
          timeoutMs: options.timeout * 1000,
          intervalMs: 500,
        });
        if (status.indexing_status === 'completed') {
          outcome.status = 'completed';
        } else {
          Object.assign(outcome, {
            status: 'errored',
            error_code: status.error_code ?? 'ERRORED',
            message: status.message,
            exit: ExitCode.processingFailed,
          });
        }
      } catch (error) {
        Object.assign(outcome, failed(outcome, error));
      }
      progress.tick(`${outcome.file_id} ${outcome.status}`);
    });
  } finally {
    progress.stop();
  }
}

function failed(base: { path: string; file_id: string }, error: unknown): UploadOutcome {
  const exit = exitCodeFor(error);
  if (error instanceof TroveError) {
    return {
      ...base,
      status: exit === ExitCode.unavailable ? 'unavailable' : 'rejected',
      error_code: error.errorCode,
      message: describeError(error),
      ...(error.requestId ? { request_id: error.requestId } : {}),
      exit,
      cause: error,
    };
  }
  if (error instanceof TroveProcessingTimeoutError) {
    return { ...base, status: 'timeout', error_code: 'TIMEOUT', message: error.message, exit };
  }
  // A file that cannot be read (permissions, removed meanwhile).
  return {
    ...base,
    status: 'rejected',
    error_code: 'READ_FAILED',
    message: describeError(error),
    exit: ExitCode.usage,
  };
}

function report(outcomes: UploadOutcome[], options: UploadOptions): void {
  const failures = outcomes.filter((o) => o.exit !== ExitCode.ok);
  if (options.json) {
    printJson({
      tenant_id: options.tenant,
      sub_tenant_id: options.sub ?? options.tenant,
      uploads: outcomes.map(({ exit: _exit, cause: _cause, ...outcome }) => outcome),
      failed: failures.length,
    });
  } else {
    for (const o of outcomes) printLine(`${o.status.padEnd(11)} ${o.file_id}  ${o.path}`);
  }
  const SHOWN = 20;
  for (const o of failures.slice(0, SHOWN))
    note(`trove: ${o.path}: ${o.status}: ${o.message ?? o.error_code}`);
  if (failures.length > SHOWN) note(`trove: … and ${failures.length - SHOWN} more failures`);
  if (!options.json) {
    const done = options.wait ? 'processed' : 'uploaded';
    note(
      `${outcomes.length - failures.length} of ${outcomes.length} files ${done}${failures.length ? `, ${failures.length} failed` : ''}`,
    );
  }
}

/** The exit code of the run: unavailable over rejected over failed processing. */
function worstExit(outcomes: UploadOutcome[]): ExitCode {
  const exits = new Set(outcomes.map((o) => o.exit));
  for (const code of [ExitCode.unavailable, ExitCode.rejected, ExitCode.usage, ExitCode.processingFailed]) {
    if (exits.has(code)) return code;
  }
  return ExitCode.ok;
}
