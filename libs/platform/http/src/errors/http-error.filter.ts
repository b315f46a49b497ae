import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { DomainError } from '@trove/contracts';
import type { Logger } from '@trove/platform-logging';
import type { FastifyReply } from 'fastify';
import { errorBody, toHttpError } from './error-body';
import { codeOfStatus } from './error-status';

function fromHttpException(exception: HttpException) {
  const status = exception.getStatus();
  const messages: Record<number, string> = {
    401: 'Missing or invalid API key',
    404: 'No such route',
  };
  const message = messages[status] ?? exception.message;
  return { status, body: errorBody(codeOfStatus(status), message) };
}

/** The last stop of every HTTP error: the spec's body, the right status, and a log line for 5xx. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } =
      exception instanceof HttpException && !(exception instanceof DomainError)
        ? fromHttpException(exception)
        : toHttpError(exception);
    if (status >= 500) this.logger.error({ err: exception, status }, body.detail.message);
    if (status === 401) void reply.header('www-authenticate', 'Bearer');
    void reply.code(status).send(body);
  }
}
