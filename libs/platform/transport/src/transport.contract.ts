import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Controller, DynamicModule, Inject, INestMicroservice, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CustomTransportStrategy, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError } from '@trove/contracts';
import { createLogger, RequestContext, RequestContextData } from '@trove/platform-logging';
import { RpcContextInterceptor } from './rpc-context.interceptor';
import { RpcErrorFilter } from './rpc-error.filter';
import { TransportClient } from './transport-client';

/** The client's default reply timeout in the contract; every factory must honour it. */
export const CONTRACT_TIMEOUT_MS = 500;
/** The service the probe patterns belong to (first segment of each pattern). */
export const PROBE_SERVICE = 'probe';

const Probe = {
  echo: 'probe.echo',
  domainError: 'probe.fail.domain',
  crash: 'probe.fail.crash',
  slow: 'probe.slow',
  whoAmI: 'probe.context.current',
  missing: 'probe.nobody.home',
  happened: 'probe.thing.happened',
} as const;

/** What a factory must build: a client connected to a running app that hosts `module`. */
export interface TransportHostOptions {
  module: DynamicModule;
  /** Service name for the app's RPC error filter ("the probe service failed …"). */
  service: string;
  /** Default reply timeout of the client. */
  timeoutMs: number;
}

export interface HostedTransport {
  client: TransportClient;
  /** Closes the client and the app. */
  teardown(): Promise<void>;
}

export type TransportHostFactory = (options: TransportHostOptions) => Promise<HostedTransport>;

/**
 * Starts a Nest message app on `strategy` with the transport library's own RPC error filter and
 * context interceptor, the pair createApp installs globally (this library cannot import
 * platform-runtime: runtime depends on transport, and the import would close a cycle).
 */
export async function startMessageApp(
  module: DynamicModule | Type<unknown>,
  strategy: CustomTransportStrategy,
  service: string,
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, { strategy, logger: false });
  app.useGlobalFilters(
    new RpcErrorFilter(createLogger({ name: 'transport-test', level: 'silent' }), service),
  );
  app.useGlobalInterceptors(new RpcContextInterceptor());
  await app.listen();
  return app;
}

interface HandledEvent {
  handler: string;
  payload: unknown;
  requestId: string | undefined;
}

/** What the probe handlers saw, read by the tests. */
class ProbeState {
  readonly events: HandledEvent[] = [];
  /** Slow handlers still running; a test waits for them so no reply outlives the app. */
  readonly running = new Set<Promise<void>>();
}

class Sample {
  constructor(readonly name: string) {}
  get shout(): string {
    return this.name.toUpperCase();
  }
}

@Controller()
class ProbeController {
  constructor(@Inject(ProbeState) private readonly state: ProbeState) {}

  @MessagePattern(Probe.echo)
  echo(@Payload() data: unknown): unknown {
    const record = (data ?? {}) as Record<string, unknown>;
    return {
      seen: data,
      shape: {
        atType: typeof record['at'],
        samplePrototypeIsObject:
          typeof record['sample'] === 'object' &&
          Object.getPrototypeOf(record['sample']) === Object.prototype,
        hasGone: 'gone' in record,
      },
      repliedAt: new Date('2025-01-02T03:04:05.000Z'),
      replyGone: undefined,
    };
  }

  @MessagePattern(Probe.domainError)
  domainError(): never {
    throw new DomainError('TENANT_NOT_FOUND', 'Tenant t-1 does not exist', {
      tenantId: 't-1',
      errors: [{ field: 'tenant_id', message: 'unknown tenant' }],
    });
  }

  @MessagePattern(Probe.crash)
  async crash(): Promise<never> {
    await sleep(1);
    throw new Error('connection to db-01 failed: password=hunter2');
  }

  @MessagePattern(Probe.slow)
  async slow(@Payload() data: { ms: number }): Promise<string> {
    const done = sleep(data.ms);
    this.state.running.add(done);
    await done;
    this.state.running.delete(done);
    return 'late';
  }

  @MessagePattern(Probe.whoAmI)
  whoAmI(): RequestContextData | null {
    return RequestContext.current() ?? null;
  }

  @EventPattern(Probe.happened)
  audit(@Payload() data: unknown): void {
    this.state.events.push({
      handler: 'audit',
      payload: data,
      requestId: RequestContext.current()?.requestId,
    });
  }
}

/** A second listener of the same event in another controller: every handler must get it. */
@Controller()
class ProbeCounterController {
  constructor(@Inject(ProbeState) private readonly state: ProbeState) {}

  @EventPattern(Probe.happened)
  count(@Payload() data: unknown): void {
    this.state.events.push({
      handler: 'counter',
      payload: data,
      requestId: RequestContext.current()?.requestId,
    });
  }
}

