import { GraphSummary, IndexingStatus, SourceType } from '@trove/contracts';
import { JobRecord } from '../../ports/job-store';
import { SourceKey, SourceRecord } from '../../ports/source-store';

/** The WHERE clause of one source (or job) by key, its parameters being keyParams. */
export const KEY = 'tenant_id = $1 AND sub_tenant_id = $2 AND source_id = $3';

export function keyParams(key: SourceKey): unknown[] {
  return [key.tenant_id, key.sub_tenant_id, key.source_id];
}

/** Statuses of a job that is still to run or running. */
export const UNFINISHED = "('queued', 'processing', 'graph_creation')";

/** A source with its job's status (every source has a job row: saveUpload writes both). */
export const SOURCE_SELECT = `
  SELECT s.*, COALESCE(j.status, 'queued') AS status, COALESCE(j.chunks_total, 0) AS chunks_total
  FROM ingestion.sources s
  LEFT JOIN ingestion.jobs j
    ON j.tenant_id = s.tenant_id AND j.sub_tenant_id = s.sub_tenant_id AND j.source_id = s.source_id`;

type Row = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const object = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const optionalDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : date(value);

/** The jobs row's `graph` column (jsonb; text from drivers that do not parse it). */
function graphSummary(value: unknown): GraphSummary | null {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof raw !== 'object' || raw === null) return null;
  const g = object(raw);
  return {
    extractor: text(g['extractor']),
    entities: Number(g['entities'] ?? 0),
    relations: Number(g['relations'] ?? 0),
    prompt_tokens: Number(g['prompt_tokens'] ?? 0),
    completion_tokens: Number(g['completion_tokens'] ?? 0),
  };
}

export function sourceFromRow(row: Row): SourceRecord {
  return {
    tenant_id: text(row['tenant_id']),
    sub_tenant_id: text(row['sub_tenant_id']),
    source_id: text(row['source_id']),
    type: text(row['type']) as SourceType,
    title: text(row['title']),
    extracted_title: text(row['extracted_title']),
    description: text(row['description']),
    note: text(row['note']),
    url: text(row['url']),
    file_name: text(row['file_name']),
    mime_type: text(row['mime_type']),
    content_type: text(row['content_type']),
    size_bytes: Number(row['size_bytes'] ?? 0),
    has_blob: row['has_blob'] === true,
    format: typeof row['format'] === 'string' ? row['format'] : null,
    text: text(row['text']),
    markdown: text(row['markdown']),
    page_count:
      row['page_count'] === null || row['page_count'] === undefined ? null : Number(row['page_count']),
    document_metadata: object(row['document_metadata']),
    tenant_metadata: object(row['tenant_metadata']),
    revision: Number(row['revision']),
    created_at: date(row['created_at']),
    updated_at: date(row['updated_at']),
    status: text(row['status']) as IndexingStatus,
    chunks_total: Number(row['chunks_total'] ?? 0),
  };
}

export function jobFromRow(row: Row): JobRecord {
  return {
    tenant_id: text(row['tenant_id']),
    sub_tenant_id: text(row['sub_tenant_id']),
    source_id: text(row['source_id']),
    revision: Number(row['revision']),
    status: text(row['status']) as IndexingStatus,
    deleted: row['deleted'] === true,
    error_code: typeof row['error_code'] === 'string' ? row['error_code'] : null,
    error_message: typeof row['error_message'] === 'string' ? row['error_message'] : null,
    attempts: Number(row['attempts'] ?? 0),
    chunks_total: Number(row['chunks_total'] ?? 0),
    chunks_indexed: Number(row['chunks_indexed'] ?? 0),
    size_bytes: Number(row['size_bytes'] ?? 0),
    lease_owner: typeof row['lease_owner'] === 'string' ? row['lease_owner'] : null,
    lease_until: optionalDate(row['lease_until']),
    queued_at: date(row['queued_at']),
    started_at: optionalDate(row['started_at']),
    indexed_at: optionalDate(row['indexed_at']),
    finished_at: optionalDate(row['finished_at']),
    updated_at: date(row['updated_at']),
    graph: graphSummary(row['graph']),
  };
}
