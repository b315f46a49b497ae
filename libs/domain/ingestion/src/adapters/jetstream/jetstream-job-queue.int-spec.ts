import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { CONTRACT_LIMITS, jobQueueContract } from '../../ports/job-queue.contract';
import { JetStreamJobQueue, jobStreamName } from './jetstream-job-queue';

/*
 * The contract against the NATS server of the integration tests (TEST_NATS_URL, default
 * nats://127.0.0.1:4222, JetStream on). Each test gets its own subject prefix, so its own stream.
 */
const url = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';
const REDELIVER_AFTER_MS = 1200;

jobQueueContract('JetStreamJobQueue (NATS)', () => {
  const prefix = `test-jobs-${randomUUID().slice(0, 8)}`;
  const queues: JetStreamJobQueue[] = [];
  return Promise.resolve({
    redeliverAfterMs: REDELIVER_AFTER_MS,
    open: () => {
      const queue = new JetStreamJobQueue({
        ...CONTRACT_LIMITS,
        url,
        prefix,
        name: 'trove-test',
        ackWaitMs: REDELIVER_AFTER_MS,
        dedupWindowMs: 60_000,
        pullExpiresMs: 1000,
      });
      queues.push(queue);
      return Promise.resolve(queue);
    },
    dispose: async () => {
      await Promise.all(queues.map((q) => q.close()));
      const nc = await connect({ servers: url });
      try {
        const jsm = await nc.jetstreamManager();
        await jsm.streams.delete(jobStreamName(prefix)).catch(() => false);
      } finally {
        await nc.close();
      }
    },
  });
});
