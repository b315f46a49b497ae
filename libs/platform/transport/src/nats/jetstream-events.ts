import { DomainError } from '@trove/contracts';
import {
  headers as natsHeaders,
  JetStreamManager,
  nanos,
  NatsConnection,
  RetentionPolicy,
  StorageType,
} from 'nats';

/** How long an event waits in the stream for a service that is down: long outages included. */
export const DEFAULT_EVENT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** `trove` → `trove-events`; characters a stream name cannot hold become `_`. */
export function eventStreamName(prefix: string): string {
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}-events`;
}

/** Events live apart from request subjects (`<prefix>.<pattern>`), so no core subscriber sees them. */
export function eventSubject(prefix: string, pattern: string): string {
  return `${prefix}.events.${pattern}`;
}

/** The pattern an event subject carries, or undefined when the subject is not an event of prefix. */
export function eventPattern(prefix: string, subject: string): string | undefined {
  const head = `${prefix}.events.`;
  return subject.startsWith(head) ? subject.slice(head.length) : undefined;
}

export function isJetStreamNotFound(error: unknown): boolean {
  const apiError = (error as { api_error?: { err_code?: number } }).api_error;
  return apiError?.err_code === 10059 || /not found/i.test(error instanceof Error ? error.message : '');
}

/**
 * Creates the deployment's event stream, or brings it up to date; safe to call from every
 * process at once. Limits retention (not interest): an event published before a service ever
 * created its consumer is still there when it does, and each consumer keeps its own position.
 */
export async function ensureEventStream(
  jsm: JetStreamManager,
  prefix: string,
  maxAgeMs = DEFAULT_EVENT_MAX_AGE_MS,
): Promise<void> {
  const name = eventStreamName(prefix);
  const config = {
    subjects: [`${prefix}.events.>`],
    max_age: nanos(maxAgeMs),
    description: 'Trove events: each service that handles one gets it at least once',
  };
  try {
    await jsm.streams.info(name);
  } catch (error: unknown) {
    if (!isJetStreamNotFound(error)) throw error;
    try {
      await jsm.streams.add({
        name,
        ...config,
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
      });
      return;
    } catch {
      // Another process created it between our look and our add: fall through to update.
    }
  }
  await jsm.streams.update(name, config);
}

/**
 * Publishes events into the deployment's stream and returns once JetStream stored them, so an
 * event that was published is never lost to a subscriber being down. The stream is created on
 * first use per connection.
 */
export class JetStreamEventPublisher {
  private ready = new WeakMap<NatsConnection, Promise<void>>();

  constructor(
    private readonly prefix: string,
    private readonly maxAgeMs = DEFAULT_EVENT_MAX_AGE_MS,
  ) {}

  async publish(
    connection: NatsConnection,
    pattern: string,
    payload: unknown,
    headers: Record<string, string>,
  ): Promise<void> {
    try {
      await this.streamOn(connection);
      const h = natsHeaders();
      for (const [key, value] of Object.entries(headers)) h.set(key, value);
      await connection
        .jetstream()
        .publish(eventSubject(this.prefix, pattern), JSON.stringify(payload ?? null), { headers: h });
    } catch (error: unknown) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DomainError('SERVICE_UNAVAILABLE', `The event ${pattern} could not be stored: ${reason}`);
    }
  }

  private streamOn(connection: NatsConnection): Promise<void> {
    let ready = this.ready.get(connection);
    if (!ready) {
      ready = connection.jetstreamManager().then((jsm) => ensureEventStream(jsm, this.prefix, this.maxAgeMs));
      ready.catch(() => this.ready.delete(connection));
      this.ready.set(connection, ready);
    }
    return ready;
  }
}
