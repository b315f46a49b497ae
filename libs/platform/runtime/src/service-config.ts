import { CommonConfig } from '@trove/platform-config';
import { IsInt, IsString, Max, Min } from 'class-validator';

/** What every distributed service process reads, besides its own stores' settings. */
export class ServiceConfig extends CommonConfig {
  /** Port of the process's /healthz and /readyz. */
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 0;

  @IsString()
  HOST = '0.0.0.0';
}
