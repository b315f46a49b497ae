/** What a key may do. `admin` may act on every tenant and create keys. */
export const Scopes = ['read', 'write', 'admin'] as const;
export type Scope = (typeof Scopes)[number];

/** The caller behind a verified API key, as the gateway passes it to services. */
export interface Principal {
  keyId: string;
  ownerId: string;
  scopes: Scope[];
}

export function isAdmin(principal: Principal): boolean {
  return principal.scopes.includes('admin');
}
