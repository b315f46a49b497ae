import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { JobConsumer, JobDelivery, JobMessage, JobQueue, JobQueueLimits } from './job-queue';

/** The limits every contract run uses: 3 attempts, short backoff. */
export const CONTRACT_LIMITS: JobQueueLimits = { maxAttempts: 3, backoffMs: [150, 300], concurrency: 4 };

export interface JobQueueSubject {
  /**
   * A new queue instance over the same backing store (another process, or the same one after a
   * restart), with CONTRACT_LIMITS and a redelivery timeout (visibility / ack wait) of
   * `redeliverAfterMs`.
   */
  open(): Promise<JobQueue>;
  /** How long an unfinished delivery waits before it is delivered again. */
  redeliverAfterMs: number;
  dispose(): Promise<void>;
}

interface Seen {
  job: JobMessage;
  attempt: number;
  at: number;
}

/** A consumer that records deliveries and behaves as `behaviour` says for each one. */
function recorder(behaviour: (delivery: JobDelivery) => Promise<void> = async () => undefined) {
  const seen: Seen[] = [];
  const exhausted: { job: JobMessage; error: unknown }[] = [];
  const waiters: (() => void)[] = [];
  const consumer: JobConsumer = {
    async handle(delivery) {
      seen.push({ job: delivery.job, attempt: delivery.attempt, at: Date.now() });
      waiters.splice(0).forEach((w) => w());
      await behaviour(delivery);
    },
    async exhausted(job, error) {
      exhausted.push({ job, error });
      waiters.splice(0).forEach((w) => w());
    },
  };
  const until = async (test: () => boolean, timeoutMs = 15_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!test()) {
      if (Date.now() > deadline)
        assert.fail(`condition not met in ${timeoutMs} ms (${seen.length} deliveries)`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  return { consumer, seen, exhausted, until };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every JobQueue adapter must show. */
export function jobQueueContract(name: string, createSubject: () => Promise<JobQueueSubject>): void {
  describe(`JobQueue contract: ${name}`, () => {
    let subject: JobQueueSubject;
    const opened: JobQueue[] = [];
    const open = async () => {
      const queue = await subject.open();
      opened.push(queue);
      return queue;
    };
    const job = (n: number): JobMessage => ({
      tenant_id: 't',
      sub_tenant_id: 't',
      source_id: `s${n}`,
      revision: n,
    });

    beforeEach(async () => {
      subject = await createSubject();
    });
    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((q) => q.stop()));
      await subject.dispose();
    });

    it('delivers every message once, messages queued before start included', async () => {
      const queue = await open();
      await queue.enqueue(job(1), 'a');
      const { consumer, seen, until } = recorder();
      await queue.start(consumer);
      for (let n = 2; n <= 20; n++) await queue.enqueue(job(n), `m${n}`);
      await until(() => seen.length >= 20);
      await sleep(subject.redeliverAfterMs + 300);
      assert.equal(seen.length, 20);
      assert.deepEqual(
        seen.map((s) => s.job.revision).sort((a, b) => a - b),
        [...Array(20).keys()].map((i) => i + 1),
      );
      assert.ok(seen.every((s) => s.attempt === 1));
    });

    it('queues a message once when its dedupId is enqueued again', async () => {
      const queue = await open();
      await queue.enqueue(job(1), 'same');
      await queue.enqueue(job(1), 'same');
      await queue.enqueue(job(2), 'other');
      const { consumer, seen, until } = recorder();
      await queue.start(consumer);
      await until(() => seen.length >= 2);
      await queue.enqueue(job(1), 'same');
      await sleep(500);
      assert.deepEqual(seen.map((s) => s.job.revision).sort(), [1, 2]);
    });

    it('runs up to `concurrency` handlers at once, never more', async () => {
      const queue = await open();
      let running = 0;
      let peak = 0;
      const { consumer, seen, until } = recorder(async () => {
        running++;
        peak = Math.max(peak, running);
        await sleep(150);
        running--;
      });
      await queue.start(consumer);
      for (let n = 1; n <= 10; n++) await queue.enqueue(job(n), `c${n}`);
      await until(() => seen.length >= 10);
      assert.ok(peak >= 2, `only ${peak} at once`);
      assert.ok(peak <= CONTRACT_LIMITS.concurrency, `${peak} at once`);
    });

    it('delivers a failed message again after the backoff delay, counting attempts', async () => {
      const queue = await open();
      const { consumer, seen, exhausted, until } = recorder(async (d) => {
        if (d.attempt < 3) throw new Error(`fail ${d.attempt}`);
      });
      await queue.start(consumer);
      await queue.enqueue(job(1), 'retry');
      await until(() => seen.length >= 3);
      await sleep(600);
      assert.deepEqual(
        seen.map((s) => s.attempt),
        [1, 2, 3],
      );
      assert.ok(seen[1]!.at - seen[0]!.at >= CONTRACT_LIMITS.backoffMs[0]! - 20, 'first backoff respected');
      assert.ok(seen[2]!.at - seen[1]!.at >= CONTRACT_LIMITS.backoffMs[1]! - 20, 'second backoff respected');
      assert.equal(exhausted.length, 0);
    });

    it('gives up after maxAttempts failures and tells the consumer why, once', async () => {
      const queue = await open();
      const { consumer, seen, exhausted, until } = recorder(async (d) => {
        throw new Error(`broken ${d.attempt}`);
      });
      await queue.start(consumer);
      await queue.enqueue(job(7), 'poison');
      await until(() => exhausted.length >= 1);
      await sleep(800);
      assert.equal(seen.length, CONTRACT_LIMITS.maxAttempts);
      assert.equal(exhausted.length, 1);
      assert.equal(exhausted[0]!.job.revision, 7);
      assert.match(String((exhausted[0]!.error as Error).message), /broken 3/);
    });

    it('tries a job again in place while a store is down, without using up its attempts', async () => {
      const queue = await open();
      const outages = CONTRACT_LIMITS.maxAttempts + 2;
      const { consumer, seen, exhausted, until } = recorder(async () => {
        if (seen.length <= outages)
          throw new DomainError('SERVICE_UNAVAILABLE', 'The S3 blob store is unavailable');
      });
      await queue.start(consumer);
      await queue.enqueue(job(8), `outage-${randomUUID()}`);
      await until(() => seen.length > outages);
      await sleep(800);
      assert.equal(seen.length, outages + 1, 'tried until the store was back, then acknowledged');
      assert.deepEqual(
        seen.map((s) => s.attempt),
        seen.map(() => 1),
        'one delivery throughout',
      );
      assert.equal(exhausted.length, 0);
    });

    it('delivers a message again to another consumer when its consumer dies mid-way', async () => {
      const crashed = await open();
      const hang = recorder(() => new Promise<void>(() => undefined));
      await crashed.start(hang.consumer);
      await crashed.enqueue(job(1), 'orphan');
      await hang.until(() => hang.seen.length === 1);
      // The first consumer never finishes and takes nothing more (as if its process had been
      // killed); a second one, over the same store, gets the message once the redelivery
      // timeout passes.
      void crashed.stop();
      opened.splice(opened.indexOf(crashed), 1);
      const survivor = await open();
      const { consumer, seen, until } = recorder();
      await survivor.start(consumer);
      await until(() => seen.length >= 1, subject.redeliverAfterMs * 4 + 5000);
      assert.ok(seen[0]!.attempt >= 2, `attempt ${seen[0]!.attempt}`);
      assert.equal(seen[0]!.job.source_id, 's1');
    });

    it('does not deliver again while the handler extends its delivery', async () => {
      const queue = await open();
      const { consumer, seen, until } = recorder(async (d) => {
        const end = Date.now() + subject.redeliverAfterMs * 2.5;
        while (Date.now() < end) {
          d.extend();
          await sleep(subject.redeliverAfterMs / 4);
        }
      });
      await queue.start(consumer);
      await queue.enqueue(job(1), `slow-${randomUUID()}`);
      await until(() => seen.length >= 1);
      await sleep(subject.redeliverAfterMs * 3.5);
      assert.equal(seen.length, 1);
    });

    it('stop() waits for running handlers, and what was not taken stays queued', async () => {
      const queue = await open();
      let finished = 0;
      const first = recorder(async () => {
        await sleep(300);
        finished++;
      });
      await queue.start(first.consumer);
      await queue.enqueue(job(1), 'x1');
      await first.until(() => first.seen.length === 1);
      await queue.stop();
      assert.equal(finished, 1);
      await queue.enqueue(job(2), 'x2');
      const next = await open();
      const second = recorder();
      await next.start(second.consumer);
      await second.until(() => second.seen.length >= 1);
      await sleep(300);
      assert.deepEqual(
        second.seen.map((s) => s.job.revision),
        [2],
      );
    });
  });
}
