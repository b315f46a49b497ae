import { Scope } from '@trove/contracts';

/** Where a route takes its tenant_id from, for the ownership check; `none` for tenant-less routes. */
export type TenantSource = 'query' | 'body' | 'none';

/** What @Authenticated records on a route and AccessGuard enforces. */
export interface AccessRule {
  scope: Scope;
  tenant: TenantSource;
}

/** The metadata key of the rule. */
export const ACCESS_RULE = 'trove:access-rule';
