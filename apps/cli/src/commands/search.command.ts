import { Command, Option } from 'commander';
import { clientFor, integer, printJson, printLine, ScopeOptions, withScope } from '../context';

interface SearchOptions extends ScopeOptions {
  mode: 'fast' | 'accurate';
  max: number;
  memories?: boolean;
}

export function registerSearchCommand(program: Command): void {
  withScope(
    program
      .command('search')
      .description("hybrid search of a tenant's documents (or memories)")
      .argument('<query>', 'what to look for'),
  )
    .addOption(
      new Option('--mode <mode>', 'fast, or accurate (several searches, fused)')
        .choices(['fast', 'accurate'])
        .default('fast'),
    )
    .option('--max <n>', 'chunks to return (1-1001)', integer(1, 1001), 10)
    .option('--memories', "search the sub-tenant's memories instead of its documents")
    .action(async (query: string, options: SearchOptions, command: Command) => {
      const result = await clientFor(command).hybridSearch({
        tenant_id: options.tenant,
        ...(options.sub ? { sub_tenant_id: options.sub } : {}),
        query,
        mode: options.mode,
        max_chunks: options.max,
        ...(options.memories ? { search_mode: 'memories' as const } : {}),
      });
      if (options.json) return printJson(result);
      if (result.chunks.length === 0) return printLine('no results');
      result.chunks.forEach((chunk, at) => {
        const title = chunk.source_title || chunk.source_id;
        printLine(
          `${String(at + 1).padStart(2)}. ${chunk.relevancy_score.toFixed(3)}  ${title}  (${chunk.source_id})`,
        );
        printLine(`    ${snippet(chunk.chunk_content)}`);
      });
    });
}

function snippet(text: string, length = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
