import { Inject, Injectable, Logger } from '@nestjs/common';
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
  DomainError,
  EnsureSubTenantsRequest,
  isAdmin,
  resolveSubTenantId,
  Scope,
  SubTenantDeleted,
  SubTenantDeletedEvent,
  SubTenantEnsured,
  SubTenantList,
  SubTenantRef,
  TenantCreated,
  TenantEvents,
  TenantRef,
  TenantStats,
  unwrapOutcome,
  VerifyApiKeyRequest,
  VerifyApiKeyResult,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { displayPrefix, generateApiKey, generateApiKeyId, hashApiKey, weakAdminKey } from './api-key';
import { NewApiKey, SubTenantKey, TenantStore } from './ports/tenant-store';
import { PayloadCheck, requirePrincipal } from './tenant.validation';

/** Options of the tenant service, given to TenantModule.forRoot. */
export interface TenantServiceOptions {
  /** ADMIN_API_KEY: becomes the bootstrap admin key; when absent one is generated on first start. */
  adminApiKey?: string;
}

export const TENANT_SERVICE_OPTIONS = Symbol('TENANT_SERVICE_OPTIONS');

export const BOOTSTRAP_OWNER = 'admin';
const ADMIN_SCOPES: Scope[] = ['read', 'write', 'admin'];
const DEFAULT_SCOPES: Scope[] = ['read', 'write'];
// Longer input cannot be one of our keys; refusing it early keeps hashing cheap.
const MAX_KEY_LENGTH = 512;
// One text for "missing" and "someone else's", so a caller cannot probe which tenants exist.
const FORBIDDEN_MESSAGE = 'You do not have access to this tenant';

/** The tenant rules: API keys, tenants, sub-tenants and who may act on them. */
@Injectable()
export class TenantService {
  private readonly logger = new Logger('TenantService');

  constructor(
    private readonly store: TenantStore,
    private readonly transport: TransportClient,
    @Inject(TENANT_SERVICE_OPTIONS) private readonly options: TenantServiceOptions,
  ) {}

  /**
   * Makes sure a bootstrap admin key exists. With `adminApiKey`, that key becomes it (any other
   * bootstrap key is revoked). Without, a key is generated once, printed once on stdout, and
   * only its hash kept; later starts find it and print nothing.
   */
  async bootstrap(): Promise<void> {
    const configured = this.options.adminApiKey;
    if (configured !== undefined && configured !== '') {
      const weakness = weakAdminKey(configured);
      if (weakness) {
        const advice = `ADMIN_API_KEY is weak: ${weakness}. Use a long random key, or leave it unset to have one generated`;
        // In production a guessable admin key is refused; in development it is a warning.
        if (process.env['NODE_ENV'] === 'production') throw new Error(advice);
        this.logger.warn(advice);
      }
      await this.store.setBootstrapKey(this.newKey(configured, BOOTSTRAP_OWNER, ADMIN_SCOPES));
      return;
    }
    if (await this.store.findBootstrapKey()) return;
    const apiKey = generateApiKey();
    // createBootstrapKeyIfAbsent decides under a lock, so of several instances starting at
    // once exactly one prints its key.
    if (await this.store.createBootstrapKeyIfAbsent(this.newKey(apiKey, BOOTSTRAP_OWNER, ADMIN_SCOPES))) {
      // Straight to stdout, never through the logger: log pipelines keep and ship what they see.
      process.stdout.write(`Admin API key (shown once, store it now): ${apiKey}\n`);
    }
  }

  async createApiKey(payload: CreateApiKeyRequest): Promise<ApiKeyCreated> {
    const check = new PayloadCheck(payload);
    const owner = check.id('owner');
    const scopes = check.scopes('scopes', DEFAULT_SCOPES);
    check.done();
    const apiKey = generateApiKey();
    const record = await this.store.createApiKey(this.newKey(apiKey, owner, scopes));
    return {
      api_key_id: record.apiKeyId,
      owner: record.ownerId,
      scopes: record.scopes,
      env: 'live',
      full_api_key: apiKey,
      created_at: record.createdAt.toISOString(),
    };
  }

