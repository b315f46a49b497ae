import { Inject, Injectable } from '@nestjs/common';
import { AccessGranted, CheckAccessRequest, Principal, TenantPatterns } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import type { GatewayModuleOptions } from '../gateway-options';
import { GATEWAY_OPTIONS } from '../gateway-options';
import { TtlCache } from './ttl-cache';

/**
 * Asks the tenant service whether a principal may act on a tenant. A tenant's owner never
 * changes and tenants are not deleted, so granted access is remembered for a while; refusals
 * are not, so a tenant created a moment ago is usable at once.
 */
@Injectable()
export class TenantAccessService {
  private readonly granted: TtlCache<true>;

  constructor(
    private readonly transport: TransportClient,
    @Inject(GATEWAY_OPTIONS) options: GatewayModuleOptions,
  ) {
    this.granted = new TtlCache<true>(options.authCacheTtlMs, 50_000);
  }

  async assertAccess(principal: Principal, tenantId: string): Promise<void> {
    const key = `${principal.keyId}\u0000${tenantId}`;
    if (this.granted.get(key)) return;
    await this.transport.send<AccessGranted>(TenantPatterns.checkAccess, {
      principal,
      tenant_id: tenantId,
    } satisfies CheckAccessRequest);
    this.granted.set(key, true);
  }
}
