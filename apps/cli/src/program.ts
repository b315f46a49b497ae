import { Command, CommanderError } from 'commander';
import { registerKeysCommand } from './commands/keys.command';
import { registerMcpCommand } from './commands/mcp.command';
import { registerMemoriesCommand } from './commands/memories.command';
import { registerSearchCommand } from './commands/search.command';
import { registerStatusCommand } from './commands/status.command';
import { registerTenantsCommand } from './commands/tenants.command';
import { registerUploadCommand } from './commands/upload.command';
import { DEFAULT_URL } from './context';
import { describeError, ExitCode, exitCodeFor } from './exit-codes';

const EXIT_CODES = `
Environment:
  TROVE_URL      the server (default ${DEFAULT_URL}); --url overrides it
  TROVE_API_KEY  the API key; --key overrides it

Exit codes:
  0  ok
  1  usage error (bad arguments, a missing path, no API key)
  2  the server rejected the request (4xx: a bad key, a missing tenant, invalid input)
  3  the server is unavailable (5xx, connection refused, no answer)
  4  processing failed (upload --wait: a file ended errored or did not finish in time)`;

export function createProgram(): Command {
  const program = new Command('trove')
    .description('Trove from the command line: upload, search, status, memories, API keys')
    .version(readVersion())
    .option('--url <url>', `the server (env TROVE_URL, default ${DEFAULT_URL})`)
    .option('--key <key>', 'the API key (env TROVE_API_KEY)')
    .addHelpText('after', EXIT_CODES)
    .showHelpAfterError('(add --help for usage)')
    .exitOverride();
  registerUploadCommand(program);
  registerSearchCommand(program);
  registerStatusCommand(program);
  registerMemoriesCommand(program);
  registerKeysCommand(program);
  registerTenantsCommand(program);
  registerMcpCommand(program);
  for (const command of program.commands) exitOverrideAll(command);
  return program;
}

/** Runs trove with `argv` (process.argv's shape) and resolves the exit code. */
export async function run(argv: string[]): Promise<number> {
  try {
    await createProgram().parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander printed the message (or the help / version) already.
      return ['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(error.code)
        ? ExitCode.ok
        : ExitCode.usage;
    }
    process.stderr.write(`trove: ${describeError(error)}\n`);
    return exitCodeFor(error);
  }
}

function exitOverrideAll(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideAll(sub);
}

function readVersion(): string {
  // dist/program.js → the package's own package.json.
  return (require('../package.json') as { version: string }).version;
}
