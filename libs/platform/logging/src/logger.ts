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

/** The stdout destinations createLogger opened (written asynchronously, in order). */
const openDestinations = new Set<ReturnType<typeof pino.destination>>();

/**
 * Prints plain text on stdout after every log line written so far: through the log destination's
 * own queue when there is one (a direct process.stdout.write would overtake lines still queued
 * there), so a start-up banner is not buried under start-up logs. Not a log record: nothing
 * reaches a log pipeline as structured data.
 */
export function printAfterLogs(text: string): void {
  const [destination] = openDestinations;
  if (destination) destination.write(text);
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
  const destination = pino.destination({ fd: 1, sync: false });
  openDestinations.add(destination);
  return destination;
}
