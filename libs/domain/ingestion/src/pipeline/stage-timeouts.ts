import { DomainError } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';

/**
 * How long another service may take over one source's chunks (indexing them, reading their
 * graph): `baseTimeoutMs` plus `perChunkTimeoutMs` per chunk, at most `timeoutMs`. A request whose
 * responder died mid-way (a service killed with -9) is never answered; the job is retried once
 * this runs out, so it must not be the largest document's allowance for a one-chunk note.
 */
export interface StageTimeouts {
  timeoutMs: number;
  baseTimeoutMs?: number;
  perChunkTimeoutMs?: number;
}

/** The time a source of `chunks` chunks is given (StageTimeouts). */
export function stageTimeoutMs(chunks: number, options: StageTimeouts): number {
  const base = options.baseTimeoutMs ?? options.timeoutMs;
  return Math.min(options.timeoutMs, base + chunks * (options.perChunkTimeoutMs ?? 0));
}

/**
 * Sends one stage's request with the time its chunks are given. A service that is down answers
 * "not running" at once: an outage, passed on as it is and waited out by the queue. Past the
 * time, the attempt fails like any other and counts, so a source that can never finish in time
 * ends errored rather than being tried forever.
 */
export async function sendWithin<T>(
  transport: TransportClient,
  pattern: string,
  payload: unknown,
  chunks: number,
  options: StageTimeouts,
  what: string,
): Promise<T> {
  const timeoutMs = stageTimeoutMs(chunks, options);
  try {
    return await transport.send<T>(pattern, payload, { timeoutMs });
  } catch (error: unknown) {
    if (error instanceof DomainError && error.details?.['timed_out'] === true) {
      throw new Error(`${what} ${chunks} chunks did not finish within ${timeoutMs} ms`);
    }
    throw error;
  }
}
