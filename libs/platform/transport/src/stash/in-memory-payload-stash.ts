import { randomUUID } from 'node:crypto';
import { DomainError } from '@trove/contracts';
import { DEFAULT_STASH_TTL_MS, PayloadStash, stashMiss } from './payload-stash';

interface Entry {
  bytes: Uint8Array;
  timer: NodeJS.Timeout;
}

/**
 * The standalone stash: sender and receiver share one process, so the bytes stay where they are
 * (no copy); a timer drops what is not taken within the TTL.
 */
export class InMemoryPayloadStash extends PayloadStash {
  private readonly entries = new Map<string, Entry>();
  private closed = false;

  constructor(private readonly ttlMs = DEFAULT_STASH_TTL_MS) {
    super();
  }

  /** How many payloads are waiting (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  put(bytes: Uint8Array): Promise<string> {
    if (this.closed) return Promise.reject(closedError());
    const ref = randomUUID();
    const timer = setTimeout(() => this.entries.delete(ref), this.ttlMs);
    timer.unref();
    this.entries.set(ref, { bytes, timer });
    return Promise.resolve(ref);
  }

  take(ref: string): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(closedError());
    const entry = this.entries.get(ref);
    if (!entry) return Promise.reject(stashMiss(ref));
    this.entries.delete(ref);
    clearTimeout(entry.timer);
    return Promise.resolve(entry.bytes);
  }

  discard(ref: string): Promise<void> {
    const entry = this.entries.get(ref);
    if (entry) {
      clearTimeout(entry.timer);
      this.entries.delete(ref);
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.closed = true;
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
    this.entries.clear();
    return Promise.resolve();
  }
}

function closedError(): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', 'The payload stash is closed');
}
