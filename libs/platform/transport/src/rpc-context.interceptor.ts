import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { Headers } from '@trove/contracts';
import { RequestContext } from '@trove/platform-logging';
import { Observable } from 'rxjs';
import { InProcessContext } from './in-process/in-process.context';

function headerOf(context: unknown, name: string): string | undefined {
  if (context instanceof InProcessContext) return context.getHeaders()[name];
  if (context instanceof NatsContext) {
    const headers = context.getHeaders() as { get(key: string): string } | undefined;
    const value = headers?.get(name);
    return value === '' ? undefined : value;
  }
  return undefined;
}

/**
 * Runs each message handler inside the request context of the caller: the request id from the
 * message headers (a fresh one when absent), so service logs line up with gateway logs.
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpcContext = context.switchToRpc().getContext<unknown>();
    const requestId = headerOf(rpcContext, Headers.requestId) ?? RequestContext.newRequestId();
    const tenantId = headerOf(rpcContext, Headers.tenantId);
    return new Observable((subscriber) =>
      RequestContext.run({ requestId, tenantId }, () => next.handle().subscribe(subscriber)),
    );
  }
}

/** The headers to send with an outgoing message, from the request context in scope. */
export function outgoingHeaders(): Record<string, string> {
  const context = RequestContext.current();
  const headers: Record<string, string> = {
    [Headers.requestId]: context?.requestId ?? RequestContext.newRequestId(),
  };
  if (context?.tenantId) headers[Headers.tenantId] = context.tenantId;
  return headers;
}
