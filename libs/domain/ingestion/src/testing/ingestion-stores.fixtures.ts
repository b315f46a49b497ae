// What the SourceStore and JobStore contract suites build their cases from (ports/*.contract.ts).
import { JobStore } from '../ports/job-store';
import { SourceKey, SourceStore, SourceUpload } from '../ports/source-store';

/** A source store and the job store over the same data: an upload and a delete write both. */
export interface IngestionStoresHarness {
  sources: SourceStore;
  jobs: JobStore;
  dispose(): Promise<void>;
}

/** A date from an ISO string. */
export const at = (iso: string): Date => new Date(iso);

/** The key of `source` in `tenant` (its default sub-tenant unless told). */
export function sourceKey(tenant: string, source: string, sub = tenant): SourceKey {
  return { tenant_id: tenant, sub_tenant_id: sub, source_id: source };
}

/** A PDF upload under `key`, with metadata worth round-tripping. */
export function upload(key: SourceKey, overrides: Partial<SourceUpload> = {}): SourceUpload {
  return {
    ...key,
    type: 'document',
    title: 'Quarterly report',
    description: '',
    note: '',
    url: '',
    file_name: 'report.pdf',
    mime_type: 'application/pdf',
    content_type: 'application/pdf',
    size_bytes: 1234,
    has_blob: true,
    document_metadata: { pages: 3, tags: ['q1', 'é'], nested: { a: null } },
    tenant_metadata: { team: 'north' },
    ...overrides,
  };
}

/** What processing extracts from the uploaded PDF. */
export const CONTENT = {
  extracted_title: 'Report Q1',
  format: 'pdf',
  text: 'Revenue grew.',
  markdown: '# Revenue grew.',
  page_count: 3,
  content_type: 'application/pdf',
};
