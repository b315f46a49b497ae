import type { TroveClient } from '@trove/sdk';
import { z } from 'zod';

/** How much of Trove's answers a tool puts in front of the model (each is the model's context). */
export interface McpLimits {
  /** Characters of each search hit's text; longer chunks are cut and say so. Default 2000. */
  chunkChars: number;
  /** Characters of each retrieved memory. Default 2000. */
  memoryChars: number;
  /** fetch_source's page size when the call does not choose one. Default 20,000. */
  sourceChars: number;
  /** The largest page fetch_source gives. Default 100,000. */
  maxSourceChars: number;
  /** graph_relations' relations when the call does not choose a number. Default 100. */
  relations: number;
  /** Characters of each relation's evidence sentence and graph path context. Default 400. */
  contextChars: number;
}

export const DEFAULT_LIMITS: McpLimits = {
  chunkChars: 2000,
  memoryChars: 2000,
  sourceChars: 20_000,
  maxSourceChars: 100_000,
  relations: 100,
  contextChars: 400,
};

/** What every tool's handler gets: the client (with its key) and the limits. */
export interface ToolContext {
  client: TroveClient;
  limits: McpLimits;
}

// Input fields shared by every tool. The descriptions are what the model reads to fill them.
export const tenantField = z
  .string()
  .min(1)
  .max(128)
  .describe(
    'Tenant (organisation) id, e.g. "acme". The API key must own it; ask the user if you do not know it.',
  );

export const subTenantField = z
  .string()
  .max(128)
  .optional()
  .describe(
    'Sub-tenant id inside the tenant, usually one end user or workspace (e.g. "user-42"). Omit for the tenant\'s default sub-tenant. Data never crosses sub-tenants: add and retrieve a user\'s memories with the same one.',
  );

/** The scope fields of a call as the API takes them (no sub_tenant_id: the default one). */
export function scopeOf(args: { tenant_id: string; sub_tenant_id?: string | undefined }): {
  tenant_id: string;
  sub_tenant_id?: string;
} {
  return args.sub_tenant_id
    ? { tenant_id: args.tenant_id, sub_tenant_id: args.sub_tenant_id }
    : { tenant_id: args.tenant_id };
}
