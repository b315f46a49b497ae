import { Inject, Injectable } from '@nestjs/common';
import {
  CountsReply,
  DeleteIngestionSourcesRequest,
  DeleteIngestionSourcesResult,
  DeleteSourcesItem,
  ProcessingStatusReply,
  ProcessingStatusRequest,
  SourceAccepted,
  SubTenantRef,
  TenantPatterns,
  UploadDocumentRequest,
  UpsertWebpageRequest,
} from '@trove/contracts';
import { emitItemStatus, PayloadStash, TransportClient, unpackBytes } from '@trove/platform-transport';
import { randomUUID } from 'node:crypto';
import { detectFormat, FORMAT_CONTENT_TYPES } from './extraction/document-format';
import { checkSourceIds, checkStatus, checkUpload, checkWebpage } from './ingestion.validation';
import { eraseDerivedData } from './pipeline/derived-data';
import { jobDedupId, jobMessage } from './pipeline/stall-reconciler';
import { BlobStore, blobKey, blobPrefix } from './ports/blob-store';
import { JobQueue } from './ports/job-queue';
import { JobStore } from './ports/job-store';
import { SourceStore, SourceUpload } from './ports/source-store';

/**
 * The stored content type: the declared one, else the format the bytes show (as processing will
 * find it), so that a fetch before processing ends already tells text from binary.
 */
function storedContentType(
  mimeType: string | undefined,
  bytes: Uint8Array,
  fileName: string | undefined,
): string {
  const declared = mimeType?.trim();
  if (declared) return declared;
  try {
    return FORMAT_CONTENT_TYPES[detectFormat(bytes, fileName).format];
  } catch {
    return 'application/octet-stream'; // not a format Trove reads: processing will say so
  }
}

export interface IngestionServiceOptions {
  /** INGESTION_GRAPH: deletes erase the sources' graph facts too. */
  graph: boolean;
}

export const INGESTION_SERVICE_OPTIONS = Symbol('IngestionServiceOptions');

/**
 * The rules of sources: an upload (file or web page) stores its content and record and queues
 * its processing job, replacing an earlier upload of the same id everywhere; deletes erase the
 * chunks (search service), the graph facts (graph service), the record, the job and the blob;
 * status reports the job (JobStore).
 */
@Injectable()
export class IngestionService {
  constructor(
    private readonly store: SourceStore,
    private readonly jobs: JobStore,
    private readonly blobs: BlobStore,
    private readonly queue: JobQueue,
    private readonly transport: TransportClient,
    private readonly stash: PayloadStash,
    @Inject(INGESTION_SERVICE_OPTIONS) private readonly options: IngestionServiceOptions,
  ) {}

  async uploadDocument(request: UploadDocumentRequest): Promise<SourceAccepted> {
    checkUpload(request);
    const sourceId = request.file_id || randomUUID();
    const bytes = await unpackBytes(this.stash, request.content);
    const contentType = storedContentType(request.mime_type, bytes, request.file_name);
    const replaced = await this.accept(
      {
        tenant_id: request.tenant_id,
        sub_tenant_id: request.sub_tenant_id,
        source_id: sourceId,
        type: 'document',
        title: request.title?.trim() ?? '',
        description: '',
        note: '',
        url: '',
        file_name: request.file_name,
        mime_type: request.mime_type?.trim() ?? '',
        content_type: contentType,
        size_bytes: bytes.byteLength,
        has_blob: true,
        document_metadata: request.metadata ?? {},
        tenant_metadata: request.tenant_metadata ?? {},
      },
      { bytes, contentType },
    );
    return {
      file_id: sourceId,
      source_id: sourceId,
      success: true,
      message: replaced ? 'Document replaced; processing queued' : 'Document uploaded; processing queued',
    };
  }

  async upsertWebpage(request: UpsertWebpageRequest): Promise<SourceAccepted> {
    checkWebpage(request);
    const html =
      typeof request.html === 'string' && request.html !== '' ? Buffer.from(request.html, 'utf8') : undefined;
    const contentType = 'text/html; charset=utf-8';
    // An update keeps what it does not name (docs/api.md): the page's title, description, note
    // and metadata stay unless the request gives new ones.
    const previous = await this.store.get({
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
      source_id: request.source_id,
    });
    const kept = previous?.type === 'webpage' ? previous : undefined;
    const replaced = await this.accept(
      {
        tenant_id: request.tenant_id,
        sub_tenant_id: request.sub_tenant_id,
        source_id: request.source_id,
        type: 'webpage',
        title: request.title?.trim() ?? kept?.title ?? '',
        description: request.description ?? kept?.description ?? '',
        note: request.note ?? kept?.note ?? '',
        url: request.web_url,
        file_name: '',
        mime_type: html ? contentType : '',
        content_type: html ? contentType : '',
        size_bytes: html?.byteLength ?? 0,
        has_blob: html !== undefined,
        document_metadata: request.metadata ?? kept?.document_metadata ?? {},
        tenant_metadata: kept?.tenant_metadata ?? {},
      },
      html ? { bytes: html, contentType } : undefined,
    );
    return {
      file_id: request.source_id,
      source_id: request.source_id,
      success: true,
      message: replaced ? 'Web page updated; processing queued' : 'Web page created; processing queued',
    };
  }

