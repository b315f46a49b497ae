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

export interface RevokeApiKeyRequest {
  principal: Principal;
  api_key_id: string;
}

export interface ApiKeyRevoked {
  success: true;
  api_key_id: string;
  revoked_at: string;
}

export interface ListApiKeysRequest {
  principal: Principal;
  /** Admin keys may name any owner, or none for all; other keys see their own owner's only. */
  owner?: string;
}

/** A key as listed: never the key or its hash, only the prefix it starts with. */
export interface ApiKeySummary {
  api_key_id: string;
  owner: string;
  scopes: Scope[];
  env: 'live';
  /** `sk_live_` and the key's next 4 characters. */
  key_prefix: string;
  created_at: string;
  /** Null while the key works. */
  revoked_at: string | null;
}

export interface ApiKeyList {
  api_keys: ApiKeySummary[];
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
