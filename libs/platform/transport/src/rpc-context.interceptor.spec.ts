import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Headers } from '@trove/contracts';
import { RequestContext } from '@trove/platform-logging';
import { firstValueFrom, Observable } from 'rxjs';
import { InProcessContext } from './in-process/in-process.context';
import { outgoingHeaders, RpcContextInterceptor } from './rpc-context.interceptor';

/** An ExecutionContext of the given type whose RPC context is `rpc`. */
function executionContext(type: 'http' | 'rpc', rpc: unknown): ExecutionContext {
  // A handler with no @MessagePattern: its span is named after it.
  const handler = function handler(): undefined {
    return undefined;
  };
  return {
    getType: () => type,
    getHandler: () => handler,
    switchToRpc: () => ({ getContext: () => rpc, getData: () => undefined }),
  } as unknown as ExecutionContext;
}

/** A handler that reports the headers it would send onwards. */
const echoHeaders: CallHandler = {
  handle: () =>
    new Observable((subscriber) => {
      subscriber.next(outgoingHeaders());
      subscriber.complete();
    }),
};

describe('RpcContextInterceptor', () => {
  const interceptor = new RpcContextInterceptor();

  it('runs a message handler in the sender’s request: its messages carry the same id and tenant', async () => {
    const rpc = new InProcessContext([
      'memory.item.add',
      { [Headers.requestId]: 'req-42', [Headers.tenantId]: 'acme' },
    ]);
    const sent = (await firstValueFrom(
      interceptor.intercept(executionContext('rpc', rpc), echoHeaders),
    )) as Record<string, string>;
    assert.equal(sent[Headers.requestId], 'req-42');
    assert.equal(sent[Headers.tenantId], 'acme');
  });

  it('leaves an HTTP handler in its own request: the id it sends on is x-request-id, not a new one', async () => {
    const sent = await RequestContext.run({ requestId: 'http-7' }, () =>
      firstValueFrom(interceptor.intercept(executionContext('http', {}), echoHeaders)),
    );
    assert.equal((sent as Record<string, string>)[Headers.requestId], 'http-7');
  });
});