  async deleteSources(request: DeleteIngestionSourcesRequest): Promise<DeleteIngestionSourcesResult> {
    checkSourceIds(request, { nonEmpty: true });
    const wanted = [...new Set(request.source_ids)];
    const existing = new Set(
      (await this.store.getMany(request.tenant_id, request.sub_tenant_id, wanted)).map((s) => s.source_id),
    );
    const found = wanted.filter((id) => existing.has(id));
    if (found.length > 0) {
      // Index entries and graph facts first: when either service fails nothing else is deleted,
      // and deleting again finishes the job. A worker that indexes after this sees the tombstone
      // and erases what it made itself.
      await eraseDerivedData(
        this.transport,
        { tenant_id: request.tenant_id, sub_tenant_id: request.sub_tenant_id, source_ids: found },
        { graph: this.options.graph },
      );
      await this.store.delete(request.tenant_id, request.sub_tenant_id, found, new Date());
      for (const id of found) await this.blobs.delete(blobKey(request.tenant_id, request.sub_tenant_id, id));
    }
    const results: DeleteSourcesItem[] = request.source_ids.map((id) =>
      existing.has(id)
        ? { source_id: id, deleted: true }
        : { source_id: id, deleted: false, error: 'Source not found' },
    );
    return { deleted_count: found.length, results };
  }

  /** Erases a deleted sub-tenant's records, jobs and blobs (the search service erases its own chunks). */
  async deleteSubTenant(tenantId: string, subTenantId: string): Promise<void> {
    await this.store.deleteSubTenant(tenantId, subTenantId, new Date());
    await this.blobs.deletePrefix(blobPrefix(tenantId, subTenantId));
  }

  async processingStatus(request: ProcessingStatusRequest): Promise<ProcessingStatusReply> {
    checkStatus(request);
    const job = await this.jobs.get({
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
      source_id: request.file_id,
    });
    if (!job || job.deleted) return { status: null };
    return {
      status: {
        file_id: request.file_id,
        indexing_status: job.status,
        ...(job.status === 'errored'
          ? { error_code: job.error_code ?? 'PROCESSING_FAILED', error_message: job.error_message ?? '' }
          : {}),
        progress: {
          chunks_total: job.chunks_total,
          chunks_indexed: job.chunks_indexed,
          attempts: job.attempts,
          size_bytes: job.size_bytes,
          queued_at: job.queued_at.toISOString(),
          ...(job.started_at ? { started_at: job.started_at.toISOString() } : {}),
          ...(job.indexed_at ? { indexed_at: job.indexed_at.toISOString() } : {}),
          ...(job.finished_at ? { finished_at: job.finished_at.toISOString() } : {}),
          ...(job.graph ? { graph: job.graph } : {}),
        },
      },
    };
  }

  async counts(tenantId: string): Promise<CountsReply> {
    const counts = await this.store.countBySubTenant(tenantId);
    return {
      by_sub_tenant: Object.fromEntries([...counts].map(([sub, n]) => [sub, { sources: n }])),
    };
  }

  /**
   * Stores the content (or drops the old one, for a page to be fetched again), then the record
   * and its job in one transaction, then queues the job. Returns whether a source was replaced.
   */
  private async accept(
    upload: SourceUpload,
    content: { bytes: Uint8Array; contentType: string } | undefined,
  ): Promise<boolean> {
    await this.transport.send(TenantPatterns.ensureSubTenant, {
      tenant_id: upload.tenant_id,
      sub_tenant_id: upload.sub_tenant_id,
    } satisfies SubTenantRef);
    const key = blobKey(upload.tenant_id, upload.sub_tenant_id, upload.source_id);
    if (content) await this.blobs.put(key, content.bytes, content.contentType);
    else await this.blobs.delete(key);
    const { revision, replaced } = await this.store.saveUpload(upload, new Date());
    // Saved first: if queueing fails the caller gets an error and the reconciler queues the job later.
    await this.queue.enqueue(jobMessage(upload, revision), jobDedupId(upload, revision));
    emitItemStatus(this.transport, sourceItem(upload), 'queued');
    return replaced;
  }
}

/** A source as status events name it (its source_id is the file_id verify-processing takes). */
function sourceItem(key: { tenant_id: string; sub_tenant_id: string; source_id: string }) {
  return { tenant_id: key.tenant_id, sub_tenant_id: key.sub_tenant_id, file_id: key.source_id };
}
