import { Scope } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';

/** A stored API key, as read back (the key itself is never stored). */
export interface ApiKeyRecord {
  apiKeyId: string;
  ownerId: string;
  scopes: Scope[];
  displayPrefix: string;
  /** True for the bootstrap admin key (from ADMIN_API_KEY, or generated on first start). */
  bootstrap: boolean;
  createdAt: Date;
  revokedAt: Date | null;
}

/** What the store needs to keep a new key. */
export interface NewApiKey {
  apiKeyId: string;
  ownerId: string;
  /** SHA-256 of the full key, lower-case hex. */
  keyHash: string;
  displayPrefix: string;
  scopes: Scope[];
}

export interface TenantRecord {
  tenantId: string;
  ownerId: string;
  createdAt: Date;
}

export interface SubTenantRecord {
  subTenantId: string;
  createdAt: Date;
}

export interface SubTenantKey {
  tenantId: string;
  subTenantId: string;
}

export type EnsureOutcome = 'created' | 'existed' | 'no-tenant';

/** Persistence of owners, API keys, tenants and sub-tenants; the class is the DI token. */
export abstract class TenantStore extends StoreLifecycle {
  /** Stores a key, creating its owner when new. */
  abstract createApiKey(key: NewApiKey): Promise<ApiKeyRecord>;

  /** The live (not revoked) key with this hash, or null. */
  abstract findActiveApiKey(keyHash: string): Promise<ApiKeyRecord | null>;

  /** Marks a key revoked; false when there was no live key with this id. */
  abstract revokeApiKey(apiKeyId: string): Promise<boolean>;

  /** A key by its id, revoked or not; null when there is none. */
  abstract findApiKeyById(apiKeyId: string): Promise<ApiKeyRecord | null>;

  /** The keys of one owner, or of every owner, oldest first, revoked ones included. */
  abstract listApiKeys(ownerId?: string): Promise<ApiKeyRecord[]>;

  /** The live bootstrap admin key, or null. */
  abstract findBootstrapKey(): Promise<ApiKeyRecord | null>;

  /**
   * Makes `key` the one live bootstrap admin key and revokes any other. A key with the same
   * hash is reused (and revived when revoked), so repeating the call changes nothing.
   */
  abstract setBootstrapKey(key: NewApiKey): Promise<ApiKeyRecord>;

  /** Stores `key` as the bootstrap admin key unless a live one exists; true when stored. */
  abstract createBootstrapKeyIfAbsent(key: NewApiKey): Promise<boolean>;

  /**
   * Creates the tenant for `ownerId` (creating the owner when new) together with its default
   * sub-tenant, whose id is the tenant id. Null when the tenant id is taken.
   */
  abstract createTenant(tenantId: string, ownerId: string): Promise<TenantRecord | null>;

  abstract findTenant(tenantId: string): Promise<TenantRecord | null>;

  /** Sub-tenants of a tenant, oldest first (the default one first); empty for an unknown tenant. */
  abstract listSubTenants(tenantId: string): Promise<SubTenantRecord[]>;

  abstract findSubTenant(tenantId: string, subTenantId: string): Promise<SubTenantRecord | null>;

  /**
   * Creates each sub-tenant that is missing, in one statement; per ref, in order: `created` when
   * this call created it, `existed`, or `no-tenant` when its tenant does not exist (nothing is
   * created then). Repeated refs get the same answer.
   */
  abstract ensureSubTenants(refs: SubTenantKey[]): Promise<EnsureOutcome[]>;

  /** Deletes the sub-tenant row; false when there was none. */
  abstract deleteSubTenant(tenantId: string, subTenantId: string): Promise<boolean>;
}
