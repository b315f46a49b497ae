import { PackedBytes } from '../common/packed-bytes';
import { FetchMode } from './ingestion.patterns';

export interface UploadDocumentRequest {
  tenant_id: string;
  sub_tenant_id: string;
  /** Omitted: a new id. An existing one: the upload replaces that source everywhere. */
  file_id?: string;
  title?: string;
  /** The caller's metadata about the document (`document_metadata`). */
  metadata?: Record<string, unknown>;
  tenant_metadata?: Record<string, unknown>;
  file_name: string;
  mime_type?: string;
  content: PackedBytes;
}

export interface UpsertWebpageRequest {
  tenant_id: string;
  sub_tenant_id: string;
  source_id: string;
  web_url: string;
  title?: string;
  description?: string;
  note?: string;
  metadata?: Record<string, unknown>;
  /** The page's HTML, indexed instead of fetching web_url. */
  html?: string;
}

export interface SourceAccepted {
  file_id: string;
  source_id: string;
  success: true;
  message: string;
}

/** A source record (docs/api.md, Sources). */
export interface SourceRecordView {
  id: string;
  tenant_id: string;
  sub_tenant_id: string;
  title: string;
  type: string;
  description: string;
  note: string;
  url: string;
  /** ISO-8601 UTC of the last upload. */
  timestamp: string;
  content: {
    text: string;
    html_base64: string;
    csv_base64: string;
    markdown: string;
    files: { file_name: string; content_type: string; size_bytes: number }[];
    layout: unknown[];
  };
  tenant_metadata: Record<string, unknown>;
  document_metadata: Record<string, unknown>;
  meta: Record<string, unknown>;
  attachments: unknown[];
}

export interface ListSourcesByIdRequest {
  tenant_id: string;
  sub_tenant_id: string;
  source_ids: string[];
}

export interface ListSourcesRequest {
  tenant_id: string;
  sub_tenant_id: string;
  limit: number;
  /** Opaque: the next_cursor of the previous page. */
  cursor?: string;
}

export interface ListSourcesResult {
  sources: SourceRecordView[];
  /** Sources of the sub-tenant in all (list), or found (list by id). */
  total: number;
  /** Present when more sources follow. */
  next_cursor?: string;
}

/** listSourcesById answers with the sources found, in the order asked; unknown ids are left out. */
export type ListSourcesByIdResult = Omit<ListSourcesResult, 'next_cursor'>;

export interface FetchContentRequest {
  tenant_id: string;
  sub_tenant_id: string;
  source_id: string;
  mode: FetchMode;
  expiry_seconds: number;
}

export interface FetchContentResult {
  source_id: string;
  content_type: string;
  size_bytes: number;
  file_name: string;
  /** Whether the content is text (returned as `content`) or binary (`content_base64`). */
  binary: boolean;
  /** With mode content or both. */
  content?: PackedBytes;
  /** With mode url or both, when the blob store presigns (MinIO); otherwise the gateway signs its own link. */
  presigned_url?: string;
}

export interface DeleteSourcesItem {
  source_id: string;
  deleted: boolean;
  error?: string;
}

export interface DeleteIngestionSourcesRequest {
  tenant_id: string;
  sub_tenant_id: string;
  source_ids: string[];
}

export interface DeleteIngestionSourcesResult {
  deleted_count: number;
  results: DeleteSourcesItem[];
}
