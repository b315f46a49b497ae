import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Module } from '@nestjs/common';
import { DomainError } from '@trove/contracts';
import { describeTransport, startMessageApp } from '../transport.contract';
import { InProcessTransportClient } from './in-process-transport.client';
import { InProcessServer } from './in-process.server';

describeTransport('in-process', async ({ module, service, timeoutMs }) => {
  const server = new InProcessServer();
  const app = await startMessageApp(module, server, service);
  const client = new InProcessTransportClient(server, timeoutMs);
  return {
    client,
    teardown: async () => {
      await client.close();
      await app.close();
    },
  };
});

describe('InProcessTransportClient without a listening server', () => {
  @Module({})
  class EmptyModule {}

  it('rejects ping and send with SERVICE_UNAVAILABLE once the server has closed', async () => {
    const server = new InProcessServer();
    const app = await startMessageApp(EmptyModule, server, 'probe');
    const client = new InProcessTransportClient(server, 500);
    await client.ping();
    await app.close();

    await assert.rejects(
      client.ping(),
      (error: unknown) => error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE',
    );
    await assert.rejects(
      client.send('probe.echo', {}),
      (error: unknown) =>
        error instanceof DomainError &&
        error.code === 'SERVICE_UNAVAILABLE' &&
        /probe service/.test(error.message),
    );
  });
});
