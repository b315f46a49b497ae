import { DomainError } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';

/** What a queued message names: one processing job of one source (its revision at enqueue time). */
export interface JobMessage {
  tenant_id: string;
  sub_tenant_id: string;
  source_id: string;
  revision: number;
}

/** One delivery of a message to the handler. */
export interface JobDelivery {
  job: JobMessage;
  /** 1 on the first delivery; redeliveries (after a failure, or a consumer that died) count up. */
  attempt: number;
  /** Tells the queue the handler is still at work, so the message is not handed to another consumer. */
  extend(): void;
}

export interface JobConsumer {
  /**
   * Processes one delivery. Resolving acknowledges the message (it is never delivered again);
   * throwing makes the queue deliver it again after the next backoff delay, until the bound.
   * Throwing SERVICE_UNAVAILABLE (a store or service cannot be reached) is an outage, not a
   * failure of the job: the queue tries again in place (handleThroughOutages) without using up
   * an attempt, for as long as the outage lasts.
   */
  handle(delivery: JobDelivery): Promise<void>;
  /**
   * Called once when the queue gives up on a message: its last allowed attempt threw (`error` is
   * what it threw), or it was delivered more often than allowed without ever finishing (its
   * consumers died; `error` is undefined). The message is then dropped.
   */
  exhausted(job: JobMessage, error: unknown): Promise<void>;
}

export interface JobQueueLimits {
  /** Deliveries of one message before the queue gives up (exhausted). */
  maxAttempts: number;
  /** Delay before redelivery after attempt n fails: backoffMs[n - 1], the last one repeating. */
  backoffMs: readonly number[];
  /** Handlers running at once. */
  concurrency: number;
}

/**
 * A durable work queue of processing jobs, delivered at least once: a message stays queued until
 * a handler finishes it, survives restarts of every process, is redelivered with backoff when a
 * handler fails or its consumer dies, and is given up after a bounded number of attempts.
 * Enqueueing the same `dedupId` twice (within the queue's de-duplication window) queues it once.
 *
 * Adapters: `SqlJobQueue` (embedded: a table polled, and kicked in process on enqueue) and
 * `JetStreamJobQueue` (distributed: a NATS JetStream work-queue stream and durable consumer).
 */
export abstract class JobQueue extends StoreLifecycle {
  /** Queues the message durably before resolving. */
  abstract enqueue(job: JobMessage, dedupId: string): Promise<void>;

  /** Starts delivering messages to the consumer (once; call stop before starting again). */
  abstract start(consumer: JobConsumer): Promise<void>;

  /** Stops taking messages and waits for running handlers; unfinished messages stay queued. */
  abstract stop(): Promise<void>;

  /** Resolves when the queue's backing store answers. */
  abstract ping(): Promise<void>;
}

/** The redelivery delay after `attempt` failed. */
export function backoffDelay(limits: Pick<JobQueueLimits, 'backoffMs'>, attempt: number): number {
  const steps = limits.backoffMs;
  if (steps.length === 0) return 0;
  return steps[Math.min(Math.max(attempt, 1), steps.length) - 1]!;
}

/** The longest wait between two tries of a job during an outage. */
export const OUTAGE_RETRY_MAX_MS = 30_000;

/**
 * True for SERVICE_UNAVAILABLE: a store or service could not be reached. Such a failure is the
 * deployment's, not the job's: it never uses up the job's attempts.
 */
export function isOutage(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE';
}

/**
 * Runs the consumer on a delivery, and while it fails with SERVICE_UNAVAILABLE tries it again in
 * place: after the backoff (at most OUTAGE_RETRY_MAX_MS), telling the queue meanwhile that the
 * message is still being worked on, so it is neither redelivered nor counted as another attempt.
 * A store down for an hour delays the jobs it holds by an hour and errors none of them. Stops
 * trying, and throws the outage, once `keepTrying()` turns false (the queue is stopping).
 */
export async function handleThroughOutages(
  consumer: JobConsumer,
  delivery: JobDelivery,
  limits: Pick<JobQueueLimits, 'backoffMs'>,
  keepTrying: () => boolean,
): Promise<void> {
  for (let outages = 1; ; outages++) {
    try {
      return await consumer.handle(delivery);
    } catch (error: unknown) {
      if (!isOutage(error) || !keepTrying()) throw error;
      const until = Date.now() + Math.min(backoffDelay(limits, outages), OUTAGE_RETRY_MAX_MS);
      while (Date.now() < until && keepTrying()) {
        delivery.extend();
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000, until - Date.now())));
      }
      if (!keepTrying()) throw error;
    }
  }
}
