import { CustomTransportStrategy, Server } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { InProcessContext } from './in-process.context';

/**
 * The message server of standalone mode: Nest's handlers are called directly, but every payload
 * and reply crosses as JSON text, so a handler sees exactly what it would see over NATS (no shared
 * object references, no class instances, dates as strings).
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private listening = false;

  listen(callback: () => void): void {
    this.listening = true;
    callback();
  }

  close(): void {
    this.listening = false;
  }

  on(): never {
    throw new Error('InProcessServer does not emit status events');
  }

  unwrap<T>(): T {
    return this as unknown as T;
  }

  get isListening(): boolean {
    return this.listening;
  }

  hasHandler(pattern: string): boolean {
    const handler = this.getHandlerByPattern(pattern);
    return handler !== null && !handler.isEventHandler;
  }

  /**
   * Answers one request. Resolves with the reply as JSON text; rejects with the JSON text of the
   * handler's error (what the RPC exception filter produced).
   */
  async request(pattern: string, json: string, headers: Record<string, string>): Promise<string> {
    const handler = this.getHandlerByPattern(pattern);
    if (!handler || handler.isEventHandler) throw new Error(`No message handler for ${pattern}`);
    const context = new InProcessContext([pattern, headers]);
    try {
      const reply$ = this.transformToObservable(await handler(JSON.parse(json), context));
      const reply: unknown = await lastValueFrom(reply$, { defaultValue: null });
      return JSON.stringify(reply ?? null);
    } catch (error: unknown) {
      throw new InProcessReplyError(JSON.stringify(error ?? null));
    }
  }

  /** Delivers one event to every handler registered for its pattern (in every module). */
  async event(pattern: string, json: string, headers: Record<string, string>): Promise<void> {
    // As with a NATS publish nobody subscribes to, an event without listeners goes nowhere.
    if (!this.getHandlerByPattern(pattern)) return;
    const context = new InProcessContext([pattern, headers]);
    await this.handleEvent(pattern, { pattern, data: JSON.parse(json) }, context);
  }
}

/** A handler's error, still serialised, on its way back to the in-process client. */
export class InProcessReplyError extends Error {
  constructor(readonly json: string) {
    super('in-process reply error');
  }
}
