import { MessageHandler, NatsContext, NatsOptions, ServerNats } from '@nestjs/microservices';
import { DomainError } from '@trove/contracts';
import type { JsMsg, Msg as NatsMsg, NatsConnection, Subscription } from 'nats';
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
  /** How long close() waits for requests in progress to be answered (default 20 s). */
  drainTimeoutMs?: number;
}

/** Requests taken and not yet answered; close() waits until there are none. */
class InFlight {
  private count = 0;
  private idle: (() => void)[] = [];

  /** Counts one request in; the returned function counts it out (once, however often called). */
  begin(): () => void {
    this.count++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.count === 0) for (const resolve of this.idle.splice(0)) resolve();
    };
  }

  /** Resolves when no request is in progress, or after `timeoutMs`; true when it got there. */
  async settled(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => this.idle.push(() => resolve(true)));
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const settled = await Promise.race([idle, late]);
    clearTimeout(timer);
    return settled;
  }

  get size(): number {
    return this.count;
  }
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
  private readonly inFlight = new InFlight();
  private connection?: NatsConnection;

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
    this.connection = client;
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

  /**
   * A graceful stop (SIGTERM, a rolling restart): the request subscriptions drain (requests
   * already delivered to this process are still handled; new ones go to the other instances of
   * the queue group), the requests in progress are answered and flushed, the event consumer stops
   * (the event in hand is acknowledged), and only then does the connection close.
   */
  override async close(): Promise<void> {
    const subscriptions = this.ownSubscriptions.splice(0);
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
    const drained = await this.inFlight.settled(this.settings.drainTimeoutMs ?? 20_000);
    if (!drained) this.logger.warn(`closing with ${this.inFlight.size} request(s) still unanswered`);
    // The consumer stops before the connection closes: its pending pull ends on its own (within
    // a second), and the event being handled is acknowledged, not left to ack_wait.
    await this.events.stop();
    await this.connection?.flush().catch(() => undefined);
    await super.close();
  }

  /** Replies through Nest's publisher, counting the request out with its last packet. */
  override getPublisher(natsMsg: NatsMsg, id: string, context: NatsContext): (response: unknown) => unknown {
    const publish = super.getPublisher(natsMsg, id, context) as (response: unknown) => unknown;
    if (!natsMsg.reply) return publish;
    const done = this.inFlight.begin();
    return (response: unknown) => {
      try {
        return publish(response);
      } finally {
        const packet = response as { isDisposed?: boolean; err?: unknown };
        if (packet.isDisposed || packet.err !== undefined) done();
      }
    };
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
