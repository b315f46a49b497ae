import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { TroveClient } from '@trove/sdk';
import { DEFAULT_LIMITS, McpLimits } from './tool-context';
import { registerMemoryTools } from './tools/memory.tools';
import { registerSearchTool } from './tools/search.tool';
import { registerSourceTools } from './tools/source.tools';

/** The tools the server offers, in the order tools/list gives them. */
export const TROVE_MCP_TOOLS = [
  'search',
  'add_memory',
  'retrieve_memory',
  'fetch_source',
  'graph_relations',
] as const;

export interface TroveMcpServerOptions {
  /** The Trove client the tools call, with the key they act with: its tenants are the tools' tenants. */
  client: TroveClient;
  /** How much of each answer reaches the model; defaults in DEFAULT_LIMITS. */
  limits?: Partial<McpLimits>;
  /** The version the server reports in initialize. */
  version?: string;
}

const INSTRUCTIONS =
  "Trove is a retrieval service holding this organisation's documents and its users' memories, per tenant and sub-tenant. " +
  'Use search to find passages in documents (or memories), fetch_source to read a whole source, graph_relations for the entities and relations a source states, ' +
  'add_memory to remember durable facts about a user and retrieve_memory to recall them. Every tool needs a tenant_id; a sub_tenant_id (often one per user) is optional. ' +
  'Errors come back as tool results with a Trove error_code (e.g. FORBIDDEN: the key does not own the tenant; VALIDATION_ERROR: fix the named field).';

/**
 * An MCP server whose tools call Trove through `client`. Connect it to one transport: stdio (the
 * CLI's `trove mcp`), or a Streamable HTTP transport per request (the gateway's `/mcp`).
 */
export function createTroveMcpServer(options: TroveMcpServerOptions): McpServer {
  const server = new McpServer(
    { name: 'trove', title: 'Trove', version: options.version ?? '0.1.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const context = { client: options.client, limits: { ...DEFAULT_LIMITS, ...options.limits } };
  registerSearchTool(server, context);
  registerMemoryTools(server, context);
  registerSourceTools(server, context);
  return server;
}
