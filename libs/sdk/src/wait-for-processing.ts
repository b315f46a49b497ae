import { TroveProcessingTimeoutError } from './errors.js';
import type { IndexingStatus, ProcessingStatus, VerifyProcessingRequest } from './types.js';

/** How waitForProcessing polls. */
export interface WaitForProcessingOptions {
  tenantId: string;
  subTenantId?: string;
  /** Give up (TroveProcessingTimeoutError) after this long; default 300,000 (5 minutes). */
  timeoutMs?: number;
  /** Time between two status requests; default 1,000. */
  intervalMs?: number;
  /**
   * `completed` (default): wait for the final status, graph included. `searchable`: stop at
   * `graph_creation` too, when the item's chunks are indexed and searchable.
   */
  until?: 'completed' | 'searchable';
  /** Called with every status read, the last one included. */
  onStatus?: (status: ProcessingStatus) => void;
  /** Stops waiting (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
}

const FINAL: Record<'completed' | 'searchable', readonly IndexingStatus[]> = {
  completed: ['completed', 'errored'],
  searchable: ['completed', 'errored', 'graph_creation'],
};

/**
 * Polls `verify` until the item is `completed` or `errored` (or searchable, with `until`), and
 * resolves that status: an `errored` item resolves too, with its `error_code` and `message`.
 * An error answer (404 for an unknown id, 401…) rejects at once.
 */
export async function pollProcessing(
  verify: (request: VerifyProcessingRequest) => Promise<ProcessingStatus>,
  fileId: string,
  options: WaitForProcessingOptions,
): Promise<ProcessingStatus> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  const intervalMs = options.intervalMs ?? 1_000;
  const final = FINAL[options.until ?? 'completed'];
  const deadline = Date.now() + timeoutMs;
  const request: VerifyProcessingRequest = {
    file_id: fileId,
    tenant_id: options.tenantId,
    ...(options.subTenantId ? { sub_tenant_id: options.subTenantId } : {}),
  };
  let last: ProcessingStatus | undefined;
  for (;;) {
    options.signal?.throwIfAborted();
    last = await verify(request);
    options.onStatus?.(last);
    if (final.includes(last.indexing_status)) return last;
    const left = deadline - Date.now();
    if (left <= 0) throw new TroveProcessingTimeoutError(fileId, last.indexing_status, timeoutMs);
    await sleep(Math.min(intervalMs, left), options.signal);
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted(): void {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
