import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { Controller, DynamicModule, Inject, INestMicroservice, Module } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { connect } from 'nats';
import { startMessageApp } from '../transport.contract';
import { EventDeliveryOptions } from './jetstream-event-consumer';
import { eventStreamName } from './jetstream-events';
import { NatsTransportClient } from './nats-transport.client';
import { PrefixedNatsServer } from './prefixed-nats.server';

const NATS_URL = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
const ERASED = 'probe.sub-tenant.erased';
const prefixes: string[] = [];
const apps = new Set<INestMicroservice>();
const clients: NatsTransportClient[] = [];

function uniquePrefix(): string {
  const prefix = `test-ev-${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  return prefix;
}

/** What one replica of a service saw; `failures` makes its next handler calls throw. */
interface Replica {
  seen: { n: number; at: number }[];
  failures: number;
  /** How long each handler call takes. */
  workMs: number;
}
const REPLICA = Symbol('replica');

@Controller()
class ErasingController {
  constructor(@Inject(REPLICA) private readonly replica: Replica) {}

  @EventPattern(ERASED)
  async erased(@Payload() event: { n: number }): Promise<void> {
    this.replica.seen.push({ n: event.n, at: Date.now() });
    if (this.replica.workMs > 0) await sleep(this.replica.workMs);
    if (this.replica.failures > 0) {
      this.replica.failures -= 1;
      throw new Error('the store is down');
    }
  }
}

@Module({})
class ErasingModule {
  static create(replica: Replica): DynamicModule {
    return {
      module: ErasingModule,
      controllers: [ErasingController],
      providers: [{ provide: REPLICA, useValue: replica }],
    };
  }
}

function replica(options: Partial<Replica> = {}): Replica {
  return { seen: [], failures: 0, workMs: 0, ...options };
}

async function startService(
  prefix: string,
  service: string,
  state: Replica,
  events: EventDeliveryOptions = {},
): Promise<INestMicroservice> {
  const server = new PrefixedNatsServer({
    url: NATS_URL,
    prefix,
    queue: `${service}-service`,
    name: `trove-test-${service}`,
    events: { retryBaseMs: 100, ...events },
  });
  const app = await startMessageApp(ErasingModule.create(state), server, service);
  apps.add(app);
  return app;
}

async function stopService(app: INestMicroservice): Promise<void> {
  apps.delete(app);
  await app.close();
}

function publisher(prefix: string): NatsTransportClient {
  const client = new NatsTransportClient({ url: NATS_URL, prefix, timeoutMs: 2000, name: 'trove-test-pub' });
  clients.push(client);
  return client;
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

after(async () => {
  await Promise.all([...apps].map((app) => app.close()));
  await Promise.all(clients.map((client) => client.close()));
  const nc = await connect({ servers: NATS_URL });
  const jsm = await nc.jetstreamManager();
  for (const prefix of prefixes) await jsm.streams.delete(eventStreamName(prefix)).catch(() => undefined);
  await nc.close();
});

describe('durable events over JetStream', { timeout: 60_000 }, () => {
  it('delivers an event published while no subscriber ran once the service starts', async () => {
    const prefix = uniquePrefix();
    await publisher(prefix).emit(ERASED, { n: 1 });
    const memory = replica();
    await startService(prefix, 'memory', memory);
    await until(() => memory.seen.length > 0, 10_000, 'the event');
    await sleep(1500);
    assert.deepEqual(
      memory.seen.map((s) => s.n),
      [1],
    );
  });

  it('gives each service the event once, its replicas sharing it', async () => {
    const prefix = uniquePrefix();
    const searchA = replica();
    const searchB = replica();
    const ingestion = replica();
    await startService(prefix, 'search', searchA);
    await startService(prefix, 'search', searchB);
    await startService(prefix, 'ingestion', ingestion);
    const client = publisher(prefix);
    for (let n = 0; n < 10; n += 1) await client.emit(ERASED, { n });

    const all = Array.from({ length: 10 }, (_, n) => n);
    const byN = (r: Replica[]) => r.flatMap((x) => x.seen.map((s) => s.n)).sort((a, b) => a - b);
    await until(() => byN([searchA, searchB]).length >= 10 && ingestion.seen.length >= 10, 10_000, 'events');
    await sleep(1500);
    assert.deepEqual(byN([searchA, searchB]), all, 'search lost an event or handled one twice');
    assert.deepEqual(byN([ingestion]), all, 'ingestion lost an event or handled one twice');
  });

  it('delivers again, after a growing delay, an event whose handler threw; not after success', async () => {
    const prefix = uniquePrefix();
    const memory = replica({ failures: 2 });
    const app = await startService(prefix, 'memory', memory, { ackWaitMs: 1000 });
    await publisher(prefix).emit(ERASED, { n: 7 });
    await until(() => memory.seen.length >= 3, 10_000, 'three attempts');
    const [first, second, third] = memory.seen.map((s) => s.at) as [number, number, number];
    assert.ok(second - first >= 90, `retried after ${second - first} ms, not after the 100 ms backoff`);
    assert.ok(third - second >= 190, `retried after ${third - second} ms, not after 200 ms`);

    // Succeeded on the third attempt: nothing comes back, not after ack_wait, not after a restart.
    await sleep(2500);
    assert.equal(memory.seen.length, 3);
    await stopService(app);
    await startService(prefix, 'memory', memory, { ackWaitMs: 1000 });
    await sleep(2000);
    assert.equal(memory.seen.length, 3, 'an acknowledged event was delivered again');
  });

  it('keeps the claim of a handler that outlasts ack_wait, so no replica gets the event twice', async () => {
    const prefix = uniquePrefix();
    const a = replica({ workMs: 2500 });
    const b = replica({ workMs: 2500 });
    await startService(prefix, 'memory', a, { ackWaitMs: 1000 });
    await startService(prefix, 'memory', b, { ackWaitMs: 1000 });
    await publisher(prefix).emit(ERASED, { n: 3 });
    await until(() => a.seen.length + b.seen.length > 0, 10_000, 'the event');
    await sleep(4000);
    assert.equal(a.seen.length + b.seen.length, 1);
  });

  it('keeps deployments (subject prefixes) apart', async () => {
    const mine = replica();
    await startService(uniquePrefix(), 'memory', mine);
    await publisher(uniquePrefix()).emit(ERASED, { n: 9 });
    await sleep(1500);
    assert.deepEqual(mine.seen, []);
  });
});
