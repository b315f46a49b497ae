import pino, { Logger, LevelWithSilent } from 'pino';
import { RequestContext } from './request-context';

export type { Logger };

export interface LoggerOptions {
  /** The app or module the lines come from. */
  name: string;
  level?: LevelWithSilent | string;
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: pino.DestinationStream;
}

/** stdout, written asynchronously and in order; one queue shared by every logger of the process. */
let sharedStdout: ReturnType<typeof pino.destination> | undefined;

/**
 * Prints plain text on stdout after every log line written so far: through the log destination's
 * own queue when there is one (a direct process.stdout.write would overtake lines still queued
 * there), so a start-up banner is not buried under start-up logs. Not a log record: nothing
 * reaches a log pipeline as structured data.
 */
export function printAfterLogs(text: string): void {
  if (sharedStdout) sharedStdout.write(text);
  else process.stdout.write(text);
}

/**
 * Structured JSON logs. Every line carries request_id and tenant_id when one is in scope, and
 * secrets are redacted wherever they may appear: keys must never reach a log.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      name: options.name,
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'authorization',
          'headers.authorization',
          'req.headers.authorization',
          'apiKey',
          '*.apiKey',
          'full_api_key',
          '*.full_api_key',
          'password',
          '*.password',
        ],
        censor: '[redacted]',
      },
      mixin() {
        const context = RequestContext.current();
        if (!context) return {};
        return context.tenantId
          ? { request_id: context.requestId, tenant_id: context.tenantId }
          : { request_id: context.requestId };
      },
    },
    options.destination ?? stdoutDestination(),
  );
}

function stdoutDestination(): ReturnType<typeof pino.destination> {
  sharedStdout ??= pino.destination({ fd: 1, sync: false });
  return sharedStdout;
}
