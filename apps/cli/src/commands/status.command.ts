import { Command } from 'commander';
import { clientFor, printJson, printLine, ScopeOptions, withScope } from '../context';

export function registerStatusCommand(program: Command): void {
  withScope(
    program
      .command('status')
      .description('the processing status of a document, web page, memory or embedding batch')
      .argument('<file_id>', 'the id the upload answered'),
  ).action(async (fileId: string, options: ScopeOptions, command: Command) => {
    const status = await clientFor(command).verifyProcessing({
      file_id: fileId,
      tenant_id: options.tenant,
      ...(options.sub ? { sub_tenant_id: options.sub } : {}),
    });
    if (options.json) return printJson(status);
    printLine(`${status.file_id}: ${status.indexing_status}`);
    if (status.error_code) printLine(`error: ${status.error_code}: ${status.message}`);
    const progress = status.progress ?? {};
    const chunks = [progress['chunks_indexed'], progress['chunks_total']];
    if (chunks.every((n) => typeof n === 'number')) printLine(`chunks: ${chunks[0]}/${chunks[1]} indexed`);
    if (typeof progress['attempts'] === 'number') printLine(`attempts: ${progress['attempts']}`);
  });
}
