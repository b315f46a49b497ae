import { DomainError } from '@trove/contracts';
import { traceSend } from '@trove/platform-tracing';
import { outgoingHeaders } from '../rpc-context.interceptor';
import { noResponderError, timeoutError, toDomainError } from '../reply-errors';
import { SendOptions, TransportClient } from '../transport-client';
import { InProcessReplyError, InProcessServer } from './in-process.server';

/**
 * The standalone transport: requests go to the InProcessServer of the same process, serialised
 * both ways, with the same headers, timeout and error mapping as the NATS client.
 */
export class InProcessTransportClient extends TransportClient {
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();

  constructor(
    private readonly server: InProcessServer,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  send<TResult>(pattern: string, payload: unknown, options?: SendOptions): Promise<TResult> {
    return traceSend(pattern, () => this.sendOnce<TResult>(pattern, payload, options));
  }

  private async sendOnce<TResult>(
    pattern: string,
    payload: unknown,
    options?: SendOptions,
  ): Promise<TResult> {
    if (!this.server.isListening || !this.server.hasHandler(pattern)) throw noResponderError(pattern);
    const timeoutMs = options?.timeoutMs ?? this.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(timeoutError(pattern, timeoutMs)), timeoutMs);
    });
    try {
      const reply = await Promise.race([
        this.server.request(pattern, JSON.stringify(payload ?? null), outgoingHeaders()),
        deadline,
      ]);
      return JSON.parse(reply) as TResult;
    } catch (error: unknown) {
      if (error instanceof DomainError) throw error;
      if (error instanceof InProcessReplyError) throw toDomainError(pattern, JSON.parse(error.json));
      throw toDomainError(pattern, error);
    } finally {
      clearTimeout(timer);
    }
  }

  async emit(pattern: string, payload: unknown): Promise<void> {
    const json = JSON.stringify(payload ?? null);
    const headers = outgoingHeaders();
    // Like a NATS publish, the event is handed over and the caller does not wait for listeners.
    setImmediate(() => {
      this.server.event(pattern, json, headers).catch(() => undefined);
      for (const listener of this.listeners.get(pattern) ?? []) {
        try {
          listener(JSON.parse(json));
        } catch {
          // One listener's failure is its own.
        }
      }
    });
    return Promise.resolve();
  }

  override listen(pattern: string, handler: (payload: unknown) => void): Promise<() => void> {
    let set = this.listeners.get(pattern);
    if (!set) this.listeners.set(pattern, (set = new Set()));
    set.add(handler);
    return Promise.resolve(() => {
      set.delete(handler);
    });
  }

  ping(): Promise<void> {
    return this.server.isListening
      ? Promise.resolve()
      : Promise.reject(
          new DomainError('SERVICE_UNAVAILABLE', 'The in-process message server is not listening'),
        );
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
