import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GraphRelations, SourceContent } from '@trove/sdk';
import { z } from 'zod';
import { clip, defined, guarded, toolResult } from '../results';
import { McpLimits, scopeOf, subTenantField, tenantField, ToolContext } from '../tool-context';

const sourceIdField = z
  .string()
  .min(1)
  .max(256)
  .describe(
    'The source id, as a search hit or memory gives it (source_id), or the file_id it was uploaded with.',
  );

const fetchInput = (limits: McpLimits) => ({
  tenant_id: tenantField,
  sub_tenant_id: subTenantField,
  source_id: sourceIdField,
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "Start at this character of the text (default 0); pass the previous answer's next_offset to read on.",
    ),
  max_chars: z
    .number()
    .int()
    .min(100)
    .max(limits.maxSourceChars)
    .optional()
    .describe(
      `At most this many characters (default ${limits.sourceChars}, at most ${limits.maxSourceChars}).`,
    ),
});

const fetchOutput = {
  source_id: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  text: z.string().optional().describe('The slice of the text from offset'),
  offset: z.number().optional(),
  total_chars: z.number().optional(),
  next_offset: z.number().optional().describe('Present when more text follows: call again with this offset'),
  note: z.string().optional(),
};

const relationsInput = (limits: McpLimits) => ({
  tenant_id: tenantField,
  sub_tenant_id: subTenantField,
  source_id: sourceIdField,
  max_relations: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe(`At most this many relations, in the source's order (default ${limits.relations}).`),
});

const relationsOutput = {
  relations: z.array(
    z.object({
      source: z.string().describe('The first entity, "name (type)"'),
      predicate: z.string().describe('The relation, normalised (e.g. "works at", "founded")'),
      target: z.string().describe('The second entity, "name (type)"'),
      confidence: z.number(),
      evidence: z.string().describe('The sentence the relation was read from'),
      chunk_id: z.string(),
    }),
  ),
  total: z.number().describe('Relations the source has in all'),
  note: z.string().optional(),
};

export function registerSourceTools(server: McpServer, context: ToolContext): void {
  const { limits } = context;
  server.registerTool(
    'fetch_source',
    {
      title: 'Read a source',
      description:
        'Read the full text of one source (an uploaded document, web page or memory) by its source_id, e.g. to read around a search hit or to quote a document. Long texts come in pages: the answer has next_offset while more follows. Binary files (PDF, DOCX) are not returned as text: search them instead.',
      inputSchema: fetchInput(limits),
      outputSchema: fetchOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const content = await context.client.fetchSourceContent({
          ...scopeOf(args),
          source_id: args.source_id,
          mode: 'content',
        });
        return toolResult(fetchOutputOf(content, args.offset ?? 0, args.max_chars ?? limits.sourceChars));
      }),
  );

  server.registerTool(
    'graph_relations',
    {
      title: 'Knowledge-graph relations of a source',
      description:
        "The entities and relations Trove's knowledge graph read from one source (document, page or memory): who works where, what is part of what, with the sentence each was read from. Use it for a structured overview of what a source says about people, organisations, places and products, or to check a relation before stating it. Empty while the source's graph is still being made.",
      inputSchema: relationsInput(limits),
      outputSchema: relationsOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const graph = await context.client.graphRelations({ ...scopeOf(args), source_id: args.source_id });
        return toolResult(
          relationsOutputOf(graph, args.max_relations ?? limits.relations, limits.contextChars),
        );
      }),
  );
}

export function fetchOutputOf(content: SourceContent, offset: number, maxChars: number) {
  const base = {
    source_id: content.source_id,
    content_type: content.content_type,
    size_bytes: content.size_bytes,
  };
  if (content.content === undefined) {
    return {
      ...base,
      note: `This source is binary (${content.content_type}); its text is not returned here. Use search (its passages are indexed) instead.`,
    };
  }
  const total = content.content.length;
  const start = Math.min(offset, total);
  const { text } = clip(content.content.slice(start), maxChars);
  const end = start + text.length;
  return defined({
    ...base,
    text,
    offset: start,
    total_chars: total,
    next_offset: end < total ? end : undefined,
    note:
      end < total
        ? `Characters ${start}-${end} of ${total}; call again with offset ${end} for more.`
        : start > 0 || offset > total
          ? `Characters ${start}-${end} of ${total} (the end).`
          : undefined,
  });
}

export function relationsOutputOf(graph: GraphRelations, max: number, contextChars: number) {
  const all = graph.relations.flatMap((triplet) =>
    triplet.relations.map((relation) => ({
      source: `${triplet.source.name} (${triplet.source.type})`,
      predicate: relation.canonical_predicate || relation.raw_predicate,
      target: `${triplet.target.name} (${triplet.target.type})`,
      confidence: Math.round(relation.confidence * 100) / 100,
      evidence: clip(relation.context, contextChars).text,
      chunk_id: relation.chunk_id ?? triplet.chunk_id,
    })),
  );
  return defined({
    relations: all.slice(0, max),
    total: all.length,
    note:
      all.length > max
        ? `${max} of ${all.length} relations shown; raise max_relations for more.`
        : all.length === 0
          ? 'No relations (yet): the graph may still be in the making, or the source names no entities.'
          : undefined,
  });
}
