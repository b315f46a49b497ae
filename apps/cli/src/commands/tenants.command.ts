import { Command } from 'commander';
import { clientFor, jsonOption, printJson, printLine } from '../context';

export function registerTenantsCommand(program: Command): void {
  const tenants = program.command('tenants').description('create tenants and count what they hold');

  tenants
    .command('create')
    .description("create a tenant owned by the key's owner")
    .argument('<tenant_id>')
    .addOption(jsonOption())
    .action(async (tenantId: string, options: { json?: boolean }, command: Command) => {
      const created = await clientFor(command).createTenant({ tenant_id: tenantId });
      if (options.json) return printJson(created);
      printLine(`${created.tenant_id} created`);
    });

  tenants
    .command('stats')
    .description('sources, chunks, memories, embeddings, entities and relations per sub-tenant')
    .argument('<tenant_id>')
    .addOption(jsonOption())
    .action(async (tenantId: string, options: { json?: boolean }, command: Command) => {
      const stats = await clientFor(command).tenantStats(tenantId);
      if (options.json) return printJson(stats);
      const row = (name: string, c: typeof stats.totals) =>
        `${name.padEnd(24)} ${[c.sources, c.chunks, c.memories, c.embeddings, c.entities, c.relations].map((n) => String(n).padStart(9)).join('')}`;
      printLine(
        `${'sub-tenant'.padEnd(24)} ${['sources', 'chunks', 'memories', 'embeddings', 'entities', 'relations'].map((h) => h.padStart(9)).join('')}`,
      );
      for (const sub of stats.sub_tenants) printLine(row(sub.sub_tenant_id, sub.counts));
      printLine(row('total', stats.totals));
    });
}
