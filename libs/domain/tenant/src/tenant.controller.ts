import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AccessGranted,
  ApiKeyCreated,
  ApiKeyList,
  ApiKeyRevoked,
  ListApiKeysRequest,
  RevokeApiKeyRequest,
  BatchReply,
  CheckAccessRequest,
  CreateApiKeyRequest,
  CreateTenantRequest,
  EnsureSubTenantsRequest,
  SubTenantDeleted,
  SubTenantEnsured,
  SubTenantList,
  SubTenantRef,
  TenantCreated,
  TenantPatterns,
  TenantRef,
  TenantStats,
  VerifyApiKeyRequest,
  VerifyApiKeyResult,
} from '@trove/contracts';
import { TenantService } from './tenant.service';

/** Answers the TenantPatterns messages; every rule lives in TenantService. */
@Controller()
export class TenantController {
  constructor(private readonly service: TenantService) {}

  @MessagePattern(TenantPatterns.createApiKey)
  createApiKey(@Payload() payload: CreateApiKeyRequest): Promise<ApiKeyCreated> {
    return this.service.createApiKey(payload);
  }

  @MessagePattern(TenantPatterns.revokeApiKey)
  revokeApiKey(@Payload() payload: RevokeApiKeyRequest): Promise<ApiKeyRevoked> {
    return this.service.revokeApiKey(payload);
  }

  @MessagePattern(TenantPatterns.listApiKeys)
  listApiKeys(@Payload() payload: ListApiKeysRequest): Promise<ApiKeyList> {
    return this.service.listApiKeys(payload);
  }

  @MessagePattern(TenantPatterns.verifyApiKey)
  verifyApiKey(@Payload() payload: VerifyApiKeyRequest): Promise<VerifyApiKeyResult> {
    return this.service.verifyApiKey(payload);
  }

  @MessagePattern(TenantPatterns.createTenant)
  createTenant(@Payload() payload: CreateTenantRequest): Promise<TenantCreated> {
    return this.service.createTenant(payload);
  }

  @MessagePattern(TenantPatterns.checkAccess)
  checkAccess(@Payload() payload: CheckAccessRequest): Promise<AccessGranted> {
    return this.service.checkAccess(payload);
  }

  @MessagePattern(TenantPatterns.listSubTenants)
  listSubTenants(@Payload() payload: TenantRef): Promise<SubTenantList> {
    return this.service.listSubTenants(payload);
  }

  @MessagePattern(TenantPatterns.ensureSubTenant)
  ensureSubTenant(@Payload() payload: SubTenantRef): Promise<SubTenantEnsured> {
    return this.service.ensureSubTenant(payload);
  }

  @MessagePattern(TenantPatterns.ensureSubTenants)
  ensureSubTenants(@Payload() payload: EnsureSubTenantsRequest): Promise<BatchReply<SubTenantEnsured>> {
    return this.service.ensureSubTenants(payload);
  }

  @MessagePattern(TenantPatterns.deleteSubTenant)
  deleteSubTenant(@Payload() payload: SubTenantRef): Promise<SubTenantDeleted> {
    return this.service.deleteSubTenant(payload);
  }

  @MessagePattern(TenantPatterns.stats)
  stats(@Payload() payload: TenantRef): Promise<TenantStats> {
    return this.service.stats(payload);
  }
}
