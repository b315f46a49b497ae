import { TroveClient } from '@trove/sdk';
import { Command, InvalidArgumentError, Option } from 'commander';
import { UsageError } from './exit-codes';

export const DEFAULT_URL = 'http://127.0.0.1:8080';

/** The options every command reads: the server and the key (flags first, then the environment). */
export type GlobalOptions = {
  url?: string;
  key?: string;
};

/** The client for a command, from --url/--key or TROVE_URL/TROVE_API_KEY. */
export function clientFor(command: Command, env: NodeJS.ProcessEnv = process.env): TroveClient {
  const options = command.optsWithGlobals<GlobalOptions>();
  const baseUrl = options.url ?? env['TROVE_URL'] ?? DEFAULT_URL;
  const apiKey = options.key ?? env['TROVE_API_KEY'];
  if (!apiKey) throw new UsageError('no API key: set TROVE_API_KEY or pass --key');
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(url.protocol);
  } catch {
    throw new UsageError(`not an http(s) URL: ${baseUrl} (--url or TROVE_URL)`);
  }
  return new TroveClient({ baseUrl, apiKey });
}

/** The tenant options of every command that acts on a tenant's data. */
export interface ScopeOptions {
  tenant: string;
  sub?: string;
  json?: boolean;
}

export function withScope(command: Command): Command {
  return command
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--sub <id>', "sub-tenant id (default: the tenant's default sub-tenant)")
    .addOption(jsonOption());
}

export function jsonOption(): Option {
  return new Option('--json', 'print the answer as JSON on stdout (and nothing else there)');
}

/** A commander parser for an integer in [min, max]. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}`);
    }
    return parsed;
  };
}

/** Writes a JSON document to stdout: the only thing a --json command prints there. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function printLine(text = ''): void {
  process.stdout.write(text + '\n');
}

/** Notes for a person (progress, hints): stderr, so that stdout stays the command's answer. */
export function note(text: string): void {
  process.stderr.write(text + '\n');
}
