import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { CommonConfig } from '@trove/platform-config';

/** `npm start`: one process, embedded stores under DATA_DIR, no server to install. */
export class StandaloneConfig extends CommonConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 8080;

  /** Loopback by default: a laptop's Trove is not reachable from the network unless asked. */
  @IsString()
  HOST = '127.0.0.1';

  /** Where every embedded store keeps its files; survives restarts. */
  @IsString()
  DATA_DIR = './data';

  @IsOptional()
  @IsString()
  ADMIN_API_KEY: string | undefined = undefined;

  @IsInt()
  @Min(1024)
  MAX_BODY_BYTES = 64 * 1024 * 1024;
}
