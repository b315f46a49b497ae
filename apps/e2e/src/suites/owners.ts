import assert from 'node:assert/strict';
import { ApiClient, TroveRig } from '@trove/testing';

/** A client with a new API key of `owner` (made by the rig's admin key) that owns the new tenant `tenant_id`. */
export async function ownerWithTenant(rig: TroveRig, owner: string, tenant_id: string): Promise<ApiClient> {
  const admin = new ApiClient(rig.baseUrl, rig.adminKey);
  const created = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', { json: { owner } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const client = new ApiClient(rig.baseUrl, created.body.full_api_key);
  const tenant = await client.post('/tenants/create', { json: { tenant_id } });
  assert.equal(tenant.status, 200, JSON.stringify(tenant.body));
  return client;
}
