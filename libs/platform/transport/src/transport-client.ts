/**
 * How a gateway or a service talks to other services: request/reply and fire-and-forget events.
 * Two adapters: NATS (distributed mode) and in-process (standalone); both serialise payloads, both
 * carry the request id in headers, and both reject with a DomainError (SERVICE_UNAVAILABLE when the
 * callee does not answer in time, or the callee's own coded error).
 */
export abstract class TransportClient {
  abstract send<TResult>(pattern: string, payload: unknown, options?: SendOptions): Promise<TResult>;
  /**
   * Hands an event to every service that handles its pattern (one instance of each), without
   * waiting for the handlers. Over NATS it resolves once JetStream stored the event, which then
   * reaches each service at least once, even one that is down now; handlers must be idempotent.
   */
  abstract emit(pattern: string, payload: unknown): Promise<void>;
  abstract close(): Promise<void>;
  /** Resolves when the transport itself answers (connection up); rejects with the reason otherwise. */
  abstract ping(): Promise<void>;
}

export interface SendOptions {
  /** Overrides the client's default reply timeout. */
  timeoutMs?: number;
}
