import { DeleteSourcesItem, SourceRecordView } from '@trove/contracts';
import { ApiClient, ApiResponse } from '@trove/testing';

// The source routes as the suite calls them, with the shapes the API answers.

export type SourceRecord = SourceRecordView;

export interface SourceList {
  success: boolean;
  message: string;
  total: number;
  sources: SourceRecord[];
  next_cursor?: string;
}

export interface FetchedSource {
  source_id: string;
  success: boolean;
  message: string;
  content_type: string;
  size_bytes: number;
  content?: string;
  content_base64?: string;
  presigned_url?: string;
  expires_at?: string;
}

export interface DeletedSources {
  success: boolean;
  message: string;
  deleted_count: number;
  results: DeleteSourcesItem[];
}

export function listById(
  client: ApiClient,
  tenant_id: string,
  source_ids: string[],
  sub_tenant_id?: string,
): Promise<ApiResponse<SourceList>> {
  return client.post('/list/list-sources-by-id', { json: { tenant_id, sub_tenant_id, source_ids } });
}

export function listSources(
  client: ApiClient,
  query: { tenant_id: string; sub_tenant_id?: string; limit?: number; cursor?: string },
): Promise<ApiResponse<SourceList>> {
  return client.get('/list/list-sources', { query });
}

/** Every page of list-sources, following next_cursor. */
export async function listAll(
  client: ApiClient,
  query: { tenant_id: string; sub_tenant_id?: string; limit?: number },
): Promise<{ ids: string[]; pages: number; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await listSources(client, { ...query, cursor });
    if (page.status !== 200) throw new Error(`list-sources ${page.status}: ${JSON.stringify(page.body)}`);
    ids.push(...page.body.sources.map((s) => s.id));
    totals.push(page.body.total);
    cursor = page.body.next_cursor;
    pages += 1;
  } while (cursor !== undefined && pages < 1000);
  return { ids, pages, totals };
}

export function fetchSource(
  client: ApiClient,
  body: {
    tenant_id: string;
    source_id: string;
    sub_tenant_id?: string;
    mode?: string;
    expiry_seconds?: number;
  },
): Promise<ApiResponse<FetchedSource>> {
  return client.post('/fetch/fetch-source-content', { json: body });
}

export function deleteSources(
  client: ApiClient,
  body: { tenant_id: string; source_ids: string[]; sub_tenant_id?: string },
): Promise<ApiResponse<DeletedSources>> {
  return client.post('/delete/delete-sources', { json: body });
}

export function updateWebpage(
  client: ApiClient,
  query: { tenant_id: string; source_id: string; web_url: string; sub_tenant_id?: string },
  form: Record<string, string> = {},
): Promise<ApiResponse<{ file_id: string; source_id: string; success: boolean; message: string }>> {
  const body = new URLSearchParams(form).toString();
  return client.request('PATCH', '/upload/update_webpage', {
    query,
    raw: { body, contentType: 'application/x-www-form-urlencoded' },
  });
}

/** GETs a download link with no key, as anyone holding it would; the body as bytes. */
export async function download(url: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(url);
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}
