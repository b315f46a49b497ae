import { SourceRecordView } from '@trove/contracts';
import { BlobStore, blobKey } from './ports/blob-store';
import { SourceRecord } from './ports/source-store';

/** The title shown for a source: the caller's, else the document's own, else its file name or address. */
export function displayTitle(
  record: Pick<SourceRecord, 'title' | 'extracted_title' | 'file_name' | 'url' | 'source_id'>,
): string {
  return record.title || record.extracted_title || record.file_name || record.url || record.source_id;
}

/** Whether the stored bytes are kept as HTML (`html_base64`) or CSV (`csv_base64`) in the view. */
function rawKind(record: SourceRecord): 'html' | 'csv' | undefined {
  if (!record.has_blob) return undefined;
  if (record.format === 'html' || (record.type === 'webpage' && record.format === null)) return 'html';
  if (record.format === 'csv') return 'csv';
  return undefined;
}

/**
 * The record of a source (docs/api.md, Sources). `content.text` / `markdown` are what processing extracted
 * (empty until then); `html_base64` keeps a page's (or HTML document's) original HTML and
 * `csv_base64` a CSV file's bytes, read from the blob store.
 */
export async function sourceView(record: SourceRecord, blobs: BlobStore): Promise<SourceRecordView> {
  const kind = rawKind(record);
  const raw = kind
    ? await blobs.get(blobKey(record.tenant_id, record.sub_tenant_id, record.source_id))
    : undefined;
  const base64 = raw ? raw.bytes.toString('base64') : '';
  return {
    id: record.source_id,
    tenant_id: record.tenant_id,
    sub_tenant_id: record.sub_tenant_id,
    title: displayTitle(record),
    type: record.type,
    description: record.description,
    note: record.note,
    url: record.url,
    timestamp: record.updated_at.toISOString(),
    content: {
      text: record.text,
      html_base64: kind === 'html' ? base64 : '',
      csv_base64: kind === 'csv' ? base64 : '',
      markdown: record.markdown,
      files:
        record.type === 'document'
          ? [
              {
                file_name: record.file_name,
                content_type: record.content_type,
                size_bytes: record.size_bytes,
              },
            ]
          : [],
      layout: [],
    },
    tenant_metadata: record.tenant_metadata,
    document_metadata: record.document_metadata,
    meta: {
      file_id: record.source_id,
      indexing_status: record.status,
      format: record.format,
      content_type: record.content_type,
      size_bytes: record.size_bytes,
      chunk_count: record.chunks_total,
      ...(record.page_count !== null ? { page_count: record.page_count } : {}),
      ...(record.file_name ? { file_name: record.file_name } : {}),
      created_at: record.created_at.toISOString(),
      updated_at: record.updated_at.toISOString(),
    },
    attachments: [],
  };
}
