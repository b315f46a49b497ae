import { NatsRecordBuilder } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { DomainError } from '@trove/contracts';
import { headers as natsHeaders, NatsConnection } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { noResponderError, timeoutError, toDomainError } from '../reply-errors';
import { outgoingHeaders } from '../rpc-context.interceptor';
import { PayloadStash } from '../stash/payload-stash';
import { SendOptions, TransportClient } from '../transport-client';
import { checkIn, checkOut, discardClaim } from './claim-check';
import { JetStreamEventPublisher } from './jetstream-events';
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

/**
 * The distributed transport: request/reply over NATS through Nest's client; events into the
 * deployment's JetStream event stream, where each service's durable consumer (PrefixedNatsServer)
 * takes them, so an event outlives a service that is down when it is published.
 */
export class NatsTransportClient extends TransportClient {
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

  async send<TResult>(pattern: string, payload: unknown, sendOptions?: SendOptions): Promise<TResult> {
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
      if (error instanceof TimeoutError) throw timeoutError(pattern, timeoutMs);
      // NATS answers a request nobody subscribes to with an empty "no responders" reply.
      if (error instanceof EmptyResponseException) throw noResponderError(pattern);
      throw toDomainError(pattern, error);
    }
  }

  async emit(pattern: string, payload: unknown): Promise<void> {
    await this.connect();
    await this.events.publish(this.client.unwrap<NatsConnection>(), pattern, payload, outgoingHeaders());
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
