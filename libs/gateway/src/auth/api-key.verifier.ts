import { Inject, Injectable } from '@nestjs/common';
import { Principal, TenantPatterns, VerifyApiKeyRequest, VerifyApiKeyResult } from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { createHash } from 'node:crypto';
import type { GatewayModuleOptions } from '../gateway-options';
import { GATEWAY_OPTIONS } from '../gateway-options';
import { TtlCache } from './ttl-cache';

/**
 * Resolves a bearer key to its principal through the tenant service, remembering answers for a
 * short while so that an authenticated request costs no extra hop once its key is known.
 * Only successes are remembered: a new key works at once, an unknown key is asked again.
 */
@Injectable()
export class ApiKeyVerifier {
  private readonly cache: TtlCache<Principal>;

  constructor(
    private readonly transport: TransportClient,
    @Inject(GATEWAY_OPTIONS) options: GatewayModuleOptions,
  ) {
    this.cache = new TtlCache<Principal>(options.authCacheTtlMs, 10_000);
  }

  /** Forgets a revoked key at once (other gateways forget it when their entry expires). */
  forget(apiKeyId: string): void {
    this.cache.deleteWhere((principal) => principal.keyId === apiKeyId);
  }

  async verify(apiKey: string): Promise<Principal | null> {
    // The cache is keyed by a digest so that raw keys are not kept in memory longer than needed.
    const digest = createHash('sha256').update(apiKey).digest('base64url');
    const cached = this.cache.get(digest);
    if (cached) return cached;
    const { principal } = await this.transport.send<VerifyApiKeyResult>(TenantPatterns.verifyApiKey, {
      apiKey,
    } satisfies VerifyApiKeyRequest);
    if (principal) this.cache.set(digest, principal);
    return principal;
  }
}
