import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TroveClient } from '@trove/sdk';
import { createTroveMcpServer, TROVE_MCP_TOOLS } from './server';

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/** A server over a Trove that answers each path from `answers`, and a client connected to it. */
async function connected(answers: Record<string, Answer>, seen: { path: string; body: string }[] = []) {
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    seen.push({ path: url.pathname + url.search, body: await request.text() });
    const answer = answers[url.pathname];
    if (!answer) return new Response('{}', { status: 500 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  const server = createTroveMcpServer({
    client: new TroveClient({ baseUrl: 'http://trove.test', apiKey: 'sk_live_test', fetch }),
    limits: { chunkChars: 50, sourceChars: 30, relations: 2 },
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'spec', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const chunk = (id: string, text: string) => ({
  chunk_uuid: `${id}_0`,
  source_id: id,
  chunk_content: text,
  source_type: 'file',
  source_title: id,
  source_upload_time: '2026-01-01T00:00:00Z',
  source_last_updated_time: '2026-01-01T00:00:00Z',
  layout: '{"offsets":{"document_level_start_index":0}}',
  relevancy_score: 0.87654,
  document_metadata: {},
  tenant_metadata: {},
});

describe('the Trove MCP server', () => {
  it('lists its five tools', async () => {
    const client = await connected({});
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [...TROVE_MCP_TOOLS],
    );
  });

  it('sends search arguments as the API names them and cuts long passages, saying so', async () => {
    const seen: { path: string; body: string }[] = [];
    const client = await connected(
      {
        '/search/hybrid-search': {
          body: {
            chunks: [chunk('long', 'x'.repeat(80)), chunk('short', 'radium')],
            graph_context: { query_paths: [], chunk_relations: [], chunk_id_to_group_ids: {} },
            alpha: 0.5,
          },
        },
      },
      seen,
    );
    const result = await call(client, 'search', {
      tenant_id: 'acme',
      query: 'radium',
      alpha: 'auto',
      max_chunks: 2,
      search_mode: 'sources',
    });
    assert.deepEqual(JSON.parse(seen[0]!.body), {
      tenant_id: 'acme',
      query: 'radium',
      search_mode: 'sources',
      max_chunks: 2,
      alpha: 'auto',
    });
    const out = result.structuredContent as {
      chunks: { text: string; text_truncated?: boolean; relevancy_score: number }[];
      note: string;
    };
    assert.equal(out.chunks[0]!.text.length, 50);
    assert.equal(out.chunks[0]!.text_truncated, true);
    assert.equal(out.chunks[1]!.text_truncated, undefined);
    assert.equal(out.chunks[0]!.relevancy_score, 0.877);
    assert.match(out.note, /1 passage\(s\) cut to 50 characters/);
  });

  it('answers a Trove error as an isError result with its code, status and request id', async () => {
    const client = await connected({
      '/user_memory/add_user_memory': {
        status: 422,
        headers: { 'x-request-id': 'req-1' },
        body: {
          detail: {
            success: false,
            message: 'Invalid request',
            error_code: 'VALIDATION_ERROR',
            errors: [{ field: 'raw_text', message: 'raw_text or user_assistant_pairs is required' }],
          },
        },
      },
    });
    const result = await call(client, 'add_memory', { tenant_id: 'acme' });
    assert.equal(result.isError, true);
    const text = (result.content[0] as { text: string }).text;
    assert.match(text, /^Trove error VALIDATION_ERROR: Invalid request \(HTTP 422, request id req-1\)/);
    assert.match(text, /raw_text: raw_text or user_assistant_pairs is required/);
  });

  it('gives a source in pages, and says a binary one is not shown', async () => {
    const text = 'abcdefghij'.repeat(7); // 70 characters
    const client = await connected({
      '/fetch/fetch-source-content': {
        body: {
          source_id: 's',
          success: true,
          message: '',
          content_type: 'text/plain',
          size_bytes: 70,
          content: text,
        },
      },
    });
    const first = (await call(client, 'fetch_source', { tenant_id: 'acme', source_id: 's' }))
      .structuredContent as { text: string; next_offset?: number; total_chars: number };
    assert.deepEqual([first.text, first.next_offset, first.total_chars], [text.slice(0, 30), 30, 70]);
    const last = (await call(client, 'fetch_source', { tenant_id: 'acme', source_id: 's', offset: 60 }))
      .structuredContent as { text: string; next_offset?: number };
    assert.deepEqual([last.text, last.next_offset], [text.slice(60), undefined]);

    const binary = await connected({
      '/fetch/fetch-source-content': {
        body: {
          source_id: 'p',
          success: true,
          message: '',
          content_type: 'application/pdf',
          size_bytes: 9,
          content_base64: 'JVBERi0xLjc=',
        },
      },
    });
    const pdf = (await call(binary, 'fetch_source', { tenant_id: 'acme', source_id: 'p' }))
      .structuredContent as { text?: string; note: string };
    assert.equal(pdf.text, undefined);
    assert.match(pdf.note, /binary \(application\/pdf\)/);
  });

  it('flattens graph relations to one line each, at most max_relations', async () => {
    const entity = (name: string, type: string) => ({
      name,
      type,
      namespace: 'default',
      entity_id: name,
      identifier: null,
    });
    const evidence = (predicate: string) => ({
      canonical_predicate: predicate,
      raw_predicate: predicate,
      context: 'Marie Curie worked at the University of Paris.',
      relationship_id: predicate,
      confidence: 0.853,
      temporal_details: null,
      timestamp: null,
      chunk_id: 'c_0',
      source_entity_id: null,
      target_entity_id: null,
    });
    const client = await connected({
      '/list/graph-relations-by-id': {
        body: {
          success: true,
          message: 'Relations retrieved successfully',
          relations: [
            {
              source: entity('marie curie', 'person'),
              target: entity('university of paris', 'organization'),
              relations: [evidence('works at'), evidence('studied at')],
              chunk_id: 'c_0',
            },
            {
              source: entity('marie curie', 'person'),
              target: entity('paris', 'location'),
              relations: [evidence('lives in')],
              chunk_id: 'c_0',
            },
          ],
        },
      },
    });
    const out = (await call(client, 'graph_relations', { tenant_id: 'acme', source_id: 's' }))
      .structuredContent as {
      relations: { source: string; predicate: string; confidence: number }[];
      total: number;
      note: string;
    };
    assert.equal(out.total, 3);
    assert.deepEqual(
      out.relations.map((r) => [r.source, r.predicate, r.confidence]),
      [
        ['marie curie (person)', 'works at', 0.85],
        ['marie curie (person)', 'studied at', 0.85],
      ],
    );
    assert.match(out.note, /2 of 3 relations/);
  });
});
