import { Principal, Scope } from '../common/principal';

export interface CreateApiKeyRequest {
  owner: string;
  scopes: Scope[];
}

export interface ApiKeyCreated {
  api_key_id: string;
  owner: string;
  scopes: Scope[];
  env: 'live';
  full_api_key: string;
  created_at: string;
}

export interface VerifyApiKeyRequest {
  apiKey: string;
}

/** `principal` is null when the key is unknown or revoked. */
export interface VerifyApiKeyResult {
  principal: Principal | null;
}

export interface CreateTenantRequest {
  principal: Principal;
  tenant_id: string;
}

export interface TenantCreated {
  tenant_id: string;
  default_sub_tenant_id: string;
  message: string;
}

export interface CheckAccessRequest {
  principal: Principal;
  tenant_id: string;
}

/** Answered only when access is granted; otherwise FORBIDDEN (or TENANT_NOT_FOUND for admins). */
export interface AccessGranted {
  tenant_id: string;
  owner_id: string;
}

export interface TenantRef {
  tenant_id: string;
}

export interface SubTenantRef {
  tenant_id: string;
  sub_tenant_id: string;
}

export interface SubTenantList {
  tenant_id: string;
  default_sub_tenant_id: string;
  sub_tenant_ids: string[];
}

export interface EnsureSubTenantsRequest {
  sub_tenants: SubTenantRef[];
}

export interface SubTenantEnsured {
  tenant_id: string;
  sub_tenant_id: string;
  created: boolean;
}

export interface SubTenantDeleted {
  status: string;
  tenant_id: string;
  sub_tenant_id: string;
  success: boolean;
  message: string;
}

/** Payload of TenantEvents.subTenantDeleted. */
export interface SubTenantDeletedEvent {
  tenant_id: string;
  sub_tenant_id: string;
  deleted_at: string;
}

export interface TenantStats {
  tenant_id: string;
  default_sub_tenant_id: string;
  sub_tenants: { sub_tenant_id: string; created_at: string }[];
}
