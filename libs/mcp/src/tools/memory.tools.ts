import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AddMemoryRequest, RetrieveMemoriesRequest } from '@trove/sdk';
import { z } from 'zod';
import { clip, defined, guarded, toolResult } from '../results';
import { scopeOf, subTenantField, tenantField, ToolContext } from '../tool-context';

const addInput = {
  tenant_id: tenantField,
  sub_tenant_id: subTenantField,
  raw_text: z
    .string()
    .min(1)
    .max(100_000)
    .optional()
    .describe(
      'The memory as a standalone statement, e.g. "Dana prefers window seats and flies from Lisbon." Give this or user_assistant_pairs.',
    ),
  user_assistant_pairs: z
    .array(z.object({ user: z.string(), assistant: z.string() }))
    .min(1)
    .max(100)
    .optional()
    .describe('Conversation turns stored together as one memory, instead of raw_text.'),
  infer: z
    .boolean()
    .optional()
    .describe(
      'Also store short inferred facts read from the text (e.g. "The user lives in Porto"), which retrieve well. Default false.',
    ),
  memory_id: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('An id of your choosing; the same id again replaces that memory. Omit to get a new one.'),
  user_name: z
    .string()
    .max(256)
    .optional()
    .describe("The user's name, when the memory is about a named user."),
  expiry_time: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Forget the memory after this many seconds (e.g. 86400 for a day). Omit to keep it.'),
};

const addOutput = {
  memory_id: z.string().describe('Pass it as memory_id to replace this memory later'),
  source_id: z.string(),
  chunks_created: z.number(),
  inferred_chunks: z.number(),
};

const retrieveInput = {
  query: z
    .string()
    .min(1)
    .max(2000)
    .describe('What you want to recall, e.g. "seat preference" or "where does the user live".'),
  tenant_id: tenantField,
  sub_tenant_id: subTenantField,
  max_count: z
    .number()
    .int()
    .min(0)
    .max(50)
    .optional()
    .describe('At most this many memories, best first (default 10). 0: only those that clearly stand out.'),
  user_name: z
    .string()
    .max(256)
    .optional()
    .describe("Only this user's memories (and those of no named user)."),
};

const retrieveOutput = {
  memories: z.array(
    z.object({
      memory_id: z.string(),
      source_id: z.string(),
      score: z.number(),
      text: z.string(),
      text_truncated: z.boolean().optional(),
    }),
  ),
  note: z.string().optional(),
};

export function registerMemoryTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'add_memory',
    {
      title: 'Remember something',
      description:
        'Store a memory in Trove for a tenant and sub-tenant (usually one user): a fact, preference, plan or decision worth recalling in later conversations. Use it when the user tells you something durable about themselves or asks you to remember; do not store secrets (passwords, keys). Searchable as soon as this answers.',
      inputSchema: addInput,
      outputSchema: addOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) =>
      guarded(async () => {
        const request: AddMemoryRequest = defined({
          ...scopeOf(args),
          raw_text: args.raw_text,
          user_assistant_pairs: args.user_assistant_pairs,
          infer: args.infer,
          memory_id: args.memory_id,
          user_name: args.user_name,
          expiry_time: args.expiry_time,
        });
        const added = await context.client.addMemory(request);
        return toolResult({
          memory_id: added.memory_id,
          source_id: added.source_id,
          chunks_created: added.chunks_created,
          inferred_chunks: added.inferred_chunks,
        });
      }),
  );

  server.registerTool(
    'retrieve_memory',
    {
      title: 'Recall memories',
      description:
        "Recall the memories stored with add_memory that are relevant to a query, for one tenant and sub-tenant (usually one user). Use it at the start of a task or when the user refers to something they told you before (preferences, facts about them, earlier decisions). Returns the memories' text with a relevancy score in [0, 1], best first.",
      inputSchema: retrieveInput,
      outputSchema: retrieveOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const request: RetrieveMemoriesRequest = defined({
          ...scopeOf(args),
          query: args.query,
          max_count: args.max_count,
          user_name: args.user_name,
        });
        const found = await context.client.retrieveMemories(request);
        let clipped = 0;
        const memories = found.user_memories.map((memory) => {
          const { text, truncated } = clip(memory.source_content, context.limits.memoryChars);
          if (truncated) clipped++;
          return defined({
            memory_id: memory.memory_id,
            source_id: memory.source_id,
            score: Math.round(memory.score * 1000) / 1000,
            text,
            text_truncated: truncated || undefined,
          });
        });
        return toolResult(
          defined({
            memories,
            note:
              clipped > 0
                ? `${clipped} memory text(s) cut to ${context.limits.memoryChars} characters; fetch_source with the source_id gives the whole text.`
                : memories.length === 0
                  ? 'No memory matches.'
                  : undefined,
          }),
        );
      }),
  );
}
