import { HttpServerConfig } from '@trove/platform-config';
import { IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';

/** What a process serving the HTTP API reads (the gateway app, and standalone on top of it). */
export class GatewayConfig extends HttpServerConfig {
  /** Largest request body accepted; larger ones get 413 before they are read. */
  @IsInt()
  @Min(1024)
  MAX_BODY_BYTES = 64 * 1024 * 1024;

  /**
   * How long a verified key and a granted tenant are remembered (0 turns the caches off). It
   * bounds how long a revoked key keeps working on a gateway other than the one that revoked it.
   */
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  AUTH_CACHE_TTL_MS = 1_000;

  /** Largest file accepted by POST /ingestion/upload-document; larger ones get 413 FILE_TOO_LARGE. */
  @IsInt()
  @Min(1024)
  MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

  /**
   * Signs the download links the gateway serves itself (embedded blob store). Unset: standalone
   * generates one per data directory; a gateway without one signs with a key of its own process.
   */
  @IsOptional()
  @IsString()
  @MinLength(32)
  DOWNLOAD_SIGNING_KEY: string | undefined = undefined;

  /**
   * Requests one API key may make per RATE_LIMIT_WINDOW_MS on this process; more get 429
   * RATE_LIMITED with Retry-After. 0 (the default) turns rate limiting off.
   */
  @IsInt()
  @Min(0)
  RATE_LIMIT_MAX = 0;

  @IsInt()
  @Min(100)
  @Max(86_400_000)
  RATE_LIMIT_WINDOW_MS = 60_000;

  /** How clients reach this server (http(s)://host[:port]), for download links; unset: the listen address. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_BASE_URL: string | undefined = undefined;
}
