import { Logger } from '@nestjs/common';
import { AckPolicy, Consumer, DeliverPolicy, JetStreamManager, JsMsg, nanos, NatsConnection } from 'nats';
import {
  DEFAULT_EVENT_MAX_AGE_MS,
  ensureEventStream,
  eventPattern,
  eventStreamName,
  isJetStreamNotFound,
} from './jetstream-events';

export interface EventDeliveryOptions {
  /** A delivery neither acknowledged nor extended for this long goes out again; default 30 s. */
  ackWaitMs?: number;
  /** A failed event comes back after this delay, doubled per attempt up to retryMaxMs; default 1 s. */
  retryBaseMs?: number;
  /** Default 60 s. Attempts are unbounded: an erasure must not be given up on. */
  retryMaxMs?: number;
  /** How long one pull waits for an event (at least 1 s); also bounds how long stop() waits. Default 1 s. */
  pullExpiresMs?: number;
  /** Max age of the stream when this process creates it. */
  maxAgeMs?: number;
}

export interface JetStreamEventConsumerOptions extends EventDeliveryOptions {
  prefix: string;
  /** The durable consumer: one per service, shared by its replicas (each event to one of them). */
  durable: string;
}

/** Handles one event; resolves once the handlers finished, rejects if any failed. */
export type EventDispatch = (pattern: string, data: unknown, msg: JsMsg) => Promise<void>;

/** The delay before attempt `attempt + 1` of an event whose attempt `attempt` failed. */
export function eventRetryDelay(options: EventDeliveryOptions, attempt: number): number {
  const base = options.retryBaseMs ?? 1000;
  const max = options.retryMaxMs ?? 60_000;
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}

/**
 * One service's durable pull consumer on the deployment's event stream. Every event is
 * acknowledged only after its handlers finished; a failure is handed back (nak) with a growing
 * delay; a handler that runs long keeps extending its claim, and one that dies with its process
 * leaves the event to be delivered again after ack_wait. Handlers must therefore be idempotent.
 */
export class JetStreamEventConsumer {
  private readonly logger = new Logger('JetStreamEvents');
  private running = false;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: JetStreamEventConsumerOptions) {}

  /** Starts consuming on the connection; creates the stream and the consumer as needed. */
  start(connection: NatsConnection, dispatch: EventDispatch): void {
    if (this.running) throw new Error('JetStreamEventConsumer is already started');
    this.running = true;
    this.loop = this.run(connection, dispatch);
  }

  /** Stops taking events and waits for the one being handled, if any. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    this.loop = undefined;
  }

  private get ackWaitMs(): number {
    return this.options.ackWaitMs ?? 30_000;
  }

  private async run(connection: NatsConnection, dispatch: EventDispatch): Promise<void> {
    let pull: Consumer | undefined;
    while (this.running && !connection.isClosed()) {
      try {
        pull ??= await this.open(connection);
        const msg = await pull.next({ expires: Math.max(1000, this.options.pullExpiresMs ?? 1000) });
        if (!msg) continue;
        // Pulled while stopping: hand it back at once for another replica.
        if (!this.running) return msg.nak();
        await this.deliver(msg, dispatch);
      } catch (error: unknown) {
        if (!this.running || connection.isClosed()) return;
        this.logger.warn(`event pull failed: ${error instanceof Error ? error.message : String(error)}`);
        pull = undefined; // the consumer (or the stream) may be gone: open again
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  private async open(connection: NatsConnection): Promise<Consumer> {
    const jsm = await connection.jetstreamManager();
    await ensureEventStream(jsm, this.options.prefix, this.options.maxAgeMs ?? DEFAULT_EVENT_MAX_AGE_MS);
    await this.ensureConsumer(jsm);
    return connection.jetstream().consumers.get(eventStreamName(this.options.prefix), this.options.durable);
  }

  private async ensureConsumer(jsm: JetStreamManager): Promise<void> {
    const stream = eventStreamName(this.options.prefix);
    const config = { ack_wait: nanos(this.ackWaitMs), max_deliver: -1, max_ack_pending: -1 };
    try {
      await jsm.consumers.info(stream, this.options.durable);
    } catch (error: unknown) {
      if (!isJetStreamNotFound(error)) throw error;
      try {
        await jsm.consumers.add(stream, {
          ...config,
          durable_name: this.options.durable,
          ack_policy: AckPolicy.Explicit,
          // A service starting for the first time still gets what was published before it.
          deliver_policy: DeliverPolicy.All,
          filter_subject: `${this.options.prefix}.events.>`,
        });
        return;
      } catch {
        // A replica created it between our look and our add: fall through to update.
      }
    }
    await jsm.consumers.update(stream, this.options.durable, config);
  }

  private async deliver(msg: JsMsg, dispatch: EventDispatch): Promise<void> {
    const pattern = eventPattern(this.options.prefix, msg.subject);
    let data: unknown;
    try {
      if (pattern === undefined) throw new Error(`not an event subject: ${msg.subject}`);
      data = JSON.parse(new TextDecoder().decode(msg.data));
    } catch (error: unknown) {
      this.logger.error(`dropping an unreadable event: ${error instanceof Error ? error.message : error}`);
      msg.term('unreadable event');
      return;
    }
    const attempt = msg.info.deliveryCount;
    const keepClaim = setInterval(() => msg.working(), Math.max(100, Math.floor(this.ackWaitMs / 3)));
    try {
      await dispatch(pattern!, data, msg);
    } catch (error: unknown) {
      const delay = eventRetryDelay(this.options, attempt);
      const reason = error instanceof Error ? error.message : JSON.stringify(error);
      this.logger.warn(`event ${pattern} failed (attempt ${attempt}), again in ${delay} ms: ${reason}`);
      msg.nak(delay);
      return;
    } finally {
      clearInterval(keepClaim);
    }
    // Acknowledged only now that the handlers' writes are done; a lost ack means one more
    // (idempotent) delivery, never a lost event.
    await msg.ackAck({ timeout: 5000 }).catch(() => false);
  }
}
