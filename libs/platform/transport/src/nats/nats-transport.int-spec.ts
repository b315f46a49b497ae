import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Controller, DynamicModule, Inject, INestMicroservice, Module } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, MemoryPatterns, SearchPatterns } from '@trove/contracts';
import { connect, type NatsConnection } from 'nats';
import { natsRequestDuration, natsRequests, natsRetries } from '@trove/platform-metrics';
import { describeTransport, startMessageApp } from '../transport.contract';
import { NatsPayloadStash, stashBucketName } from '../stash/nats-payload-stash';
import { eventStreamName } from './jetstream-events';
import { NatsTransportClient } from './nats-transport.client';
import { PrefixedNatsServer } from './prefixed-nats.server';

const NATS_URL = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';

const prefixes: string[] = [];

function uniquePrefix(): string {
  const prefix = `test-${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  return prefix;
}

// Events are stored in a stream per prefix: this run's go.
after(async () => {
  const nc = await connect({ servers: NATS_URL });
  const jsm = await nc.jetstreamManager();
  for (const prefix of prefixes) await jsm.streams.delete(eventStreamName(prefix)).catch(() => undefined);
  await nc.close();
});

/** Starts an app answering over NATS; resolves once its subscriptions reached the server. */
async function hostOnNats(
  module: DynamicModule,
  options: { prefix: string; service: string },
): Promise<INestMicroservice> {
  const server = new PrefixedNatsServer({
    url: NATS_URL,
    prefix: options.prefix,
    queue: `${options.service}-service`,
    name: `trove-test-${options.service}`,
  });
  const app = await startMessageApp(module, server, options.service);
  await server.unwrap<NatsConnection>().flush();
  return app;
}

function natsClient(prefix: string, timeoutMs = 2000, url = NATS_URL): NatsTransportClient {
  return new NatsTransportClient({ url, prefix, timeoutMs, name: 'trove-test-client' });
}

describeTransport('NATS', async ({ module, service, timeoutMs }) => {
  const prefix = uniquePrefix();
  const app = await hostOnNats(module, { prefix, service });
  const client = natsClient(prefix, timeoutMs);
  await client.ping(); // connect before the timed tests
  return {
    client,
    teardown: async () => {
      await client.close();
      await app.close();
    },
  };
});

/** One instance of the "probe" service, telling which instance answered. */
interface Instance {
  name: string;
  requests: number[];
  events: number[];
}
const INSTANCE = Symbol('instance');

@Controller()
class WhoController {
  constructor(@Inject(INSTANCE) private readonly instance: Instance) {}

  @MessagePattern('probe.who')
  who(@Payload() data: { n: number }): string {
    this.instance.requests.push(data.n);
    return this.instance.name;
  }

  @EventPattern('probe.noticed')
  noticed(@Payload() data: { n: number }): void {
    this.instance.events.push(data.n);
  }
}

@Module({})
class WhoModule {
  static create(instance: Instance): DynamicModule {
    return {
      module: WhoModule,
      controllers: [WhoController],
      providers: [{ provide: INSTANCE, useValue: instance }],
    };
  }
}

function instance(name: string): Instance {
  return { name, requests: [], events: [] };
}

describe('NATS transport: instances and prefixes', () => {
  const apps: INestMicroservice[] = [];
  const clients: NatsTransportClient[] = [];

  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(apps.map((a) => a.close()));
  });

  it('shares requests between two instances of one service (one queue group), each request once', async () => {
    const prefix = uniquePrefix();
    const a = instance('a');
    const b = instance('b');
    apps.push(await hostOnNats(WhoModule.create(a), { prefix, service: 'probe' }));
    apps.push(await hostOnNats(WhoModule.create(b), { prefix, service: 'probe' }));
    const client = natsClient(prefix);
    clients.push(client);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => client.send<string>('probe.who', { n })),
    );
    const handled = [...a.requests, ...b.requests].sort((x, y) => x - y);
    assert.deepEqual(
      handled,
      Array.from({ length: 20 }, (_, n) => n),
      'a request was lost or handled twice',
    );
    assert.ok(
      a.requests.length > 0 && b.requests.length > 0,
      `a: ${a.requests.length}, b: ${b.requests.length}`,
    );
    assert.equal(answers.filter((x) => x === 'a').length, a.requests.length);
    assert.equal(answers.filter((x) => x === 'b').length, b.requests.length);

    // An event reaches one instance of the service, not both.
    await client.emit('probe.noticed', { n: 99 });
    await sleep(200);
    assert.deepEqual([...a.events, ...b.events], [99]);
  });

  it('keeps two subject prefixes apart', async () => {
    const prefixA = uniquePrefix();
    const prefixB = uniquePrefix();
    const onlyA = instance('only-a');
    apps.push(await hostOnNats(WhoModule.create(onlyA), { prefix: prefixA, service: 'probe' }));
    const clientA = natsClient(prefixA);
    const clientB = natsClient(prefixB);
    clients.push(clientA, clientB);

    await assert.rejects(
      clientB.send('probe.who', { n: 1 }),
      (error: unknown) => error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE',
    );
    await clientB.emit('probe.noticed', { n: 2 });
    await sleep(200);
    assert.deepEqual(onlyA.requests, []);
    assert.deepEqual(onlyA.events, []);

    // The same calls under the app's own prefix do arrive.
    assert.equal(await clientA.send<string>('probe.who', { n: 3 }), 'only-a');
    await clientA.emit('probe.noticed', { n: 4 });
    await sleep(200);
    assert.deepEqual(onlyA.requests, [3]);
    assert.deepEqual(onlyA.events, [4]);
  });
});

@Controller()
class EchoController {
  @MessagePattern('echo.reverse')
  reverse(@Payload() data: { items: string[] }): { items: string[]; count: number } {
    return { items: [...data.items].reverse(), count: data.items.length };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('NATS transport: payloads over the message limit', () => {
  it('carries a 3 MB request and its 3 MB reply as claim checks through the stash', async () => {
    const prefix = uniquePrefix();
    const stash = new NatsPayloadStash({ url: NATS_URL, prefix, name: 'trove-test-stash' });
    const server = new PrefixedNatsServer({
      url: NATS_URL,
      prefix,
      queue: 'echo-service',
      name: 'trove-test-echo',
      stash,
    });
    const app = await startMessageApp(EchoModule, server, 'echo');
    await server.unwrap<NatsConnection>().flush();
    const client = new NatsTransportClient({
      url: NATS_URL,
      prefix,
      timeoutMs: 10_000,
      name: 'trove-test',
      stash,
    });
    const bare = natsClient(prefix, 5000);
    try {
      // Three-byte characters: 1 M of them is 3 MB, three times NATS's default max_payload.
      const items = Array.from({ length: 1000 }, (_, i) => `${i}:${'模'.repeat(1000)}`);
      const reply = await client.send<{ items: string[]; count: number }>('echo.reverse', { items });
      assert.equal(reply.count, 1000);
      assert.deepEqual(reply.items, [...items].reverse());
      // Small messages still go inline, and a client without a stash cannot send a large one.
      assert.deepEqual(await client.send('echo.reverse', { items: ['a', 'b'] }), {
        items: ['b', 'a'],
        count: 2,
      });
      await assert.rejects(bare.send('echo.reverse', { items }), (e: unknown) => e instanceof DomainError);
    } finally {
      await Promise.all([client.close(), bare.close()]);
      await app.close();
      await stash.close();
      const nc = await connect({ servers: NATS_URL });
      await (
        await nc.jetstreamManager()
      ).streams
        .delete(`OBJ_${stashBucketName(prefix)}`)
        .catch(() => undefined);
      await nc.close();
    }
  });
});

describe('NATS transport without a NATS server', () => {
  let deadUrl: string;
  let client: NatsTransportClient;

  before(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    deadUrl = `nats://127.0.0.1:${port}`;
    client = natsClient(uniquePrefix(), 1000, deadUrl);
  });
  after(async () => {
    await client.close();
  });

  /** Fails the test instead of hanging when the client never settles. */
  async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([promise, hang]);
    } finally {
      clearTimeout(timer);
    }
  }

  function isNatsUnavailable(error: unknown): boolean {
    return (
      error instanceof DomainError &&
      error.code === 'SERVICE_UNAVAILABLE' &&
      error.message.includes('NATS') &&
      error.message.includes(deadUrl)
    );
  }

  it('rejects send with SERVICE_UNAVAILABLE naming NATS, without hanging', async () => {
    await assert.rejects(within(5000, client.send('probe.who', { n: 1 })), isNatsUnavailable);
  });

  it('rejects emit and ping the same way', async () => {
    await assert.rejects(within(5000, client.emit('probe.noticed', { n: 1 })), isNatsUnavailable);
    await assert.rejects(within(5000, client.ping()), isNatsUnavailable);
  });
});

