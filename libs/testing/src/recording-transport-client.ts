import { DomainError } from '@trove/contracts';
import { SendOptions, TransportClient } from '@trove/platform-transport';

/** One call that went through a RecordingTransportClient. */
export interface RecordedMessage {
  pattern: string;
  payload: unknown;
  /** The SendOptions a request was sent with (timeout). */
  options?: SendOptions;
}

type Responder = (payload: unknown) => unknown;

/**
 * A TransportClient test double: records every emitted event and sent request, and answers
 * requests from responders the test registers. Payloads go through a JSON round trip, as on
 * the real transports, so a test sees exactly what a listener would.
 */
export class RecordingTransportClient extends TransportClient {
  readonly emitted: RecordedMessage[] = [];
  readonly sent: RecordedMessage[] = [];
  /** When set, the next emit rejects with it (once), as a broken connection would. */
  failNextEmit: Error | undefined;
  private readonly responders = new Map<string, Responder>();
  private closed = false;

  /** Answers `send(pattern, …)` with `respond(payload)` (which may throw a DomainError). */
  respond(pattern: string, responder: Responder): this {
    this.responders.set(pattern, responder);
    return this;
  }

  /** The payloads emitted with `pattern`, oldest first. */
  emittedWith<T = unknown>(pattern: string): T[] {
    return this.emitted
      .filter((message) => message.pattern === pattern)
      .map((message) => message.payload as T);
  }

  async send<TResult>(pattern: string, payload: unknown, options?: SendOptions): Promise<TResult> {
    this.assertOpen();
    this.sent.push({ pattern, payload: roundTrip(payload), ...(options ? { options } : {}) });
    const responder = this.responders.get(pattern);
    if (!responder)
      throw new DomainError('SERVICE_UNAVAILABLE', `No responder for '${pattern}' in this test`);
    return roundTrip(await responder(roundTrip(payload))) as TResult;
  }

  async emit(pattern: string, payload: unknown): Promise<void> {
    this.assertOpen();
    const failure = this.failNextEmit;
    if (failure) {
      this.failNextEmit = undefined;
      throw failure;
    }
    this.emitted.push({ pattern, payload: roundTrip(payload) });
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) throw new DomainError('SERVICE_UNAVAILABLE', 'Transport is closed');
  }
}

function roundTrip(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
