import { ArgumentsHost, Catch, RpcExceptionFilter } from '@nestjs/common';
import { DomainError, SerializedDomainError } from '@trove/contracts';
import type { Logger } from '@trove/platform-logging';
import { Observable, throwError } from 'rxjs';

/**
 * Every error a message handler throws leaves the service as a SerializedDomainError. Nest's own
 * RPC filter would turn an unknown error into a bare "Internal server error"; this one keeps the
 * code of a DomainError and logs anything else before answering INTERNAL_ERROR.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(
    private readonly logger: Logger,
    private readonly service: string,
  ) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<SerializedDomainError> {
    if (exception instanceof DomainError) {
      if (exception.code === 'INTERNAL_ERROR' || exception.code === 'SERVICE_UNAVAILABLE') {
        this.logger.error({ err: exception, code: exception.code }, exception.message);
      }
      return throwError(() => exception.toJSON());
    }
    this.logger.error({ err: exception }, 'Unhandled error in message handler');
    return throwError((): SerializedDomainError => ({
      code: 'INTERNAL_ERROR',
      message: `The ${this.service} service failed to handle the request`,
    }));
  }
}
