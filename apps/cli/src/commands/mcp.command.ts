import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createTroveMcpServer, TROVE_MCP_TOOLS } from '@trove/mcp';
import { Command } from 'commander';
import { clientFor, note } from '../context';

/**
 * `trove mcp`: Trove's MCP server over stdio, for Claude Desktop, IDEs and agents that spawn their
 * servers. stdout carries the protocol and nothing else; notes and errors go to stderr.
 */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description(
      `serve Trove's tools over MCP on stdio (${TROVE_MCP_TOOLS.join(', ')}) with the key's access`,
    )
    .action(async (_options: unknown, command: Command) => {
      const client = clientFor(command);
      const server = createTroveMcpServer({ client, version: program.version() ?? '0.1.0' });
      const transport = new StdioServerTransport();
      transport.onerror = (error) => note(`trove mcp: ${error.message}`);
      const closed = new Promise<void>((resolve) => {
        server.server.onclose = resolve;
        // The client closing our stdin is the end of the session.
        process.stdin.once('end', resolve);
        process.stdin.once('close', resolve);
      });
      await server.connect(transport);
      note(`trove mcp: serving ${client.baseUrl} over stdio`);
      await closed;
      await server.close();
    });
}
