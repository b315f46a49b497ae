import { MessageHandler, NatsContext, NatsOptions, ServerNats } from '@nestjs/microservices';
import { DomainError } from '@trove/contracts';
import type { JsMsg, NatsConnection, Subscription } from 'nats';
import { concatMap, lastValueFrom, throwError } from 'rxjs';
import { PayloadStash } from '../stash/payload-stash';
import { checkIn, checkOut } from './claim-check';
import { EventDeliveryOptions, JetStreamEventConsumer } from './jetstream-event-consumer';

export interface PrefixedNatsServerOptions {
  url: string;
  prefix: string;
  /** Queue group shared by the instances of one service. */
  queue: string;
  /** Connection name shown by the NATS server. */
  name: string;
  /** Retry and claim timings of the durable event consumer (defaults suit production). */
  events?: EventDeliveryOptions;
  /** Where requests and replies too large for a NATS message go (claim-check.ts). */
  stash?: PayloadStash;
}

/**
 * Nest's NATS server, with every subject under a prefix (so deployments and test runs can share
 * one NATS server) and one queue group per service (so instances of a service share the load).
 * Events (@EventPattern) come from the deployment's JetStream event stream instead, through one
 * durable consumer named after the queue group: each service gets every event at least once,
 * even one published while it was down, and its instances share them.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly ownSubscriptions: Subscription[] = [];
  private readonly events: JetStreamEventConsumer;

  constructor(private readonly settings: PrefixedNatsServerOptions) {
    const options: NonNullable<NatsOptions['options']> = {
      servers: settings.url,
      name: settings.name,
      queue: settings.queue,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    };
    super(options);
    this.events = new JetStreamEventConsumer({
      ...settings.events,
      prefix: settings.prefix,
      durable: settings.queue,
    });
  }

  override bindEvents(client: NatsConnection): void {
    const handlers = [...this.messageHandlers];
    if (handlers.some(([, handler]) => handler.isEventHandler)) {
      this.events.start(client, (pattern, data, msg) => this.handleDurableEvent(pattern, data, msg));
    }
    for (const [pattern, handler] of handlers) {
      if (handler.isEventHandler) continue;
      const subscription = client.subscribe(`${this.settings.prefix}.${pattern}`, {
        queue: (handler.extras?.['queue'] as string | undefined) ?? this.settings.queue,
        callback: this.getMessageHandler(pattern).bind(this),
      });
      this.ownSubscriptions.push(subscription);
    }
  }

  override async close(): Promise<void> {
    for (const subscription of this.ownSubscriptions.splice(0)) subscription.unsubscribe();
    // The consumer stops before the connection closes: its pending pull ends on its own (within
    // a second), and the event being handled is acknowledged, not left to ack_wait.
    await this.events.stop();
    await super.close();
  }

  /**
   * A request handler that redeems a claim-checked request before the handler sees it, and sends a
   * reply too large for one message as a claim check. A request whose stashed payload is gone gets
   * the stash's SERVICE_UNAVAILABLE back (send again), like any handler error.
   */
  override getHandlerByPattern(pattern: string): MessageHandler | null {
    const handler = super.getHandlerByPattern(pattern);
    const stash = this.settings.stash;
    if (!handler || handler.isEventHandler || !stash) return handler;
    const claimChecked: MessageHandler = async (data: unknown, context: unknown) => {
      let request: unknown;
      try {
        request = await checkOut(stash, data);
      } catch (error: unknown) {
        const reason =
          error instanceof DomainError
            ? error
            : new DomainError('INTERNAL_ERROR', 'The request could not be read');
        return throwError(() => reason.toJSON());
      }
      const reply$ = this.transformToObservable(await handler(request, context));
      return reply$.pipe(concatMap((reply) => checkIn(stash, reply)));
    };
    claimChecked.extras = handler.extras;
    claimChecked.isEventHandler = false;
    return claimChecked;
  }

  /**
   * Runs every handler of the pattern (Nest chains the handlers of several controllers) and
   * settles only when all finished, rejecting if one failed, so the event is acknowledged only
   * then. An event this service does not handle is simply acknowledged.
   */
  private async handleDurableEvent(pattern: string, data: unknown, msg: JsMsg): Promise<void> {
    const handler = this.getHandlerByPattern(pattern);
    if (!handler?.isEventHandler) return;
    const context = new NatsContext([msg.subject, msg.headers as never]);
    const result: unknown = await handler(data, context);
    await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }
}
