import { ChunkInput, ChunkKind, SourceInfo } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';
import { IndexScope } from './index-scope';

/** A stored chunk: its text and the facts of its source that results carry. */
export interface ChunkRecord {
  chunk_uuid: string;
  source_id: string;
  source_type: string;
  source_title: string;
  kind: ChunkKind;
  position: number;
  content: string;
  start_offset: number;
  created_at: Date;
  updated_at: Date;
  document_metadata: Record<string, unknown>;
  tenant_metadata: Record<string, unknown>;
}

/** A source of a scope, with the chunks it has from now on. */
export interface SourceChunks {
  scope: IndexScope;
  source: SourceInfo;
  chunks: ChunkInput[];
}

/** Per sub-tenant: how many chunks, and of how many sources of each type. */
export interface ChunkCounts {
  chunks: number;
  sourcesByType: Record<string, number>;
}

/** A chunk as a re-embedding reads it: where it is, and its text. */
export interface ScannedChunk {
  sub_tenant_id: string;
  chunk_uuid: string;
  source_id: string;
  source_type: string;
  kind: ChunkKind;
  content: string;
}

/** Where a scan of a tenant's chunks goes on from: the last chunk it read. */
export interface ScanCursor {
  subTenantId: string;
  chunkUuid: string;
}

/**
 * The text and source facts of indexed chunks, which the indexes refer to by chunk_uuid.
 * Kept in SQL (PostgreSQL, or PGlite embedded) so that a source's chunks are replaced in one
 * transaction and neighbours for related chunks are one indexed range query. Its schema is
 * created by `migrate()`, which SearchModule calls at init.
 */
/** Up to this many chunks, estimatedCount() counts them; above, it estimates. */
export const EXACT_COUNT_LIMIT = 100_000;

export abstract class ChunkStore extends StoreLifecycle {
  /**
   * Replaces every chunk of each source with its given chunks (none: the source has no chunks
   * left), all in one transaction. No two entries may name the same source or chunk of a scope.
   */
  abstract replaceSources(sources: SourceChunks[]): Promise<void>;

  /** The chunks with these ids, in no particular order; unknown ids are skipped. */
  abstract getMany(scope: IndexScope, ids: string[]): Promise<ChunkRecord[]>;

  /** Original chunks of a source whose position lies in [from, to]. */
  abstract range(scope: IndexScope, sourceId: string, from: number, to: number): Promise<ChunkRecord[]>;

  /** Deletes every chunk of these sources; returns how many were deleted. */
  abstract deleteBySources(scope: IndexScope, sourceIds: string[]): Promise<number>;

  abstract deleteSubTenant(scope: IndexScope): Promise<void>;

  abstract countBySubTenant(tenantId: string): Promise<Map<string, ChunkCounts>>;

  /** Every tenant that has chunks. */
  abstract tenantIds(): Promise<string[]>;

  /** How many chunks a tenant has, in every sub-tenant. */
  abstract countTenant(tenantId: string): Promise<number>;

  /**
   * How many chunks there are in all, cheaply enough to ask at every metrics scrape: exact up to
   * EXACT_COUNT_LIMIT (a bounded count), the store's own estimate above it.
   */
  abstract estimatedCount(): Promise<number>;

  /** Up to `limit` chunks of a tenant after `after`, in (sub-tenant, chunk id) order. */
  abstract scan(tenantId: string, after: ScanCursor | null, limit: number): Promise<ScannedChunk[]>;
}
