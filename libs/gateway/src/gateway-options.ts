import { ServiceName } from '@trove/contracts';
import { DownloadsOptions } from './sources/downloads.options';

/** What GatewayModule.forRoot takes; its own file, so that auth code never imports the module. */
export interface GatewayModuleOptions {
  /**
   * Services whose health /readyz asks over the transport. Empty in standalone, where every
   * module registers its own checks in the same process.
   */
  readinessOf: ServiceName[];
  /** AUTH_CACHE_TTL_MS: how long verified keys and granted tenants are remembered. */
  authCacheTtlMs: number;
  /** Signing of the download links the gateway serves itself; unset: a key of this process only. */
  downloads?: DownloadsOptions;
}

/** DI token of GatewayModuleOptions. */
export const GATEWAY_OPTIONS = Symbol('GatewayModuleOptions');
