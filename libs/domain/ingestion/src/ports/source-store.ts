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

/** The processing job of a source's latest upload. */
export interface JobRecord extends SourceKey {
  /** Grows with every upload of any source; results of an older revision are never written. */
  revision: number;
  status: IndexingStatus;
  /** The source was deleted; the row stays while a worker may still hold its lease. */
  deleted: boolean;
  /** With `errored`: why. While queued again after a failed attempt: that attempt's failure. */
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  chunks_total: number;
  chunks_indexed: number;
  size_bytes: number;
  lease_owner: string | null;
  lease_until: Date | null;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
}

export interface JobPatch {
  status?: IndexingStatus;
  chunks_total?: number;
  chunks_indexed?: number;
  size_bytes?: number;
  error_code?: string | null;
  error_message?: string | null;
}

/** Where listing resumes: after this source in (created_at, source_id) order. */
export interface ListPosition {
  created_at: Date;
  source_id: string;
}

/**
 * Source records and their processing jobs, per tenant and sub-tenant. A job belongs to whoever
 * holds its lease (a worker id with an expiry, renewed while the worker runs); every write a
 * worker makes names the revision it claimed and its own id, so a late worker cannot overwrite
 * a newer upload or another worker's results.
 */
export abstract class SourceStore extends StoreLifecycle {
  /** Stores an upload (replacing the source's record, keeping created_at) and queues its job, atomically. */
  abstract saveUpload(upload: SourceUpload, now: Date): Promise<{ revision: number; replaced: boolean }>;

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

  abstract count(tenantId: string, subTenantId: string): Promise<number>;

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

  /** The job, tombstones included. */
  abstract getJob(key: SourceKey): Promise<JobRecord | undefined>;

  /**
   * Takes the job for `owner` until `leaseUntil` (status processing, attempts + 1), when it is
   * unfinished, not deleted, and its lease is free, expired or already the owner's.
   */
  abstract claimJob(
    key: SourceKey,
    owner: string,
    now: Date,
    leaseUntil: Date,
  ): Promise<JobRecord | undefined>;

  /** Extends the owner's lease; false when the owner no longer holds it. */
  abstract renewLease(key: SourceKey, owner: string, leaseUntil: Date): Promise<boolean>;

  /** Updates the owner's job of `revision`; false when the job moved on (new revision, deleted, lost lease). */
  abstract updateJob(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
  ): Promise<boolean>;

  /**
   * Applies `patch` (a final or queued status) and frees the lease, only while the job is still at
   * `revision`, not deleted, and held by `owner`; false otherwise (the lease is kept then).
   */
  abstract finishJob(
    key: SourceKey,
    revision: number,
    owner: string,
    patch: JobPatch,
    now: Date,
  ): Promise<boolean>;

  /**
   * Ends an unfinished job of `revision` as errored (with this code unless it already failed with
   * one), whoever holds it, and frees its lease: the queue gave up on it. False when it moved on.
   */
  abstract failJob(
    key: SourceKey,
    revision: number,
    code: string,
    message: string,
    now: Date,
  ): Promise<boolean>;

  /** Marks the job as just seen (a stalled job re-queued), so it is not picked again right away. */
  abstract touchJob(key: SourceKey, revision: number, now: Date): Promise<void>;

  /** Frees the owner's lease whatever the revision; a tombstone is removed with it. */
  abstract dropLease(key: SourceKey, owner: string): Promise<void>;

  /** Unfinished, undeleted jobs whose lease is free or expired and that have not changed since `before`. */
  abstract stalledJobs(before: Date, limit: number): Promise<JobRecord[]>;

  /** Frees every lease (one process owns the store: its leases died with its previous run). */
  abstract releaseAllLeases(): Promise<void>;

  /** Removes tombstones whose lease is free or expired. */
  abstract purgeTombstones(now: Date): Promise<number>;
}
