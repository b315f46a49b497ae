import { HttpServerConfig } from '@trove/platform-config';
import { IsInt, Max, Min } from 'class-validator';

/** What a process serving the HTTP API reads (the gateway app, and standalone on top of it). */
export class GatewayConfig extends HttpServerConfig {
  /** Largest request body accepted; larger ones get 413 before they are read. */
  @IsInt()
  @Min(1024)
  MAX_BODY_BYTES = 64 * 1024 * 1024;

  /** How long a verified key and a granted tenant are remembered (0 turns the caches off). */
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  AUTH_CACHE_TTL_MS = 30_000;
}
