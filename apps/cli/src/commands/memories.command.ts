import { Command } from 'commander';
import { clientFor, integer, printJson, printLine, ScopeOptions, withScope } from '../context';

export function registerMemoriesCommand(program: Command): void {
  const memories = program.command('memories').description('add and retrieve user memories');

  withScope(
    memories.command('add').description('add a memory (searchable when this answers)').argument('<text>'),
  )
    .option('--id <memory_id>', 'the memory id; the same id again replaces the memory (default: generated)')
    .option('--user <name>', 'whose memory it is (user_name)')
    .action(
      async (text: string, options: ScopeOptions & { id?: string; user?: string }, command: Command) => {
        const added = await clientFor(command).addMemory({
          tenant_id: options.tenant,
          ...(options.sub ? { sub_tenant_id: options.sub } : {}),
          raw_text: text,
          ...(options.id ? { memory_id: options.id } : {}),
          ...(options.user ? { user_name: options.user } : {}),
        });
        if (options.json) return printJson(added);
        printLine(`${added.memory_id} (${added.chunks_created} chunks)`);
      },
    );

  withScope(memories.command('retrieve').description('the memories relevant to a query').argument('<query>'))
    .option('--max <n>', 'at most this many (0: as many as stand out, at most 20)', integer(0, 100))
    .option('--user <name>', "only this user's memories (and those of no named user)")
    .action(
      async (query: string, options: ScopeOptions & { max?: number; user?: string }, command: Command) => {
        const found = await clientFor(command).retrieveMemories({
          tenant_id: options.tenant,
          ...(options.sub ? { sub_tenant_id: options.sub } : {}),
          ...(options.max === undefined ? {} : { max_count: options.max }),
          query,
          ...(options.user ? { user_name: options.user } : {}),
        });
        if (options.json) return printJson(found);
        if (found.user_memories.length === 0) return printLine('no memories');
        for (const memory of found.user_memories) {
          printLine(
            `${memory.score.toFixed(3)}  ${memory.memory_id}  ${memory.source_content.replace(/\s+/g, ' ')}`,
          );
        }
      },
    );
}
