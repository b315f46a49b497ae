import { InferenceUsage, UserAssistantPair } from '@trove/contracts';
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
  /**
   * Who inferred `inferred` (or, for a generated memory, its content): `offline` or `llm:<model>`;
   * null when nothing was inferred from this memory (`infer: false`).
   */
  inference: string | null;
  /**
   * This memory's share of the tokens its inference spent (a generate's call is shared among the
   * memories it gave, so the shares sum to the call's usage); zeros offline, null without inference.
   */
  inference_usage: InferenceUsage | null;
  original_chunks: number;
  inferred_chunks: number;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Its text still waits to be extracted into the knowledge graph (set by each save). */
  graph_pending: boolean;
}

export interface MemoryKey {
  tenant_id: string;
  sub_tenant_id: string;
  memory_id: string;
}

/** A memory whose graph is pending, as a graph worker claimed it: what extraction needs. */
export interface GraphPendingMemory extends MemoryKey {
  content: string;
  /** 0 for a generated memory: its content is its one inferred chunk, `{memory_id}_inferred_0`. */
  original_chunks: number;
  /** The memory's save count: its graph is done for this revision only, not a later one. */
  revision: number;
  updated_at: Date;
}

/** A memory at the revision its graph was extracted from. */
export interface MemoryRevision extends MemoryKey {
  revision: number;
}

/** Memory records and provisioning, per tenant and sub-tenant. */
export abstract class MemoryStore extends StoreLifecycle {
  abstract isProvisioned(tenantId: string, subTenantId: string): Promise<boolean>;

  /**
   * Inserts or replaces the memories (no two with the same key) and provisions their sub-tenants,
   * atomically; created_at of a replaced memory is kept, its revision goes up by one, and a graph
   * worker's claim on it stays (so no second worker extracts it while the first still is).
   * Returns the stored records, in order.
   */
  abstract save(records: MemoryRecord[]): Promise<MemoryRecord[]>;

  /** Live (not expired) memories with these ids. */
  abstract getLive(
    tenantId: string,
    subTenantId: string,
    memoryIds: string[],
    now: Date,
  ): Promise<MemoryRecord[]>;

  /**
   * For each of these memories, the ones saved right after it in the same sub-tenant, in order,
   * at most `count`, ending before the first that is not live (an expired memory breaks the
   * thread). Keyed by the given id; a memory that is the last saved, or unknown, has no entry.
   */
  abstract savedAfter(
    tenantId: string,
    subTenantId: string,
    memoryIds: string[],
    count: number,
    now: Date,
  ): Promise<Map<string, MemoryRecord[]>>;

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

  /**
   * Claims up to `limit` live memories whose graph is pending and that no worker holds (no claim,
   * or one that ended by `now`), least recently saved first, until `claimUntil`: until then, or
   * until markGraphDone or postponeGraph, no other caller gets them.
   */
  abstract claimGraphPending(now: Date, limit: number, claimUntil: Date): Promise<GraphPendingMemory[]>;

  /**
   * Ends the claims on these memories, and clears the graph state of each still at the given
   * revision (one saved again meanwhile stays pending). Returns the keys of those that no longer
   * exist (deleted while their graph was being extracted).
   */
  abstract markGraphDone(revisions: MemoryRevision[]): Promise<MemoryKey[]>;

  /** Keeps these memories pending but unclaimable until `until` (a retry after a failure). */
  abstract postponeGraph(keys: MemoryKey[], until: Date): Promise<void>;
}
