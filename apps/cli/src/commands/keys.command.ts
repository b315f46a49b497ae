import { Scope } from '@trove/sdk';
import { Command, InvalidArgumentError } from 'commander';
import { clientFor, jsonOption, note, printJson, printLine } from '../context';

const SCOPES: readonly Scope[] = ['read', 'write', 'admin'];

function scopes(value: string): Scope[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = list.filter((s) => !SCOPES.includes(s as Scope));
  if (list.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`scopes are a comma-separated list of ${SCOPES.join(', ')}`);
  }
  return list as Scope[];
}

export function registerKeysCommand(program: Command): void {
  const keys = program.command('keys').description('create, list and revoke API keys');

  keys
    .command('create')
    .description('create a key for an owner (needs an admin key); the key is shown once')
    .requiredOption('--owner <owner>', 'the owner (organization) of the key')
    .option('--scopes <list>', 'read, write, admin (default: read,write)', scopes)
    .addOption(jsonOption())
    .action(async (options: { owner: string; scopes?: Scope[]; json?: boolean }, command: Command) => {
      const created = await clientFor(command).createApiKey({
        owner: options.owner,
        ...(options.scopes ? { scopes: options.scopes } : {}),
      });
      if (options.json) return printJson(created);
      printLine(created.full_api_key);
      note(
        `key ${created.api_key_id} for ${created.owner} (${created.scopes.join(', ')}): shown once, store it now`,
      );
    });

  keys
    .command('list')
    .description("list keys without their secrets (an admin key: every owner's, or --owner's)")
    .option('--owner <owner>', "only this owner's keys")
    .addOption(jsonOption())
    .action(async (options: { owner?: string; json?: boolean }, command: Command) => {
      const list = await clientFor(command).listApiKeys(options.owner ? { owner: options.owner } : {});
      if (options.json) return printJson(list);
      for (const key of list.api_keys) {
        const state = key.revoked_at ? `revoked ${key.revoked_at}` : 'active';
        printLine(
          `${key.api_key_id}  ${key.owner}  ${key.scopes.join(',')}  ${key.key_prefix}…  ${key.created_at}  ${state}`,
        );
      }
    });

  keys
    .command('revoke')
    .description('revoke a key: it gets 401 from then on')
    .argument('<api_key_id>')
    .addOption(jsonOption())
    .action(async (apiKeyId: string, options: { json?: boolean }, command: Command) => {
      const revoked = await clientFor(command).revokeApiKey(apiKeyId);
      if (options.json) return printJson(revoked);
      printLine(`${revoked.api_key_id} revoked at ${revoked.revoked_at}`);
    });
}
