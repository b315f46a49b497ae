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
  /**
   * Calls `handler` with every event of `pattern` emitted from now on, in every process: each
   * listener of each process gets each event (fan-out), unlike @EventPattern handlers, whose
   * durable consumer is shared by a service's replicas. At most once: what is emitted while the
   * listener is not connected is not replayed. Over NATS it is a plain core subscription on the
   * event's subject (JetStream stores it; core subscribers see it too). Resolves with the
   * function that stops listening. Adapters that cannot listen reject.
   */
  listen(pattern: string, handler: (payload: unknown) => void): Promise<() => void> {
    void handler;
    return Promise.reject(new Error(`This transport cannot listen to ${pattern}`));
  }
  abstract close(): Promise<void>;
  /** Resolves when the transport itself answers (connection up); rejects with the reason otherwise. */
  abstract ping(): Promise<void>;
}

export interface SendOptions {
  /** Overrides the client's default reply timeout. */
  timeoutMs?: number;
}
