import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { connect } from 'nats';
import { DomainError } from '@trove/contracts';
import { describeStash } from './payload-stash.contract';
import { NatsPayloadStash, stashBucketName } from './nats-payload-stash';

const NATS_URL = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
const prefixes: string[] = [];

function open(ttlMs?: number, prefix = `test-${randomUUID().slice(0, 8)}`): NatsPayloadStash {
  prefixes.push(prefix);
  return new NatsPayloadStash({ url: NATS_URL, prefix, name: 'trove-test', ttlMs });
}

after(async () => {
  // Buckets of this run go; a failed run's buckets would empty themselves by max age anyway.
  const nc = await connect({ servers: NATS_URL });
  const jsm = await nc.jetstreamManager();
  for (const prefix of prefixes) {
    await jsm.streams.delete(`OBJ_${stashBucketName(prefix)}`).catch(() => undefined);
  }
  await nc.close();
});

describeStash('NATS JetStream object store', ({ ttlMs }) => Promise.resolve(open(ttlMs)));

describe('NatsPayloadStash across processes', () => {
  it('lets a second instance (another process) take what the first put, under the same prefix', async () => {
    const prefix = `test-${randomUUID().slice(0, 8)}`;
    const sender = open(undefined, prefix);
    const receiver = open(undefined, prefix);
    const stranger = open(undefined);
    try {
      const ref = await sender.put(new Uint8Array([4, 5, 6]));
      // Another deployment (prefix) cannot see it.
      await assert.rejects(stranger.take(ref), (e: unknown) => e instanceof DomainError);
      assert.deepEqual([...(await receiver.take(ref))], [4, 5, 6]);
    } finally {
      await Promise.all([sender.close(), receiver.close(), stranger.close()]);
    }
  });

  it('names the bucket after the prefix', () => {
    assert.equal(stashBucketName('trove'), 'trove-stash');
    assert.equal(stashBucketName('e2e.a b'), 'e2e_a_b-stash');
  });

  it('answers SERVICE_UNAVAILABLE when NATS cannot be reached', async () => {
    const stash = new NatsPayloadStash({
      url: 'nats://127.0.0.1:1',
      prefix: 'nowhere',
      name: 'trove-test',
    });
    await assert.rejects(
      stash.put(new Uint8Array([1])),
      (e: unknown) => e instanceof DomainError && e.code === 'SERVICE_UNAVAILABLE',
    );
    await stash.close();
  });
});
