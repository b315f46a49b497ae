import { Logger } from '@nestjs/common';
import { IndexingStatus } from '@trove/contracts';
import { emitItemStatus, TransportClient } from '@trove/platform-transport';
import { ExtractedDocument, ExtractionInput } from '../extraction/extract-document';
import { ExtractionError } from '../extraction/extraction-error';
import { FetchedPage } from '../fetch/web-fetcher';
import { BlobStore, blobKey } from '../ports/blob-store';
import { JobConsumer, JobDelivery, JobMessage } from '../ports/job-queue';
import { JobRecord, JobStore } from '../ports/job-store';
import { ExtractedContent, SourceKey, SourceRecord, SourceStore } from '../ports/source-store';
import { ChunkIndexer } from './chunk-indexer';
import { eraseDerivedData } from './derived-data';
import { GraphBuilder } from './graph-builder';

/** Turns bytes into text and chunks (ExtractionPool: worker threads with time and memory limits). */
export interface Extractor {
  extract(input: ExtractionInput): Promise<ExtractedDocument>;
}

/** Fetches a web page for a source that has no stored content (WebFetcher: the SSRF-guarded client). */
export interface PageFetcher {
  fetch(url: string): Promise<FetchedPage>;
}

export interface JobWorkerOptions {
  /** This process's lease owner id (unique per process start). */
  workerId: string;
  /** How long a claim lasts without renewal; renewed every third of it while the job runs. */
  leaseMs: number;
  /** Larger content ends FILE_TOO_LARGE. */
  maxFileBytes: number;
  /**
   * Graph creation (INGESTION_GRAPH): null skips the graph service entirely, building nothing
   * and erasing nothing there.
   */
  graph: GraphBuilder | null;
}

type Outcome = 'done' | 'moved';

/** The error_code a source gets when attempts at a stage keep failing (ProcessingErrorCodes). */
const FAILED_STAGE_CODES = {
  content: 'PROCESSING_FAILED',
  index: 'INDEXING_FAILED',
  graph: 'GRAPH_FAILED',
} as const;

function keyOf(job: SourceKey): SourceKey {
  return { tenant_id: job.tenant_id, sub_tenant_id: job.sub_tenant_id, source_id: job.source_id };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs processing jobs: claim the source's job (a lease in the store), read the content (or fetch
 * the page), extract and chunk it, hand the chunks to the search service (searchable from then
 * on), then to the graph service (`graph_creation`), and completed. Every write names the claimed
 * revision, so an upload or delete that lands mid-way wins: the worker moves on to the newer
 * revision, or cleans up what it indexed for a deleted source. Unreadable content ends `errored`
 * with its ExtractionError code; anything else is thrown for the queue to retry.
 */
export class JobWorker implements JobConsumer {
  private readonly logger = new Logger('IngestionWorker');

  constructor(
    private readonly sources: SourceStore,
    private readonly jobs: JobStore,
    private readonly blobs: BlobStore,
    private readonly extractor: Extractor,
    private readonly fetcher: PageFetcher,
    private readonly indexer: ChunkIndexer,
    private readonly transport: TransportClient,
    private readonly options: JobWorkerOptions,
  ) {}

