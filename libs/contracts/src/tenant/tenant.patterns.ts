/** Message patterns answered by the tenant service (`domain.thing.verb`). */
export const TenantPatterns = {
  createApiKey: 'tenant.api-key.create',
  verifyApiKey: 'tenant.api-key.verify',
  revokeApiKey: 'tenant.api-key.revoke',
  listApiKeys: 'tenant.api-key.list',
  createTenant: 'tenant.tenant.create',
  checkAccess: 'tenant.tenant.check-access',
  listSubTenants: 'tenant.sub-tenant.list',
  ensureSubTenant: 'tenant.sub-tenant.ensure',
  /** ensureSubTenant for many sub-tenants at once (EnsureSubTenantsRequest → BatchReply<SubTenantEnsured>). */
  ensureSubTenants: 'tenant.sub-tenant.ensure-many',
  deleteSubTenant: 'tenant.sub-tenant.delete',
  stats: 'tenant.stats.get',
} as const;

/** Events published by the tenant service; every service that holds tenant data listens. */
export const TenantEvents = {
  /** A sub-tenant was deleted: erase every record, chunk, vector, blob and fact it owns. */
  subTenantDeleted: 'tenant.sub-tenant.deleted',
} as const;
