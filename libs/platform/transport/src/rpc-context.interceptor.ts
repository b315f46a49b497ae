import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { Headers } from '@trove/contracts';
import { RequestContext } from '@trove/platform-logging';
import { endHandlerSpan, injectTraceContext, runInContext, startHandlerSpan } from '@trove/platform-tracing';
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

/** The pattern a handler answers (its @MessagePattern / @EventPattern), for its span's name. */
function patternOf(context: ExecutionContext): string {
  const patterns: unknown = Reflect.getMetadata(PATTERN_METADATA, context.getHandler());
  const first: unknown = Array.isArray(patterns) ? patterns[0] : patterns;
  return typeof first === 'string' ? first : context.getHandler().name;
}

/**
 * Runs each message handler inside the request context of the caller: the request id from the
 * message headers (a fresh one when absent), so service logs line up with gateway logs; and,
 * when tracing is on, inside a span whose parent is the sender's (W3C `traceparent` header).
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // HTTP handlers (this interceptor is global in apps that serve both) already run in their
    // request's context and span (create-app.ts): a fresh id here would replace x-request-id.
    if (context.getType() !== 'rpc') return next.handle();
    const rpcContext = context.switchToRpc().getContext<unknown>();
    const requestId = headerOf(rpcContext, Headers.requestId) ?? RequestContext.newRequestId();
    const tenantId = headerOf(rpcContext, Headers.tenantId);
    const traced = startHandlerSpan(patternOf(context), (name) => headerOf(rpcContext, name));
    return new Observable((subscriber) =>
      RequestContext.run({ requestId, tenantId }, () =>
        runInContext(traced.context, () =>
          next.handle().subscribe({
            next: (value) => subscriber.next(value),
            error: (error: unknown) => {
              endHandlerSpan(traced.span, error);
              subscriber.error(error);
            },
            complete: () => {
              endHandlerSpan(traced.span);
              subscriber.complete();
            },
          }),
        ),
      ),
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
  injectTraceContext(headers);
  return headers;
}