  /**
   * Revokes a key: the admin may revoke any key but the bootstrap one (ADMIN_API_KEY replaces
   * that), an owner only its own keys. Someone else's key and an unknown one are the same 404, so
   * key ids cannot be probed. Revoking twice is not an error.
   */
  async revokeApiKey(payload: RevokeApiKeyRequest): Promise<ApiKeyRevoked> {
    const principal = requirePrincipal(payload);
    const check = new PayloadCheck(payload);
    const apiKeyId = check.id('api_key_id');
    check.done();
    const record = await this.store.findApiKeyById(apiKeyId);
    const admin = isAdmin(principal);
    if (!record || (!admin && record.ownerId !== principal.ownerId)) {
      throw new DomainError('NOT_FOUND', `No API key ${apiKeyId}`);
    }
    if (record.bootstrap) {
      throw new DomainError(
        'CONFLICT',
        'The bootstrap admin key cannot be revoked here: set ADMIN_API_KEY to a new key and restart',
      );
    }
    await this.store.revokeApiKey(apiKeyId);
    const revoked = await this.store.findApiKeyById(apiKeyId);
    return {
      success: true,
      api_key_id: apiKeyId,
      revoked_at: (revoked?.revokedAt ?? new Date()).toISOString(),
    };
  }

  /** Keys without their secrets: the admin's of any owner (or all), an owner's of its own. */
  async listApiKeys(payload: ListApiKeysRequest): Promise<ApiKeyList> {
    const principal = requirePrincipal(payload);
    const check = new PayloadCheck(payload);
    const owner = check.optionalId('owner');
    check.done();
    const admin = isAdmin(principal);
    if (!admin && owner !== undefined && owner !== principal.ownerId) {
      throw new DomainError('FORBIDDEN', "This API key may list only its own owner's keys");
    }
    const records = await this.store.listApiKeys(admin ? owner : principal.ownerId);
    return {
      api_keys: records.map((record) => ({
        api_key_id: record.apiKeyId,
        owner: record.ownerId,
        scopes: record.scopes,
        env: 'live',
        key_prefix: record.displayPrefix,
        created_at: record.createdAt.toISOString(),
        revoked_at: record.revokedAt?.toISOString() ?? null,
      })),
    };
  }

  async verifyApiKey(payload: VerifyApiKeyRequest): Promise<VerifyApiKeyResult> {
    const apiKey = (payload as Partial<VerifyApiKeyRequest> | null)?.apiKey;
    if (typeof apiKey !== 'string' || apiKey === '' || apiKey.length > MAX_KEY_LENGTH)
      return { principal: null };
    const record = await this.store.findActiveApiKey(hashApiKey(apiKey));
    if (!record) return { principal: null };
    return { principal: { keyId: record.apiKeyId, ownerId: record.ownerId, scopes: record.scopes } };
  }

  async createTenant(payload: CreateTenantRequest): Promise<TenantCreated> {
    const principal = requirePrincipal(payload);
    const check = new PayloadCheck(payload);
    const tenantId = check.id('tenant_id');
    check.done();
    const created = await this.store.createTenant(tenantId, principal.ownerId);
    if (!created) throw new DomainError('TENANT_ALREADY_EXISTS', `Tenant '${tenantId}' already exists`);
    return { tenant_id: tenantId, default_sub_tenant_id: tenantId, message: 'Tenant created successfully' };
  }

  async checkAccess(payload: CheckAccessRequest): Promise<AccessGranted> {
    const principal = requirePrincipal(payload);
    const check = new PayloadCheck(payload);
    const tenantId = check.id('tenant_id');
    check.done();
    const tenant = await this.store.findTenant(tenantId);
    if (isAdmin(principal)) {
      if (!tenant) throw tenantNotFound(tenantId);
    } else if (!tenant || tenant.ownerId !== principal.ownerId) {
      throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
    }
    return { tenant_id: tenant.tenantId, owner_id: tenant.ownerId };
  }

  async listSubTenants(payload: TenantRef): Promise<SubTenantList> {
    const tenantId = await this.existingTenant(payload);
    const subTenants = await this.store.listSubTenants(tenantId);
    return {
      tenant_id: tenantId,
      default_sub_tenant_id: tenantId,
      sub_tenant_ids: subTenants.map((subTenant) => subTenant.subTenantId),
    };
  }

  async stats(payload: TenantRef): Promise<TenantStats> {
    const tenantId = await this.existingTenant(payload);
    const subTenants = await this.store.listSubTenants(tenantId);
    return {
      tenant_id: tenantId,
      default_sub_tenant_id: tenantId,
      sub_tenants: subTenants.map((subTenant) => ({
        sub_tenant_id: subTenant.subTenantId,
        created_at: subTenant.createdAt.toISOString(),
      })),
    };
  }

