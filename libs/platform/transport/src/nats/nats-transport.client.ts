import { Logger } from '@nestjs/common';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { DomainError, isIdempotent } from '@trove/contracts';
import { natsRequestDuration, natsRequests, natsRetries } from '@trove/platform-metrics';
import { traceSend } from '@trove/platform-tracing';
import { headers as natsHeaders, NatsConnection } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { noResponderError, timeoutError, toDomainError } from '../reply-errors';
import { outgoingHeaders } from '../rpc-context.interceptor';
import { PayloadStash } from '../stash/payload-stash';
import { SendOptions, TransportClient } from '../transport-client';
import { checkIn, checkOut, discardClaim } from './claim-check';
import { eventSubject, JetStreamEventPublisher } from './jetstream-events';
import { PrefixedNatsClient } from './prefixed-nats.client';

export interface NatsTransportOptions {
  url: string;
  prefix: string;
  timeoutMs: number;
  /** Connection name shown by the NATS server (`trove-gateway`, …). */
  name: string;
  /**
   * Where payloads too large for a NATS message go (claim-check.ts), both ways; the services
   * answering must have one too. Without it, such a request fails.
   */
  stash?: PayloadStash;
}

function record(payload: unknown) {
  const headers = natsHeaders();
  for (const [key, value] of Object.entries(outgoingHeaders())) headers.set(key, value);
  return new NatsRecordBuilder(payload ?? null).setHeaders(headers).build();
}

/** A pause before asking again when nobody answered at all (a replica may be subscribing). */
const NO_RESPONDER_PAUSE_MS = 250;

/** A request nobody answered: timed out, or no subscriber; `domainError` is what callers get. */
class Unanswered extends Error {
  constructor(
    readonly domainError: DomainError,
    readonly noResponder: boolean,
  ) {
    super(domainError.message);
  }
}

/**
 * The distributed transport: request/reply over NATS through Nest's client; events into the
 * deployment's JetStream event stream, where each service's durable consumer (PrefixedNatsServer)
 * takes them, so an event outlives a service that is down when it is published.
 */
export class NatsTransportClient extends TransportClient {
  private readonly logger = new Logger('NatsTransport');
  private readonly client: PrefixedNatsClient;
  private readonly events: JetStreamEventPublisher;

  constructor(private readonly options: NatsTransportOptions) {
    super();
    this.client = new PrefixedNatsClient(
      { servers: options.url, name: options.name, maxReconnectAttempts: -1, reconnectTimeWait: 500 },
      options.prefix,
    );
    this.events = new JetStreamEventPublisher(options.prefix);
  }

  /**
   * Request/reply. An idempotent request (a read, or a memory add with its id: isIdempotent)
   * that gets no answer in time, or finds no responder, is sent once more: the replica that took
   * it may have been killed or be restarting, and another can answer. Anything else fails at once.
   */
  send<TResult>(pattern: string, payload: unknown, sendOptions?: SendOptions): Promise<TResult> {
    // One client span for the request, retries included; each attempt's headers carry it.
    return traceSend(pattern, () => this.sendWithRetry<TResult>(pattern, payload, sendOptions));
  }

  private async sendWithRetry<TResult>(
    pattern: string,
    payload: unknown,
    sendOptions?: SendOptions,
  ): Promise<TResult> {
    const retries = isIdempotent(pattern, payload) ? 1 : 0;
    for (let attempt = 0; ; attempt++) {
      const timer = natsRequestDuration.startTimer({ pattern });
      try {
        const result = await this.sendOnce<TResult>(pattern, payload, sendOptions);
        timer();
        natsRequests.inc({ pattern, outcome: 'ok' });
        return result;
      } catch (error: unknown) {
        timer();
        const unanswered = error instanceof Unanswered;
        const outcome = unanswered ? (error.noResponder ? 'no_responders' : 'timeout') : 'error';
        natsRequests.inc({ pattern, outcome });
        if (!unanswered || attempt >= retries) throw unanswered ? error.domainError : error;
        natsRetries.inc({ pattern });
        this.logger.warn(`${pattern}: ${error.domainError.message}; sent once more`);
        if (error.noResponder) await new Promise((resolve) => setTimeout(resolve, NO_RESPONDER_PAUSE_MS));
      }
    }
  }

  private async sendOnce<TResult>(
    pattern: string,
    payload: unknown,
    sendOptions?: SendOptions,
  ): Promise<TResult> {
    const timeoutMs = sendOptions?.timeoutMs ?? this.options.timeoutMs;
    const { stash } = this.options;
    let body: unknown = payload;
    try {
      await this.connect();
      if (stash) body = await checkIn(stash, payload);
      const reply = await firstValueFrom(
        this.client.send<unknown>(pattern, record(body)).pipe(timeout({ first: timeoutMs })),
      );
      return (stash ? await checkOut(stash, reply) : reply) as TResult;
    } catch (error: unknown) {
      if (stash && body !== payload) await discardClaim(stash, body);
      if (error instanceof TimeoutError) throw new Unanswered(timeoutError(pattern, timeoutMs), false);
      // NATS answers a request nobody subscribes to with an empty "no responders" reply.
      if (error instanceof EmptyResponseException) throw new Unanswered(noResponderError(pattern), true);
      throw toDomainError(pattern, error);
    }
  }

  async emit(pattern: string, payload: unknown): Promise<void> {
    await this.connect();
    await this.events.publish(this.client.unwrap<NatsConnection>(), pattern, payload, outgoingHeaders());
  }

  override async listen(pattern: string, handler: (payload: unknown) => void): Promise<() => void> {
    await this.connect();
    const decoder = new TextDecoder();
    // No queue group: every process subscribing gets every event (fan-out), which is the point.
    const subscription = this.client
      .unwrap<NatsConnection>()
      .subscribe(eventSubject(this.options.prefix, pattern), {
        callback: (error, msg) => {
          if (error) return;
          try {
            handler(JSON.parse(decoder.decode(msg.data)));
          } catch (failure: unknown) {
            this.logger.warn(
              `listener of ${pattern} failed: ${failure instanceof Error ? failure.message : failure}`,
            );
          }
        },
      });
    return () => subscription.unsubscribe();
  }

  async ping(): Promise<void> {
    await this.connect();
    await this.client.unwrap<NatsConnection>().flush();
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch (error: unknown) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DomainError('SERVICE_UNAVAILABLE', `NATS is unavailable at ${this.options.url}: ${reason}`);
    }
  }
}
