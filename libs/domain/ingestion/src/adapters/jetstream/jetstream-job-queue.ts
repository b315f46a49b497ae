import { Logger } from '@nestjs/common';
import {
  AckPolicy,
  connect,
  Consumer,
  DeliverPolicy,
  JetStreamClient,
  JetStreamManager,
  JsMsg,
  nanos,
  NatsConnection,
  RetentionPolicy,
  StorageType,
} from 'nats';
import {
  backoffDelay,
  handleThroughOutages,
  isOutage,
  JobConsumer,
  JobMessage,
  JobQueue,
  JobQueueLimits,
} from '../../ports/job-queue';

export interface JetStreamJobQueueOptions extends JobQueueLimits {
  url: string;
  /** The deployment's subject prefix: stream `<prefix>-ingestion-jobs`, subject `<prefix>.jobs.ingestion`. */
  prefix: string;
  /** Connection name shown by the NATS server. */
  name: string;
  /** A delivered message that is neither acknowledged nor extended for this long goes to another consumer. */
  ackWaitMs: number;
  /** Publishing the same dedupId again within this window is ignored by the stream (Nats-Msg-Id). */
  dedupWindowMs: number;
  /** How long one pull waits for a message (at least 1 s); also bounds how long stop() waits for idle consumers. */
  pullExpiresMs?: number;
}

