import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TroveClient } from '@trove/sdk';
import { startTrove, TroveRig, workspaceRoot } from '@trove/testing';

const root = workspaceRoot();
const CLI = join(root, 'apps/cli/dist/main.js');
const TOOLS = ['add_memory', 'fetch_source', 'graph_relations', 'retrieve_memory', 'search'];

type Structured = Record<string, unknown>;

/** A tool call that must succeed: its structured content. */
async function call<T = Structured>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.ok(!result.isError, `${name} failed: ${JSON.stringify(result.content)}`);
  assert.ok(result.structuredContent, `${name} gave no structured content`);
  // The text is the same object, as compact JSON, for clients that read text only.
  const text = result.content[0];
  assert.equal(text?.type, 'text');
  assert.deepEqual(JSON.parse((text as { text: string }).text), result.structuredContent);
  return result.structuredContent as T;
}

/** A tool call that must fail as a tool result (isError), not as a protocol error: its text. */
async function failing(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.equal(result.isError, true, `${name} should fail: ${JSON.stringify(result)}`);
  const text = result.content[0];
  assert.equal(text?.type, 'text');
  return (text as { text: string }).text;
}

interface Chunk {
  source_id: string;
  text: string;
}

describe('MCP server (standalone)', { timeout: 240_000 }, () => {
  const stamp = Date.now();
  const tenantA = `mcp-a-${stamp}`;
  const tenantB = `mcp-b-${stamp}`;
  let rig: TroveRig;
  let keyA: string;
  let keyB: string;

  before(async () => {
    rig = await startTrove('standalone', { env: { EMBEDDINGS_PROVIDER: 'hashing' } });
    const admin = new TroveClient({ baseUrl: rig.baseUrl, apiKey: rig.adminKey });
    keyA = (await admin.createApiKey({ owner: `mcp-owner-a-${stamp}` })).full_api_key;
    keyB = (await admin.createApiKey({ owner: `mcp-owner-b-${stamp}` })).full_api_key;
    const a = new TroveClient({ baseUrl: rig.baseUrl, apiKey: keyA });
    const b = new TroveClient({ baseUrl: rig.baseUrl, apiKey: keyB });
    await a.createTenant({ tenant_id: tenantA });
    await b.createTenant({ tenant_id: tenantB });
    await a.uploadDocument({
      tenant_id: tenantA,
      file_id: 'curie.md',
      file: '# Curie\n\nMarie Curie discovered polonium and radium in Paris. She worked at the University of Paris.\n',
      filename: 'curie.md',
      contentType: 'text/markdown',
    });
    const status = await a.waitForProcessing('curie.md', { tenantId: tenantA, timeoutMs: 60_000 });
    assert.equal(status.indexing_status, 'completed');
    await b.addMemory({ tenant_id: tenantB, raw_text: 'B secret: the vault code is kept in Oslo.' });
  });

  after(async () => {
    await rig?.dispose();
  });

  describe('over stdio (trove mcp)', () => {
    let client: Client;
    let transport: StdioClientTransport;
    let stderr = '';
    const transportErrors: Error[] = [];

    before(async () => {
      transport = new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp'],
        cwd: root,
        env: { PATH: process.env['PATH'] ?? '', TROVE_URL: rig.baseUrl, TROVE_API_KEY: keyA },
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      client = new Client({ name: 'trove-e2e', version: '1.0.0' });
      client.onerror = (error) => transportErrors.push(error);
      await client.connect(transport);
    });

    after(async () => {
      await client?.close();
    });

    it('initializes as trove and lists the five tools with described schemas', async () => {
      assert.equal(client.getServerVersion()?.name, 'trove');
      assert.match(client.getInstructions() ?? '', /tenant_id/);
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
      for (const tool of tools) {
        assert.ok((tool.description ?? '').length > 60, `${tool.name} has a description`);
        assert.ok(tool.outputSchema, `${tool.name} has an output schema`);
        const properties = tool.inputSchema.properties as Record<string, { description?: string }>;
        assert.ok(tool.inputSchema.required?.includes('tenant_id'), `${tool.name} requires tenant_id`);
        for (const [field, schema] of Object.entries(properties)) {
          assert.ok(schema.description, `${tool.name}.${field} has a description`);
        }
      }
      const search = tools.find((t) => t.name === 'search')!;
      const fields = Object.keys(search.inputSchema.properties ?? {});
      for (const field of ['query', 'search_mode', 'mode', 'max_chunks', 'alpha', 'graph_context']) {
        assert.ok(fields.includes(field), `search takes ${field}`);
      }
      assert.equal(search.annotations?.readOnlyHint, true);
    });

    it('adds a memory, then retrieves it and finds it by search', async () => {
      const added = await call<{ memory_id: string }>(client, 'add_memory', {
        tenant_id: tenantA,
        sub_tenant_id: 'user-1',
        raw_text: 'I prefer window seats on long flights.',
        memory_id: 'seats',
      });
      assert.equal(added.memory_id, 'seats');
      const recalled = await call<{ memories: { memory_id: string; text: string }[] }>(
        client,
        'retrieve_memory',
        { tenant_id: tenantA, sub_tenant_id: 'user-1', query: 'window seats flights', max_count: 3 },
      );
      assert.equal(recalled.memories[0]?.memory_id, 'seats');
      assert.match(recalled.memories[0]!.text, /window seats/);
      const found = await call<{ chunks: Chunk[] }>(client, 'search', {
        tenant_id: tenantA,
        sub_tenant_id: 'user-1',
        query: 'window seats',
        search_mode: 'memories',
        max_chunks: 3,
      });
      assert.equal(found.chunks[0]?.source_id, 'seats');
    });

    it('searches the uploaded document and fetches its content', async () => {
      const found = await call<{ chunks: Chunk[]; alpha: number }>(client, 'search', {
        tenant_id: tenantA,
        query: 'who discovered radium',
        max_chunks: 2,
      });
      assert.equal(found.chunks[0]?.source_id, 'curie.md');
      assert.match(found.chunks[0]!.text, /radium/);
      const source = await call<{ text: string; total_chars: number; content_type: string }>(
        client,
        'fetch_source',
        { tenant_id: tenantA, source_id: 'curie.md' },
      );
      assert.match(source.text, /Marie Curie discovered polonium/);
      assert.equal(source.total_chars, source.text.length);
      const page = await call<{ text: string; next_offset?: number }>(client, 'fetch_source', {
        tenant_id: tenantA,
        source_id: 'curie.md',
        max_chars: 100,
      });
      assert.equal(page.text.length, 100);
      assert.equal(page.next_offset, 100);
      const graph = await call<{ relations: { source: string; predicate: string; target: string }[] }>(
        client,
        'graph_relations',
        { tenant_id: tenantA, source_id: 'curie.md' },
      );
      assert.ok(
        graph.relations.some(
          (r) =>
            /^Marie Curie/i.test(r.source) &&
            r.predicate === 'works at' &&
            /University of Paris/i.test(r.target),
        ),
        JSON.stringify(graph.relations),
      );
    });

    it("answers a Trove error as a tool error with the error code: another owner's tenant, a bad id", async () => {
      const text = await failing(client, 'search', { tenant_id: tenantB, query: 'vault code' });
      assert.match(text, /FORBIDDEN/);
      assert.match(text, /HTTP 403, request id \S+/);
      const missing = await failing(client, 'fetch_source', { tenant_id: tenantA, source_id: 'no-such' });
      assert.match(missing, /SOURCE_NOT_FOUND|FILE_NOT_FOUND|NOT_FOUND/);
      const invalid = await failing(client, 'search', { tenant_id: 'not a valid id!', query: 'x' });
      assert.match(invalid, /^Trove error VALIDATION_ERROR: .*\(HTTP 422, request id \S+\)\n {2}tenant_id: /);
      const empty = await failing(client, 'add_memory', { tenant_id: tenantA });
      assert.match(empty, /VALIDATION_ERROR/);
      assert.match(empty, /raw_text/);
    });

    it('keeps stdout to the protocol: no transport errors, notes on stderr', () => {
      assert.deepEqual(transportErrors, []);
      assert.match(stderr, /trove mcp: serving http:\/\/127\.0\.0\.1:\d+ over stdio/);
    });
  });

  describe('over Streamable HTTP (/mcp)', () => {
    const connect = async (key: string): Promise<Client> => {
      const client = new Client({ name: 'trove-e2e-http', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', rig.baseUrl), {
          requestInit: { headers: { Authorization: `Bearer ${key}` } },
        }),
      );
      return client;
    };

    it('serves the same tools with the caller key: add, retrieve, search', async () => {
      const client = await connect(keyA);
      try {
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
        await call(client, 'add_memory', {
          tenant_id: tenantA,
          sub_tenant_id: 'user-2',
          raw_text: 'My favourite tea is genmaicha.',
          memory_id: 'tea',
        });
        const recalled = await call<{ memories: { memory_id: string }[] }>(client, 'retrieve_memory', {
          tenant_id: tenantA,
          sub_tenant_id: 'user-2',
          query: 'favourite tea',
        });
        assert.equal(recalled.memories[0]?.memory_id, 'tea');
        const found = await call<{ chunks: Chunk[] }>(client, 'search', {
          tenant_id: tenantA,
          query: 'polonium',
          max_chunks: 1,
        });
        assert.equal(found.chunks[0]?.source_id, 'curie.md');
      } finally {
        await client.close();
      }
    });

    it("refuses tenant B's data to tenant A's key (FORBIDDEN), and gives B's key its own", async () => {
      const a = await connect(keyA);
      try {
        const text = await failing(a, 'retrieve_memory', { tenant_id: tenantB, query: 'vault code' });
        assert.match(text, /FORBIDDEN/);
        assert.doesNotMatch(text, /Oslo/);
      } finally {
        await a.close();
      }
      const b = await connect(keyB);
      try {
        const recalled = await call<{ memories: { text: string }[] }>(b, 'retrieve_memory', {
          tenant_id: tenantB,
          query: 'vault code',
        });
        assert.match(recalled.memories[0]?.text ?? '', /Oslo/);
      } finally {
        await b.close();
      }
    });

    it('answers 401 in the error shape without a key, and 405 to GET and DELETE', async () => {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      };
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const anonymous = await fetch(new URL('/mcp', rig.baseUrl), {
        method: 'POST',
        headers,
        body: JSON.stringify(initialize),
      });
      assert.equal(anonymous.status, 401);
      const body = (await anonymous.json()) as { detail: { success: boolean; error_code: string } };
      assert.equal(body.detail.success, false);
      assert.equal(body.detail.error_code, 'UNAUTHORIZED');
      await assert.rejects(connect('sk_live_' + 'x'.repeat(40)));

      const authorised = await fetch(new URL('/mcp', rig.baseUrl), {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${keyA}` },
        body: JSON.stringify(initialize),
      });
      assert.equal(authorised.status, 200);
      assert.match(authorised.headers.get('content-type') ?? '', /application\/json/);
      assert.ok(authorised.headers.get('x-request-id'));
      assert.equal(authorised.headers.get('mcp-session-id'), null, 'stateless: no session');

      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(new URL('/mcp', rig.baseUrl), {
          method,
          headers: { authorization: `Bearer ${keyA}` },
        });
        assert.equal(response.status, 405, method);
        assert.equal(response.headers.get('allow'), 'POST');
        const refused = (await response.json()) as { detail: { success: boolean; request_id: string } };
        assert.equal(refused.detail.success, false);
        assert.ok(refused.detail.request_id);
      }
    });

    it('is left out of the OpenAPI document', async () => {
      const response = await fetch(new URL('/openapi.json', rig.baseUrl));
      const document = (await response.json()) as { paths: Record<string, unknown> };
      assert.ok(!('/mcp' in document.paths));
    });
  });
});
