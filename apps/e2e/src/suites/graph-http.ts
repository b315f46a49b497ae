import { GraphContext, GraphSummary, SearchResult, TripletWithEvidence } from '@trove/contracts';
import { ApiClient, ApiResponse } from '@trove/testing';
import { uploadDocument, waitForProcessing } from './sources-fixtures';

// The knowledge-graph routes as the graph suite calls them, with the shapes the API answers.

export interface RelationsResponse {
  relations: TripletWithEvidence[];
  success: boolean;
  message: string;
}

export interface GraphProgress {
  progress?: {
    indexed_at?: string;
    finished_at?: string;
    graph?: GraphSummary;
  };
}

export interface GraphCounts {
  entities: number;
  relations: number;
}

export function relationsById(
  client: ApiClient,
  query: { tenant_id: string; source_id: string; sub_tenant_id?: string },
): Promise<ApiResponse<RelationsResponse>> {
  return client.get('/list/graph-relations-by-id', { query });
}

/** Uploads a text document and waits until it is completed (the graph made); returns its id. */
export async function uploadText(
  client: ApiClient,
  scope: { tenant_id: string; sub_tenant_id?: string },
  file_id: string,
  text: string,
): Promise<string> {
  const fields: Record<string, string> = { tenant_id: scope.tenant_id, file_id };
  if (scope.sub_tenant_id) fields['sub_tenant_id'] = scope.sub_tenant_id;
  const accepted = await uploadDocument(client, fields, {
    bytes: text,
    name: `${file_id}.txt`,
    type: 'text/plain',
  });
  if (accepted.status !== 200) throw new Error(`upload ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  const { final, seen } = await waitForProcessing(client, { ...scope, file_id });
  if (final.indexing_status !== 'completed') {
    throw new Error(`${file_id} ended ${final.indexing_status} (${seen.join(' → ')}): ${final.message}`);
  }
  return file_id;
}

/** The graph counts of one sub-tenant in /tenants/stats (zeros when it holds nothing). */
export async function graphCounts(
  client: ApiClient,
  tenant_id: string,
  sub_tenant_id: string,
): Promise<GraphCounts> {
  const stats = await client.get<{
    sub_tenants: { sub_tenant_id: string; counts: Record<string, number> }[];
  }>('/tenants/stats', { query: { tenant_id } });
  if (stats.status !== 200) throw new Error(`stats ${stats.status}: ${JSON.stringify(stats.body)}`);
  const counts = stats.body.sub_tenants.find((s) => s.sub_tenant_id === sub_tenant_id)?.counts ?? {};
  return { entities: counts['entities'] ?? 0, relations: counts['relations'] ?? 0 };
}

export function graphSearch(
  client: ApiClient,
  body: { tenant_id: string; query: string; sub_tenant_id?: string; search_mode?: string },
): Promise<ApiResponse<SearchResult & { graph_context: GraphContext }>> {
  return client.post('/search/hybrid-search', { json: { ...body, graph_context: true } });
}

/** Every relation of a response, flattened: "source —predicate→ target". */
export function statements(relations: TripletWithEvidence[]): string[] {
  return relations.flatMap((t) =>
    t.relations.map((r) => `${t.source.name} —${r.canonical_predicate}→ ${t.target.name}`),
  );
}