  /** Called before every write: creates the sub-tenant on its first write. */
  async ensureSubTenant(payload: SubTenantRef): Promise<SubTenantEnsured> {
    return unwrapOutcome((await this.ensureSubTenants({ sub_tenants: [payload] })).outcomes[0]!);
  }

  /**
   * ensureSubTenant for a batch of writes (memory adds grouped together), in one statement; a bad
   * ref or a missing tenant fails that ref only.
   */
  async ensureSubTenants(payload: EnsureSubTenantsRequest): Promise<BatchReply<SubTenantEnsured>> {
    if (!Array.isArray(payload?.sub_tenants)) {
      throw new DomainError('INVALID_PARAMETERS', 'sub_tenants must be an array');
    }
    const refs = payload.sub_tenants.map((ref) => {
      try {
        return this.subTenantRef(ref);
      } catch (error: unknown) {
        if (error instanceof DomainError) return error;
        throw error;
      }
    });
    const valid = refs.filter((ref): ref is SubTenantKey => !(ref instanceof DomainError));
    const ensured = await this.store.ensureSubTenants(valid);
    let next = 0;
    return {
      outcomes: refs.map((ref) => {
        if (ref instanceof DomainError) return { error: ref.toJSON() };
        const outcome = ensured[next++]!;
        if (outcome === 'no-tenant') return { error: tenantNotFound(ref.tenantId).toJSON() };
        return {
          ok: { tenant_id: ref.tenantId, sub_tenant_id: ref.subTenantId, created: outcome === 'created' },
        };
      }),
    };
  }

  async deleteSubTenant(payload: SubTenantRef): Promise<SubTenantDeleted> {
    const { tenantId, subTenantId } = this.subTenantRef(payload);
    if (subTenantId === tenantId) {
      throw new DomainError('CANNOT_DELETE_DEFAULT_SUB_TENANT', 'The default sub-tenant cannot be deleted');
    }
    if (!(await this.store.findSubTenant(tenantId, subTenantId))) {
      throw new DomainError(
        'SUB_TENANT_NOT_FOUND',
        `Sub-tenant '${subTenantId}' not found in tenant '${tenantId}'`,
      );
    }
    // The event goes out before the row is deleted: if publishing fails nothing has changed and
    // the caller can retry; the other way round, a lost event would leave the sub-tenant's data
    // behind for good, with no row left to retry the deletion from. Erasing is idempotent, so a
    // retry that publishes twice does no harm.
    const event: SubTenantDeletedEvent = {
      tenant_id: tenantId,
      sub_tenant_id: subTenantId,
      deleted_at: new Date().toISOString(),
    };
    await this.transport.emit(TenantEvents.subTenantDeleted, event);
    await this.store.deleteSubTenant(tenantId, subTenantId);
    return {
      status: 'deleted',
      tenant_id: tenantId,
      sub_tenant_id: subTenantId,
      success: true,
      message: 'Sub-tenant deleted successfully',
    };
  }

  private async existingTenant(payload: TenantRef): Promise<string> {
    const check = new PayloadCheck(payload);
    const tenantId = check.id('tenant_id');
    check.done();
    if (!(await this.store.findTenant(tenantId))) throw tenantNotFound(tenantId);
    return tenantId;
  }

  private subTenantRef(payload: SubTenantRef): { tenantId: string; subTenantId: string } {
    const check = new PayloadCheck(payload);
    const tenantId = check.id('tenant_id');
    // Omitted, null or empty means the default sub-tenant (DECISIONS, "Identity, tenancy and keys").
    const subTenantId = resolveSubTenantId(tenantId, check.optionalId('sub_tenant_id'));
    check.done();
    return { tenantId, subTenantId };
  }

  private newKey(apiKey: string, ownerId: string, scopes: Scope[]): NewApiKey {
    return {
      apiKeyId: generateApiKeyId(),
      ownerId,
      keyHash: hashApiKey(apiKey),
      displayPrefix: displayPrefix(apiKey),
      scopes,
    };
  }
}

function tenantNotFound(tenantId: string): DomainError {
  return new DomainError('TENANT_NOT_FOUND', `Tenant '${tenantId}' not found`);
}
