import { UserAssistantPair } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';

/** A stored memory: what was said, how it was indexed, and when it expires. */
export interface MemoryRecord {
  tenant_id: string;
  sub_tenant_id: string;
  memory_id: string;
  /** The memory's text as indexed and returned: raw_text, or the pairs as "User: …" lines. */
  content: string;
  raw_text: string | null;
  user_assistant_pairs: UserAssistantPair[] | null;
  user_name: string | null;
  custom_instructions: string | null;
  infer: boolean;
  inferred: string[];
  original_chunks: number;
  inferred_chunks: number;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface MemoryKey {
  tenant_id: string;
  sub_tenant_id: string;
  memory_id: string;
}

/** Memory records and provisioning, per tenant and sub-tenant. */
export abstract class MemoryStore extends StoreLifecycle {
  abstract isProvisioned(tenantId: string, subTenantId: string): Promise<boolean>;

  /**
   * Inserts or replaces the memories (no two with the same key) and provisions their sub-tenants,
   * atomically; created_at of a replaced memory is kept. Returns the stored records, in order.
   */
  abstract save(records: MemoryRecord[]): Promise<MemoryRecord[]>;

  /** Live (not expired) memories with these ids. */
  abstract getLive(
    tenantId: string,
    subTenantId: string,
    memoryIds: string[],
    now: Date,
  ): Promise<MemoryRecord[]>;

  /** Deletes one memory; false when it did not exist. */
  abstract delete(key: MemoryKey): Promise<boolean>;

  /** Up to `limit` memories expired at `now`, oldest expiry first. */
  abstract listExpired(now: Date, limit: number): Promise<MemoryKey[]>;

  /** Deletes these memories; returns how many existed. */
  abstract deleteMany(keys: MemoryKey[]): Promise<number>;

  /** Deletes every memory and the provisioning of a sub-tenant. */
  abstract deleteSubTenant(tenantId: string, subTenantId: string): Promise<void>;

  /** Live memory counts per sub-tenant. */
  abstract countBySubTenant(tenantId: string, now: Date): Promise<Map<string, number>>;
}
