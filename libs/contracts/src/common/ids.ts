/** Ids of tenants, sub-tenants, memories, files and sources: 1–128 chars of [A-Za-z0-9._:-]. */
export const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export const ID_RULE = '1 to 128 characters of A-Z, a-z, 0-9, ".", "_", ":" and "-"';

export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** Omitted, null or empty sub_tenant_id means the default sub-tenant, whose id is the tenant id. */
export function resolveSubTenantId(tenantId: string, subTenantId: string | null | undefined): string {
  return subTenantId === undefined || subTenantId === null || subTenantId === '' ? tenantId : subTenantId;
}
