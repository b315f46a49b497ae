import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Settings every process reads. Each default serves the embedded mode on a developer machine. */
export class CommonConfig {
  @IsIn(LOG_LEVELS)
  LOG_LEVEL = 'info';

  @IsString()
  @Matches(/^nats:\/\/|^tls:\/\/|^[a-z0-9.-]+:\d+/i, {
    message: 'must be a NATS server URL such as nats://host:4222',
  })
  NATS_URL = 'nats://127.0.0.1:4222';

  /** Prefix of every NATS subject, so several deployments or test runs can share one server. */
  @Matches(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, { message: 'must be dot-separated NATS tokens' })
  SUBJECT_PREFIX = 'trove';

  /** How long a caller waits for a service to answer before reporting it unavailable (503). */
  @IsInt()
  @Min(50)
  @Max(600_000)
  REQUEST_TIMEOUT_MS = 5000;
}

/** A process that serves HTTP: the API (gateway, standalone) or only /healthz and /readyz. */
export class HttpServerConfig extends CommonConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 8080;

  /** All interfaces, as containers need; standalone narrows it to loopback. */
  @IsString()
  HOST = '0.0.0.0';

  /**
   * On SIGTERM, how long the process keeps serving while /readyz answers 503, before it stops
   * taking connections: the time a load balancer needs to stop sending it requests (docs/api.md,
   * Replicas and retries). 0 stops at once.
   */
  @IsInt()
  @Min(0)
  @Max(120_000)
  SHUTDOWN_DELAY_MS = 0;
}
