import { LoggerService } from '@nestjs/common';
import { Logger } from 'pino';

/** Routes Nest's own log calls (bootstrap, route mapping, uncaught errors) into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    if (message instanceof Error) {
      this.logger.error({ context: stackOrContext, err: message }, message.message);
      return;
    }
    this.logger.error(
      { context: context ?? stackOrContext, stack: context ? stackOrContext : undefined },
      String(message),
    );
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
