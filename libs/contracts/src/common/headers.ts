/** Message headers that travel with every request on every transport. */
export const Headers = {
  requestId: 'x-request-id',
  tenantId: 'x-tenant-id',
} as const;
