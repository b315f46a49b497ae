import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError, ItemStatusChangedEvent } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { MAX_STREAMS_PER_TENANT, StatusEventHub } from './status-hub';

/** A transport whose listen() hands the test the handler, so it can play the event source. */
function fakeTransport(): {
  transport: TransportClient;
  publish: (event: ItemStatusChangedEvent) => void;
  stopped: () => boolean;
} {
  let handler: ((payload: unknown) => void) | undefined;
  let stopped = false;
  const transport = {
    listen: (_pattern: string, h: (payload: unknown) => void) => {
      handler = h;
      return Promise.resolve(() => {
        stopped = true;
      });
    },
  } as unknown as TransportClient;
  return { transport, publish: (event) => handler?.(event), stopped: () => stopped };
}

const event = (
  tenant: string,
  sub: string,
  file: string,
  status: ItemStatusChangedEvent['status'] = 'processing',
) => ({
  tenant_id: tenant,
  sub_tenant_id: sub,
  file_id: file,
  status,
  at: new Date().toISOString(),
});

describe('StatusEventHub', () => {
  it("sends each event to its own tenant's streams only, filtered by sub-tenant and item", async () => {
    const { transport, publish } = fakeTransport();
    const hub = new StatusEventHub(transport);
    await hub.ready();
    const got: Record<string, string[]> = { acme: [], acmeSub: [], acmeFile: [], other: [] };
    const add = (name: string, listener: { tenant_id: string; sub_tenant_id?: string; file_id?: string }) =>
      hub.add({
        ...listener,
        send: (e) => got[name]!.push(`${e.tenant_id}/${e.sub_tenant_id}/${e.file_id}`),
        close: () => undefined,
      });
    add('acme', { tenant_id: 'acme' });
    add('acmeSub', { tenant_id: 'acme', sub_tenant_id: 'team' });
    add('acmeFile', { tenant_id: 'acme', sub_tenant_id: 'acme', file_id: 'a' });
    const removeOther = add('other', { tenant_id: 'other' });
    publish(event('acme', 'acme', 'a'));
    publish(event('acme', 'team', 'b'));
    publish(event('other', 'other', 'a'));
    assert.deepEqual(got, {
      acme: ['acme/acme/a', 'acme/team/b'],
      acmeSub: ['acme/team/b'],
      acmeFile: ['acme/acme/a'],
      other: ['other/other/a'],
    });
    removeOther();
    publish(event('other', 'other', 'c'));
    assert.deepEqual(got['other'], ['other/other/a']);
    assert.equal(hub.count('other'), 0);
  });

  it('refuses a stream beyond the per-tenant limit with RATE_LIMITED, and closes all at shutdown', async () => {
    const { transport, stopped } = fakeTransport();
    const hub = new StatusEventHub(transport);
    await hub.ready();
    let closed = 0;
    for (let i = 0; i < MAX_STREAMS_PER_TENANT; i++)
      hub.add({ tenant_id: 'acme', send: () => undefined, close: () => closed++ });
    assert.throws(
      () => hub.add({ tenant_id: 'acme', send: () => undefined, close: () => undefined }),
      (error: unknown) => error instanceof DomainError && error.code === 'RATE_LIMITED',
    );
    hub.add({ tenant_id: 'other', send: () => undefined, close: () => closed++ });
    await hub.onApplicationShutdown();
    assert.equal(closed, MAX_STREAMS_PER_TENANT + 1);
    assert.equal(stopped(), true);
  });

  it('answers SERVICE_UNAVAILABLE when the transport cannot listen, and tries again next time', async () => {
    let calls = 0;
    const transport = {
      listen: () =>
        ++calls === 1 ? Promise.reject(new Error('NATS is down')) : Promise.resolve(() => undefined),
    } as unknown as TransportClient;
    const hub = new StatusEventHub(transport);
    await assert.rejects(
      hub.ready(),
      (error: unknown) => error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE',
    );
    await hub.ready();
    assert.equal(calls, 2);
  });
});
