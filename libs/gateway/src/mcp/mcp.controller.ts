import { Controller, Delete, Get, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createTroveMcpServer } from '@trove/mcp';
import { codeOfStatus, errorBody } from '@trove/platform-http';
import { TroveClient } from '@trove/sdk';
import { TROVE_VERSION } from '@trove/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated } from '../auth/authenticated.decorator';

/** A tool call's own API request may take as long as an accurate search (15 s) and a little more. */
const TOOL_CALL_TIMEOUT_MS = 20_000;

/**
 * `/mcp`: Trove's MCP tools over Streamable HTTP, stateless (docs: libs/mcp/README.md). Each POST
 * gets a server and transport of its own, answers in JSON, and is forgotten: no session to keep
 * across replicas. The tools call this gateway's own HTTP API with the caller's key, so every
 * rule of the API (scopes, tenant ownership, validation, rate limits, error codes) applies to a
 * tool call exactly as to the route it uses, and is enforced in one place.
 * Not in the OpenAPI document: JSON-RPC over one path is not something it can describe.
 */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  private readonly logger = new Logger('McpController');

  @Post()
  @Authenticated({ scope: 'read', tenant: 'none' })
  async post(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const client = new TroveClient({
      baseUrl: selfBaseUrl(request),
      // The key the bearer guard just verified; the API checks it again (from its cache) per call.
      apiKey: bearerKey(request.headers.authorization) ?? '',
      // The tool calls' log lines carry the MCP request's id.
      headers: { 'x-request-id': request.id },
      timeoutMs: TOOL_CALL_TIMEOUT_MS,
    });
    const server = createTroveMcpServer({ client, version: TROVE_VERSION });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    // The transport writes to the raw response: Fastify's reply (and its onSend hooks) step aside.
    reply.hijack();
    const raw = reply.raw;
    raw.setHeader('x-request-id', request.id);
    raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, raw, request.body);
    } catch (error) {
      if (!raw.headersSent) {
        const body = errorBody('INTERNAL_ERROR', 'The MCP request failed');
        raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        raw.end(JSON.stringify({ detail: { ...body.detail, request_id: request.id } }));
      } else {
        raw.end();
      }
      // The response is ours (hijacked): Nest's filters cannot answer it, so this is the log line.
      this.logger.error(
        `MCP request ${request.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** No server-initiated stream and no sessions in stateless mode: the spec's answer is 405. */
  @Get()
  @Authenticated({ scope: 'read', tenant: 'none' })
  get(@Res() reply: FastifyReply): void {
    methodNotAllowed(reply);
  }

  @Delete()
  @Authenticated({ scope: 'read', tenant: 'none' })
  delete(@Res() reply: FastifyReply): void {
    methodNotAllowed(reply);
  }
}

function methodNotAllowed(reply: FastifyReply): void {
  void reply
    .code(405)
    .header('allow', 'POST')
    .send(
      errorBody(
        codeOfStatus(405),
        'This MCP endpoint is stateless: send JSON-RPC messages with POST (no GET stream, no sessions to delete)',
      ),
    );
}

/** The key of an `Authorization: Bearer <key>` header, read as the bearer strategy reads it. */
function bearerKey(header: string | undefined): string | null {
  const parts = header?.split(' ');
  return parts?.length === 2 && /^Bearer$/i.test(parts[0]!) && parts[1] ? parts[1] : null;
}

/**
 * This server's own address, from the socket the request came in on: it reaches this process
 * whatever HOST, PORT or PUBLIC_BASE_URL say (a port of 0, a proxy in front), and never comes
 * from a header the caller controls.
 */
export function selfBaseUrl(request: FastifyRequest): string {
  const socket = request.raw.socket;
  let host = socket.localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:')) host = host.slice('::ffff:'.length);
  if (host === '' || host === '0.0.0.0' || host === '::') host = '127.0.0.1';
  const name = host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${socket.localPort ?? 80}`;
}
