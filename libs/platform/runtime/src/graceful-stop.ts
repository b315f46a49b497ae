import type { INestApplication } from '@nestjs/common';
import type { Logger } from '@trove/platform-logging';
import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** What /readyz answers while the instance stops (the spec's error shape, docs/api.md). */
const STOPPING = {
  detail: {
    success: false,
    message: 'Not ready: this instance is stopping',
    error_code: 'SERVICE_UNAVAILABLE',
  },
};

/**
 * A graceful stop on SIGTERM or SIGINT (docs/api.md, Replicas and retries), in place of Nest's
 * own shutdown hooks:
 * 1. The instance says it is stopping and keeps serving for `delayMs` (SHUTDOWN_DELAY_MS), the
 *    time a load balancer takes to notice: /readyz answers 503, and every response carries
 *    `Connection: close`, so keep-alive clients open their next connection to another instance.
 * 2. `app.close()`: HTTP stops accepting and answers the requests in hand, message servers drain
 *    (PrefixedNatsServer), stores close.
 * 3. The signal is raised again, so the process ends as that signal says.
 * A second signal while this runs ends the process at once (the default action).
 */
export function stopGracefullyOnSignals(
  app: INestApplication,
  fastify: FastifyInstance,
  delayMs: number,
  logger: Logger,
): void {
  let stopping = false;
  fastify.addHook('onRequest', (request, reply, done) => {
    if (stopping && request.url.split('?')[0] === '/readyz') {
      void reply.code(503).send(STOPPING);
      return;
    }
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) void reply.header('connection', 'close');
    done(null, payload);
  });

  const removeListeners = () => {
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals): void {
    removeListeners();
    stopping = true;
    void (async () => {
      if (delayMs > 0) {
        logger.info(
          { signal, delay_ms: delayMs },
          'stopping: /readyz answers 503 while requests still go on',
        );
        await sleep(delayMs);
      }
      try {
        await app.close();
      } catch (error: unknown) {
        logger.error({ err: error }, 'stopping: closing the application failed');
      }
      process.kill(process.pid, signal);
    })();
  }
  for (const signal of SIGNALS) process.on(signal, onSignal);
  // An app closed otherwise (tests, a failed start) leaves no listener behind.
  fastify.addHook('onClose', (_instance, done) => {
    removeListeners();
    done();
  });
}
