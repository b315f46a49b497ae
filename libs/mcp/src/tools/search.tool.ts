import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { HybridSearchRequest, SearchResult } from '@trove/sdk';
import { z } from 'zod';
import { clip, defined, guarded, toolResult } from '../results';
import { scopeOf, subTenantField, tenantField, ToolContext } from '../tool-context';

/** The most hits one MCP search returns: more would flood the model's context (the API takes 1001). */
export const MAX_SEARCH_CHUNKS = 50;

const inputSchema = {
  query: z
    .string()
    .min(1)
    .max(2000)
    .describe(
      'What to look for, in natural language or keywords (e.g. "parental leave policy for part-time staff"). One question per call.',
    ),
  tenant_id: tenantField,
  sub_tenant_id: subTenantField,
  search_mode: z
    .enum(['sources', 'memories'])
    .optional()
    .describe(
      'sources (default): uploaded documents, web pages and embeddings. memories: the memories stored with add_memory for this sub-tenant.',
    ),
  mode: z
    .enum(['fast', 'accurate'])
    .optional()
    .describe(
      'fast (default) for most questions. accurate searches several times (follow-up hops through the passages found, optional rewrites and reranking): use it for multi-step questions whose answer joins two documents; slower (up to seconds).',
    ),
  max_chunks: z
    .number()
    .int()
    .min(1)
    .max(MAX_SEARCH_CHUNKS)
    .optional()
    .describe(`How many passages to return, best first (default 10, at most ${MAX_SEARCH_CHUNKS}).`),
  alpha: z
    .union([z.number().min(0).max(1), z.literal('auto')])
    .optional()
    .describe(
      'Blend of meaning and exact words: 0 keyword (BM25) only, 1 semantic only, default 0.8. Use 0.2-0.4 for exact names, codes or quoted phrases; "auto" lets Trove choose from the query.',
    ),
  recency_bias: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe('0 (default) ignores age; towards 1 favours recently updated sources.'),
  num_related_chunks: z
    .number()
    .int()
    .min(0)
    .max(5)
    .optional()
    .describe(
      'Also return this many neighbouring passages of the same source around each hit (0-5, default 0), for more context.',
    ),
  personalise_search: z
    .boolean()
    .optional()
    .describe("Rank higher what is close to this sub-tenant's memories (the user's stated preferences)."),
  graph_context: z
    .boolean()
    .optional()
    .describe(
      'Also return knowledge-graph paths (entity - relation - entity, with their evidence) linking the entities the query names; useful for "how is X related to Y" questions.',
    ),
  extra_context: z
    .string()
    .max(2000)
    .optional()
    .describe(
      'Background that disambiguates the query (e.g. "the user is asking about the Python language" for "python"): steers by meaning, is not searched itself.',
    ),
};

const chunkSchema = z.object({
  source_id: z
    .string()
    .describe('The source (document, page, memory) id: give it to fetch_source or graph_relations'),
  source_title: z.string(),
  source_type: z.string(),
  chunk_id: z.string(),
  relevancy_score: z.number(),
  text: z.string(),
  text_truncated: z.boolean().optional(),
  source_last_updated_time: z.string(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  related: z.array(z.object({ chunk_id: z.string(), text: z.string() })).optional(),
});

const outputSchema = {
  chunks: z.array(chunkSchema),
  alpha: z.number().describe('The alpha used (the one chosen for "auto")'),
  graph_paths: z
    .array(z.object({ path: z.string(), relevancy_score: z.number(), evidence: z.string() }))
    .optional(),
  accurate: z.object({ queries: z.array(z.string()), degraded: z.boolean() }).optional(),
  note: z.string().optional(),
};

type SearchOutput = z.infer<z.ZodObject<typeof outputSchema>>;

export function registerSearchTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'search',
    {
      title: 'Search Trove',
      description:
        "Hybrid (keyword + semantic) search over a tenant's knowledge in Trove: uploaded documents, web pages, and (search_mode memories) stored user memories. Use it whenever the answer may be in the user's documents or memories, before answering from general knowledge; cite the source_title / source_id of what you use. Returns the best passages with a relevancy score in [0, 1] (below ~0.3 is usually not relevant); long passages are cut to a fixed length (text_truncated), use fetch_source for a whole source.",
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const request: HybridSearchRequest = defined({
          ...scopeOf(args),
          query: args.query,
          search_mode: args.search_mode,
          mode: args.mode,
          max_chunks: args.max_chunks,
          alpha: args.alpha,
          recency_bias: args.recency_bias,
          num_related_chunks: args.num_related_chunks,
          personalise_search: args.personalise_search,
          graph_context: args.graph_context,
          extra_context: args.extra_context,
        });
        const result = await context.client.hybridSearch(request);
        return toolResult(searchOutput(result, context.limits.chunkChars, context.limits.contextChars));
      }),
  );
}

/** Trove's answer cut down to what a model reads: texts clipped, layout and scoring parts left out. */
export function searchOutput(result: SearchResult, chunkChars: number, contextChars: number): SearchOutput {
  let clipped = 0;
  const chunks = result.chunks.map((chunk) => {
    const { text, truncated } = clip(chunk.chunk_content, chunkChars);
    if (truncated) clipped++;
    const metadata = chunk.document_metadata;
    return defined({
      source_id: chunk.source_id,
      source_title: chunk.source_title,
      source_type: chunk.source_type,
      chunk_id: chunk.chunk_uuid,
      relevancy_score: Math.round(chunk.relevancy_score * 1000) / 1000,
      text,
      text_truncated: truncated || undefined,
      source_last_updated_time: chunk.source_last_updated_time,
      metadata: metadata && Object.keys(metadata).length > 0 ? metadata : undefined,
      related: chunk.related_chunks?.length
        ? chunk.related_chunks.map((r) => ({
            chunk_id: r.chunk_uuid,
            text: clip(r.chunk_content, chunkChars).text,
          }))
        : undefined,
    });
  });
  const paths = result.graph_context?.query_paths ?? [];
  return defined({
    chunks,
    alpha: result.alpha,
    graph_paths: paths.length
      ? paths.map((p) => ({
          path: p.triplets
            .map((t) => `${t.source.name} -[${t.relation.canonical_predicate}]-> ${t.target.name}`)
            .join('; '),
          relevancy_score: Math.round(p.relevancy_score * 1000) / 1000,
          evidence: clip(p.combined_context, contextChars).text,
        }))
      : undefined,
    accurate: result.accurate
      ? { queries: result.accurate.queries, degraded: result.accurate.degraded }
      : undefined,
    note:
      clipped > 0
        ? `${clipped} passage(s) cut to ${chunkChars} characters (text_truncated); fetch_source gives a whole source.`
        : chunks.length === 0
          ? 'Nothing found. Try other words, alpha 0.3 for exact terms, or search_mode memories.'
          : undefined,
  });
}