  async handle(delivery: JobDelivery): Promise<void> {
    const key = keyOf(delivery.job);
    const owner = this.options.workerId;
    // Not claimable: finished already (a duplicate message), deleted, or another live worker
    // holds it (that worker moves on to the newest revision itself before letting go).
    let job = await this.jobs.claim(key, owner, new Date(), this.leaseEnd());
    if (!job) return;
    const renewal = setInterval(
      () => {
        delivery.extend();
        this.jobs.renewLease(key, owner, this.leaseEnd()).catch(() => undefined);
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    try {
      while (job) {
        if ((await this.process(job, delivery)) === 'done') return;
        job = await this.jobs.claim(key, owner, new Date(), this.leaseEnd());
      }
      await this.cleanUpDeleted(key);
    } finally {
      clearInterval(renewal);
    }
  }

  async exhausted(message: JobMessage, error: unknown): Promise<void> {
    const key = keyOf(message);
    const job = await this.jobs.get(key);
    if (!job || job.deleted || job.revision !== message.revision) return;
    if (job.status === 'completed' || job.status === 'errored') return;
    const code = job.error_code ?? 'PROCESSING_FAILED';
    const last =
      error === undefined ? 'the service stopped while processing it' : (job.error_message ?? reason(error));
    const failed = await this.jobs.fail(
      key,
      message.revision,
      code,
      `Gave up after ${job.attempts} attempts: ${last}`,
      new Date(),
    );
    if (failed) {
      this.status(key, 'errored', { code, message: `Gave up after ${job.attempts} attempts: ${last}` });
      await this.eraseDerived(key);
    }
  }

  /** Publishes a status change of the source (emitItemStatus: never waits, never fails). */
  private status(key: SourceKey, status: IndexingStatus, error?: { code: string; message: string }): void {
    emitItemStatus(
      this.transport,
      { tenant_id: key.tenant_id, sub_tenant_id: key.sub_tenant_id, file_id: key.source_id },
      status,
      error,
    );
  }

  private leaseEnd(): Date {
    return new Date(Date.now() + this.options.leaseMs);
  }

  private async process(job: JobRecord, delivery: JobDelivery): Promise<Outcome> {
    const key = keyOf(job);
    const owner = this.options.workerId;
    const revision = job.revision;
    let stage: 'content' | 'index' | 'graph' = 'content';
    this.status(key, 'processing');
    try {
      const source = await this.sources.get(key);
      if (!source || source.revision !== revision) return 'moved';
      const content = await this.readContent(source);
      if (!content) return 'moved';
      if (
        !(await this.jobs.update(key, revision, owner, { size_bytes: content.bytes.byteLength }, new Date()))
      ) {
        return 'moved';
      }
      delivery.extend();
      const document = await this.extractor.extract({
        bytes: content.bytes,
        file_name: source.file_name || undefined,
        mime_type: content.mime_type || undefined,
        max_bytes: this.options.maxFileBytes,
        chunk: true,
      });
      const chunks = document.chunks ?? [];
      const extracted: ExtractedContent = {
        extracted_title: document.title ?? '',
        format: document.format,
        text: document.text,
        markdown: document.markdown ?? '',
        page_count: document.page_count ?? null,
        content_type: content.fetched?.content_type ?? document.content_type,
        ...(content.fetched ? { fetched: content.fetched } : {}),
      };
      if (!(await this.sources.saveContent(key, revision, extracted, new Date()))) return 'moved';
      if (!(await this.jobs.update(key, revision, owner, { chunks_total: chunks.length }, new Date())))
        return 'moved';
      stage = 'index';
      delivery.extend();
      await this.indexer.index(source, extracted, chunks);
      const indexedAt = new Date();
      if (
        !(await this.jobs.update(
          key,
          revision,
          owner,
          { chunks_indexed: chunks.length, status: 'graph_creation', indexed_at: indexedAt },
          indexedAt,
        ))
      ) {
        return 'moved';
      }
      this.status(key, 'graph_creation');
      stage = 'graph';
      delivery.extend();
      const graph = this.options.graph ? await this.options.graph.build(source, chunks) : undefined;
      const done = await this.jobs.finish(
        key,
        revision,
        owner,
        { status: 'completed', error_code: null, error_message: null, ...(graph ? { graph } : {}) },
        new Date(),
      );
      if (done) this.status(key, 'completed');
      return done ? 'done' : 'moved';
    } catch (error: unknown) {
      if (error instanceof ExtractionError) {
        const failed = await this.jobs.finish(
          key,
          revision,
          owner,
          { status: 'errored', error_code: error.code, error_message: error.message },
          new Date(),
        );
        // An earlier upload's chunks and graph must not stay under a source that failed.
        if (failed) {
          this.status(key, 'errored', { code: error.code, message: error.message });
          await this.eraseDerived(key);
        }
        return failed ? 'done' : 'moved';
      }
      this.logger.warn(
        `processing attempt ${job.attempts} of source ${key.source_id} (tenant ${key.tenant_id}) failed at ${stage}: ${reason(error)}`,
      );
      const requeued = await this.jobs.finish(
        key,
        revision,
        owner,
        {
          status: 'queued',
          error_code: FAILED_STAGE_CODES[stage],
          error_message: reason(error),
        },
        new Date(),
      );
      if (!requeued) return 'moved';
      this.status(key, 'queued');
      throw error;
    }
  }

  /** The source's bytes: its stored blob, or the page fetched now (and stored) for a web page without one. */
  private async readContent(
    source: SourceRecord,
  ): Promise<{ bytes: Uint8Array; mime_type: string; fetched?: ExtractedContent['fetched'] } | undefined> {
    const key = blobKey(source.tenant_id, source.sub_tenant_id, source.source_id);
    if (source.type === 'webpage' && !source.has_blob) {
      const page = await this.fetcher.fetch(source.url);
      const contentType = page.mime_type || 'application/octet-stream';
      await this.blobs.put(key, page.bytes, contentType);
      return {
        bytes: page.bytes,
        mime_type: page.mime_type,
        fetched: { url: page.url, content_type: contentType, size_bytes: page.bytes.byteLength },
      };
    }
    const blob = await this.blobs.get(key);
    // No blob: the source was deleted (or replaced) since the claim; the caller finds out which.
    if (!blob) return undefined;
    return { bytes: blob.bytes, mime_type: source.mime_type || blob.content_type };
  }

  /** After losing the job: when it was deleted, erase whatever this worker indexed, then let go. */
  private async cleanUpDeleted(key: SourceKey): Promise<void> {
    const job = await this.jobs.get(key);
    if (job?.deleted && job.lease_owner === this.options.workerId) await this.eraseDerived(key);
    await this.jobs.dropLease(key, this.options.workerId);
  }

  /** Erases the source's chunks and graph facts (derived-data.ts). */
  private async eraseDerived(key: SourceKey): Promise<void> {
    await eraseDerivedData(
      this.transport,
      { tenant_id: key.tenant_id, sub_tenant_id: key.sub_tenant_id, source_ids: [key.source_id] },
      { graph: this.options.graph !== null },
    );
  }
}