@Module({})
class ProbeModule {
  static create(state: ProbeState): DynamicModule {
    return {
      module: ProbeModule,
      controllers: [ProbeController, ProbeCounterController],
      providers: [{ provide: ProbeState, useValue: state }],
    };
  }
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error: unknown) {
    assert.ok(error instanceof DomainError, `expected a DomainError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to reject');
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return;
    await sleep(10);
  }
}

/**
 * The behaviour every TransportClient adapter shows with its server, so a service behaves the same
 * in standalone (in-process) and distributed (NATS) mode. Run by in-process-transport.spec.ts and
 * nats-transport.int-spec.ts.
 */
export function describeTransport(name: string, host: TransportHostFactory): void {
  describe(`Transport contract: ${name}`, () => {
    const state = new ProbeState();
    let client: TransportClient;
    let teardown: () => Promise<void>;

    before(async () => {
      ({ client, teardown } = await host({
        module: ProbeModule.create(state),
        service: PROBE_SERVICE,
        timeoutMs: CONTRACT_TIMEOUT_MS,
      }));
    });
    after(async () => {
      await Promise.all(state.running);
      await teardown();
    });

    it('answers ping', async () => {
      await client.ping();
    });

    it('serialises request and reply: dates become strings, instances plain objects, undefined vanishes', async () => {
      const reply = await client.send<Record<string, unknown>>(Probe.echo, {
        at: new Date('2024-05-06T07:08:09.000Z'),
        sample: new Sample('ada'),
        gone: undefined,
        nested: { keep: 1, drop: undefined },
        list: [1, 'two', null],
      });
      assert.deepEqual(reply, {
        seen: {
          at: '2024-05-06T07:08:09.000Z',
          sample: { name: 'ada' },
          nested: { keep: 1 },
          list: [1, 'two', null],
        },
        shape: { atType: 'string', samplePrototypeIsObject: true, hasGone: false },
        repliedAt: '2025-01-02T03:04:05.000Z',
      });
      assert.equal('replyGone' in reply, false);
    });

    it('delivers an undefined payload as null', async () => {
      const reply = await client.send<{ seen: unknown }>(Probe.echo, undefined);
      assert.equal(reply.seen, null);
    });

    it("returns a handler's DomainError with its code, message and details", async () => {
      const error = await rejection(client.send(Probe.domainError, {}));
      assert.equal(error.code, 'TENANT_NOT_FOUND');
      assert.equal(error.message, 'Tenant t-1 does not exist');
      assert.deepEqual(error.details, {
        tenantId: 't-1',
        errors: [{ field: 'tenant_id', message: 'unknown tenant' }],
      });
    });

    it('turns an unknown error into INTERNAL_ERROR without leaking its message', async () => {
      const error = await rejection(client.send(Probe.crash, {}));
      assert.equal(error.code, 'INTERNAL_ERROR');
      assert.match(error.message, /probe service/);
      assert.doesNotMatch(error.message, /hunter2|db-01|password/);
      assert.equal(JSON.stringify(error.details ?? {}).includes('hunter2'), false);
    });

    it('reports a handler slower than the default timeout as SERVICE_UNAVAILABLE naming the service', async () => {
      const started = Date.now();
      const error = await rejection(client.send(Probe.slow, { ms: CONTRACT_TIMEOUT_MS + 400 }));
      const elapsed = Date.now() - started;
      assert.equal(error.code, 'SERVICE_UNAVAILABLE');
      assert.match(error.message, /\bprobe service\b/);
      assert.match(error.message, new RegExp(`${CONTRACT_TIMEOUT_MS} ms`));
      // timed_out tells a caller that gave it a time budget the budget ran out (not "not running").
      assert.deepEqual(error.details, { service: 'probe', timed_out: true });
      assert.ok(elapsed >= CONTRACT_TIMEOUT_MS - 20, `rejected after ${elapsed} ms, before the timeout`);
      assert.ok(elapsed < CONTRACT_TIMEOUT_MS + 300, `rejected after ${elapsed} ms, long after the timeout`);
      await Promise.all(state.running);
    });

    it('lets one call override the default timeout', async () => {
      const started = Date.now();
      const error = await rejection(client.send(Probe.slow, { ms: 300 }, { timeoutMs: 60 }));
      assert.equal(error.code, 'SERVICE_UNAVAILABLE');
      assert.match(error.message, /within 60 ms/);
      assert.ok(Date.now() - started < 250, 'the per-call timeout was not applied');
      await Promise.all(state.running);
    });

    it('reports a pattern nobody handles as SERVICE_UNAVAILABLE at once, not after the timeout', async () => {
      const started = Date.now();
      const error = await rejection(client.send(Probe.missing, {}));
      const elapsed = Date.now() - started;
      assert.equal(error.code, 'SERVICE_UNAVAILABLE');
      assert.match(error.message, /\bprobe service\b/);
      assert.ok(elapsed < CONTRACT_TIMEOUT_MS / 2, `took ${elapsed} ms: it waited for the timeout`);
    });

    it("runs the handler in the caller's request context", async () => {
      const context = await RequestContext.run({ requestId: 'req-contract-1', tenantId: 'tenant-9' }, () =>
        client.send<RequestContextData | null>(Probe.whoAmI, {}),
      );
      assert.deepEqual(context, { requestId: 'req-contract-1', tenantId: 'tenant-9' });
    });

    it('gives a call made outside any request a fresh request id and no tenant', async () => {
      const first = await client.send<RequestContextData | null>(Probe.whoAmI, {});
      const second = await client.send<RequestContextData | null>(Probe.whoAmI, {});
      assert.ok(first && second, 'the handler ran without a request context');
      assert.match(first.requestId, /^\S{8,}$/);
      assert.notEqual(first.requestId, second.requestId);
      assert.equal(first.tenantId, undefined);
    });

    it('delivers an event, serialised and with the request id, to every handler of its pattern', async () => {
      state.events.length = 0;
      await RequestContext.run({ requestId: 'req-event-1' }, () =>
        client.emit(Probe.happened, { at: new Date('2024-01-01T00:00:00.000Z'), n: 1, gone: undefined }),
      );
      await until(() => state.events.length >= 2, 2000);
      await sleep(50); // a duplicate delivery would show up here
      const byHandler = [...state.events].sort((a, b) => a.handler.localeCompare(b.handler));
      const expected = { payload: { at: '2024-01-01T00:00:00.000Z', n: 1 }, requestId: 'req-event-1' };
      assert.deepEqual(byHandler, [
        { handler: 'audit', ...expected },
        { handler: 'counter', ...expected },
      ]);
    });
  });
}
