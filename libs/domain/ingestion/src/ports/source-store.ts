import { IndexingStatus, SourceType } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';

export interface SourceKey {
  tenant_id: string;
  sub_tenant_id: string;
  source_id: string;
}

/** What an upload (document or web page) says about its source. */
export interface SourceUpload extends SourceKey {
  type: SourceType;
  /** The caller's title ('' when none: the view falls back to the document's own, then the file name). */
  title: string;
  description: string;
  note: string;
  url: string;
  file_name: string;
  /** The MIME type the caller declared ('' when none). */
  mime_type: string;
  /** Content type of the stored blob ('' while there is none: a web page not fetched yet). */
  content_type: string;
  size_bytes: number;
  has_blob: boolean;
  document_metadata: Record<string, unknown>;
  tenant_metadata: Record<string, unknown>;
}

/** A stored source: the upload, what processing extracted from it, and its job's state. */
export interface SourceRecord extends SourceUpload {
  extracted_title: string;
  /** The detected DocumentFormat, once extracted. */
  format: string | null;
  text: string;
  markdown: string;
  page_count: number | null;
  /** The upload this record describes (see JobRecord.revision). */
  revision: number;
  created_at: Date;
  updated_at: Date;
  status: IndexingStatus;
  chunks_total: number;
}

/** What processing learnt from the content of one revision. */
export interface ExtractedContent {
  extracted_title: string;
  format: string;
  text: string;
  markdown: string;
  page_count: number | null;
  /** The content type served for the content: the format's (text/markdown, application/pdf, …) or the fetched page's. */
  content_type: string;
  /** Set when the worker stored the content itself (a fetched web page). */
  fetched?: { url: string; content_type: string; size_bytes: number };
}

/** Where listing resumes: after this source in (created_at, source_id) order. */
export interface ListPosition {
  created_at: Date;
  source_id: string;
}

/**
 * Source records, per tenant and sub-tenant: what was uploaded, and what processing extracted
 * from it. Every upload takes a new revision and (re)creates the source's job in the JobStore in
 * the same write, and a delete turns that job into a tombstone, so a record and its job never
 * disagree about which upload is current.
 */
export abstract class SourceStore extends StoreLifecycle {
  /**
   * Stores an upload (replacing the source's record, keeping created_at) and resets its job to
   * `queued` at the new revision (attempts and counts zeroed, an existing lease kept), atomically.
   */
  abstract saveUpload(upload: SourceUpload, now: Date): Promise<{ revision: number; replaced: boolean }>;

  /** The record, with its job's status and chunk count. */
  abstract get(key: SourceKey): Promise<SourceRecord | undefined>;

  /** The sources with these ids that exist, in no particular order. */
  abstract getMany(tenantId: string, subTenantId: string, sourceIds: string[]): Promise<SourceRecord[]>;

  /** Up to `limit` sources in (created_at, source_id) order, after `after` when given. */
  abstract list(
    tenantId: string,
    subTenantId: string,
    limit: number,
    after?: ListPosition,
  ): Promise<SourceRecord[]>;

  /** The sub-tenant's sources. */
  abstract count(tenantId: string, subTenantId: string): Promise<number>;

  /** The tenant's sources per sub-tenant (only sub-tenants that have some). */
  abstract countBySubTenant(tenantId: string): Promise<Map<string, number>>;

  /** Writes what revision `revision` extracted; false when the source was replaced or deleted since. */
  abstract saveContent(
    key: SourceKey,
    revision: number,
    content: ExtractedContent,
    now: Date,
  ): Promise<boolean>;

  /** Deletes these records and turns their jobs into tombstones; returns the ids that existed. */
  abstract delete(tenantId: string, subTenantId: string, sourceIds: string[], now: Date): Promise<string[]>;

  /** Deletes every record of the sub-tenant and turns its jobs into tombstones. */
  abstract deleteSubTenant(tenantId: string, subTenantId: string, now: Date): Promise<void>;
}