/** A slow request handler, to be caught in progress by a stop. */
@Controller()
class SlowController {
  @MessagePattern('probe.slowly')
  async slowly(@Payload() data: { ms: number }): Promise<string> {
    await sleep(data.ms);
    return 'answered';
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

describe('NATS transport: replicas going away', () => {
  /**
   * A raw queue-group member for `pattern` that swallows the first `swallow` requests (a replica
   * killed with them in hand) and answers the rest as a Nest service would.
   */
  async function flakyReplica(prefix: string, pattern: string, swallow: number) {
    const nc = await connect({ servers: NATS_URL });
    const seen: unknown[] = [];
    nc.subscribe(`${prefix}.${pattern}`, {
      queue: 'flaky-service',
      callback: (_error, msg) => {
        const request = JSON.parse(new TextDecoder().decode(msg.data)) as { id: string; data: unknown };
        seen.push(request.data);
        if (seen.length <= swallow) return;
        msg.respond(
          new TextEncoder().encode(
            JSON.stringify({ id: request.id, response: 'second try', isDisposed: true }),
          ),
        );
      },
    });
    await nc.flush();
    return { seen, close: () => nc.close() };
  }

  it('sends a read once more when the replica that took it never answers', async () => {
    const prefix = uniquePrefix();
    const replica = await flakyReplica(prefix, SearchPatterns.hybrid, 1);
    const client = natsClient(prefix, 300);
    try {
      assert.equal(await client.send<string>(SearchPatterns.hybrid, { q: 1 }), 'second try');
      assert.equal(replica.seen.length, 2);
    } finally {
      await client.close();
      await replica.close();
    }
  });

  it('counts every try by pattern and outcome, and the retries, in the metrics', async () => {
    type Metric = { get(): Promise<{ values: { value: number; labels: object; metricName?: string }[] }> };
    const value = async (metric: Metric, labels: Record<string, string>, metricName?: string) =>
      (await metric.get()).values
        .filter((v) => metricName === undefined || v.metricName === metricName)
        .filter((v) =>
          Object.entries(labels).every(([k, x]) => (v.labels as Record<string, unknown>)[k] === x),
        )
        .reduce((sum, v) => sum + v.value, 0);
    const snapshot = async () => ({
      hybridOk: await value(natsRequests, { pattern: SearchPatterns.hybrid, outcome: 'ok' }),
      hybridTimeout: await value(natsRequests, { pattern: SearchPatterns.hybrid, outcome: 'timeout' }),
      hybridRetries: await value(natsRetries, { pattern: SearchPatterns.hybrid }),
      hybridTries: await value(
        natsRequestDuration as unknown as Metric,
        { pattern: SearchPatterns.hybrid },
        'trove_nats_request_duration_seconds_count',
      ),
      fullTextNoResponders: await value(natsRequests, {
        pattern: SearchPatterns.fullText,
        outcome: 'no_responders',
      }),
      fullTextRetries: await value(natsRetries, { pattern: SearchPatterns.fullText }),
    });
    const prefix = uniquePrefix();
    const replica = await flakyReplica(prefix, SearchPatterns.hybrid, 1);
    const client = natsClient(prefix, 300);
    try {
      const before = await snapshot();
      assert.equal(await client.send<string>(SearchPatterns.hybrid, { q: 1 }), 'second try');
      // Nobody serves this one under this prefix: two tries, both without a responder.
      await assert.rejects(client.send(SearchPatterns.fullText, { q: 1 }));
      const after = await snapshot();
      assert.deepEqual(after, {
        hybridOk: before.hybridOk + 1,
        hybridTimeout: before.hybridTimeout + 1,
        hybridRetries: before.hybridRetries + 1,
        hybridTries: before.hybridTries + 2,
        fullTextNoResponders: before.fullTextNoResponders + 2,
        fullTextRetries: before.fullTextRetries + 1,
      });
    } finally {
      await client.close();
      await replica.close();
    }
  });

  it('gives up on a read after one more try, and never sends a write twice', async () => {
    const prefix = uniquePrefix();
    const read = await flakyReplica(prefix, SearchPatterns.fullText, 2);
    const write = await flakyReplica(prefix, SearchPatterns.indexChunks, 1);
    const client = natsClient(prefix, 300);
    const unavailable = (error: unknown) =>
      error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE';
    try {
      await assert.rejects(client.send(SearchPatterns.fullText, { q: 1 }), unavailable);
      assert.equal(read.seen.length, 2);
      await assert.rejects(client.send(SearchPatterns.indexChunks, { q: 1 }), unavailable);
      await sleep(100);
      assert.equal(write.seen.length, 1, 'a write was sent again');
    } finally {
      await client.close();
      await read.close();
      await write.close();
    }
  });

  it('sends a memory add once more only when it names its memory_id', async () => {
    const prefix = uniquePrefix();
    const adds = await flakyReplica(prefix, MemoryPatterns.add, 1);
    const client = natsClient(prefix, 300);
    try {
      assert.equal(await client.send<string>(MemoryPatterns.add, { memory_id: 'm-1' }), 'second try');
      assert.deepEqual(adds.seen, [{ memory_id: 'm-1' }, { memory_id: 'm-1' }]);
      adds.seen.length = 0;
      // Without an id the service would name a new memory each time: one try only.
      await assert.rejects(client.send(MemoryPatterns.add, { raw_text: 'x' }), (error: unknown) => {
        return error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE';
      });
      await sleep(100);
      assert.equal(adds.seen.length, 1, 'an add without an id was sent again');
    } finally {
      await client.close();
      await adds.close();
    }
  });

  it('answers what a stopping instance took, while the other instance takes what comes next', async () => {
    const prefix = uniquePrefix();
    const stopping = await hostOnNats(SlowModule as unknown as DynamicModule, { prefix, service: 'probe' });
    const client = natsClient(prefix, 5000);
    await client.ping();
    try {
      const inProgress = client.send<string>('probe.slowly', { ms: 800 });
      await sleep(200);
      const closed = stopping.close();
      // The other instance starts while the first drains, as in a rolling restart.
      const next = await hostOnNats(SlowModule as unknown as DynamicModule, { prefix, service: 'probe' });
      try {
        assert.equal(await client.send<string>('probe.slowly', { ms: 10 }), 'answered');
        assert.equal(await inProgress, 'answered');
        await closed;
      } finally {
        await next.close();
      }
    } finally {
      await client.close();
    }
  });
});