/** `trove` → `trove-ingestion-jobs`; characters a stream name cannot hold become `_`. */
export function jobStreamName(prefix: string): string {
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}-ingestion-jobs`;
}

export function jobSubject(prefix: string): string {
  return `${prefix}.jobs.ingestion`;
}

const DURABLE = 'ingestion-worker';

function notFound(error: unknown): boolean {
  const apiError = (error as { api_error?: { err_code?: number } }).api_error;
  return apiError?.err_code === 10059 || /not found/i.test(error instanceof Error ? error.message : '');
}

/**
 * The distributed JobQueue: a JetStream stream with work-queue retention (a message is stored on
 * disk until acknowledged, then removed) and one durable pull consumer shared by every instance
 * of the ingestion service. A message is acknowledged only after its handler finished (and so
 * after the handler's store writes); a consumer that dies leaves its messages to be delivered
 * again after ack_wait; failures are retried with an explicit backoff delay (nak), and the
 * delivery count bounds the attempts. Publishing uses Nats-Msg-Id, so the stream drops duplicates.
 */
export class JetStreamJobQueue extends JobQueue {
  private readonly logger = new Logger('JetStreamJobQueue');
  private connection: Promise<NatsConnection> | undefined;
  private js: JetStreamClient | undefined;
  private ready: Promise<void> | undefined;
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly options: JetStreamJobQueueOptions) {
    super();
  }

  get stream(): string {
    return jobStreamName(this.options.prefix);
  }

  async enqueue(job: JobMessage, dedupId: string): Promise<void> {
    await this.init();
    await this.js!.publish(jobSubject(this.options.prefix), JSON.stringify(job), { msgID: dedupId });
  }

  async start(consumer: JobConsumer): Promise<void> {
    if (this.running) throw new Error('JetStreamJobQueue is already started');
    await this.init();
    const pull = await this.js!.consumers.get(this.stream, DURABLE);
    this.running = true;
    this.loops = Array.from({ length: Math.max(1, this.options.concurrency) }, () =>
      this.consume(pull, consumer),
    );
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.allSettled(this.loops);
    this.loops = [];
  }

  async ping(): Promise<void> {
    const connection = await this.connect();
    await connection.flush();
  }

  /** Stops taking messages and closes the connection, without waiting for running handlers. */
  override async close(): Promise<void> {
    this.running = false;
    this.loops = [];
    const connection = this.connection;
    this.connection = undefined;
    this.ready = undefined;
    if (connection) {
      const nc = await connection.catch(() => undefined);
      if (nc && !nc.isClosed()) await nc.drain();
    }
  }

  private connect(): Promise<NatsConnection> {
    if (!this.connection) {
      this.connection = connect({
        servers: this.options.url,
        name: `${this.options.name}-jobs`,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
      });
      this.connection.catch(() => {
        this.connection = undefined;
      });
    }
    return this.connection;
  }

  /** Creates (or brings up to date) the stream and the durable consumer; once per connection. */
  private init(): Promise<void> {
    if (!this.ready) {
      this.ready = (async () => {
        const nc = await this.connect();
        const jsm = await nc.jetstreamManager();
        await this.ensureStream(jsm);
        await this.ensureConsumer(jsm);
        this.js = nc.jetstream();
      })();
      this.ready.catch(() => {
        this.ready = undefined;
      });
    }
    return this.ready;
  }

  private async ensureStream(jsm: JetStreamManager): Promise<void> {
    const config = {
      subjects: [jobSubject(this.options.prefix)],
      duplicate_window: nanos(this.options.dedupWindowMs),
      description: 'Trove ingestion jobs: one message per source upload, removed once processed',
    };
    try {
      await jsm.streams.info(this.stream);
      await jsm.streams.update(this.stream, config);
    } catch (error: unknown) {
      if (!notFound(error)) throw error;
      await jsm.streams.add({
        name: this.stream,
        ...config,
        retention: RetentionPolicy.Workqueue,
        storage: StorageType.File,
      });
    }
  }

  private async ensureConsumer(jsm: JetStreamManager): Promise<void> {
    const config = {
      ack_wait: nanos(this.options.ackWaitMs),
      // Unbounded here: the queue counts deliveries itself and terminates the message when it
      // gives up, after telling the consumer (which a server-side bound would skip silently).
      max_deliver: -1,
      max_ack_pending: -1,
    };
    try {
      await jsm.consumers.info(this.stream, DURABLE);
      await jsm.consumers.update(this.stream, DURABLE, config);
    } catch (error: unknown) {
      if (!notFound(error)) throw error;
      await jsm.consumers.add(this.stream, {
        ...config,
        durable_name: DURABLE,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
      });
    }
  }

  private async consume(pull: Consumer, consumer: JobConsumer): Promise<void> {
    while (this.running) {
      let msg: JsMsg | null;
      try {
        msg = await pull.next({ expires: Math.max(1000, this.options.pullExpiresMs ?? 2000) });
      } catch (error: unknown) {
        if (!this.running) return;
        this.logger.warn(`job pull failed: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      if (!msg) continue;
      // Pulled while stopping: hand it back at once for another consumer.
      if (!this.running) return msg.nak();
      await this.deliver(msg, consumer);
    }
  }

  private async deliver(msg: JsMsg, consumer: JobConsumer): Promise<void> {
    const attempt = msg.info.deliveryCount;
    let job: JobMessage;
    try {
      job = JSON.parse(new TextDecoder().decode(msg.data)) as JobMessage;
    } catch {
      msg.term('not a job message');
      return;
    }
    try {
      if (attempt > this.options.maxAttempts) {
        await consumer.exhausted(job, undefined);
        msg.term('attempts exhausted');
        return;
      }
      try {
        await handleThroughOutages(
          consumer,
          { job, attempt, extend: () => msg.working() },
          this.options,
          () => this.running,
        );
      } catch (error: unknown) {
        // An outage reaches here only when the queue is stopping: the job waits for the next start.
        if (attempt >= this.options.maxAttempts && !isOutage(error)) {
          await consumer.exhausted(job, error);
          msg.term('attempts exhausted');
        } else {
          msg.nak(backoffDelay(this.options, attempt));
        }
        return;
      }
      // Acknowledged only now that the handler's writes are done; waiting for the server's
      // confirmation means a lost ack shows up here rather than as a silent redelivery.
      await msg.ackAck({ timeout: 5000 }).catch(() => false);
    } catch (error: unknown) {
      // exhausted() failed (its store is down): try again after the backoff.
      this.logger.warn(`job bookkeeping failed: ${error instanceof Error ? error.message : String(error)}`);
      msg.nak(backoffDelay(this.options, attempt));
    }
  }
}
