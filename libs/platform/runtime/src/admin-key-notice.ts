import { printAfterLogs } from '@trove/platform-logging';

/**
 * Prints a generated admin key where a newcomer sees it: after the process says it is listening,
 * framed, as the last lines of the start (after the start-up logs). Plain stdout, never a log
 * record: log pipelines keep and ship what they see. Nothing when no key was generated.
 */
export function announceAdminKey(key: string | undefined): void {
  if (key === undefined) return;
  const line = `Admin API key (shown once, store it now): ${key}`;
  const rule = '='.repeat(line.length);
  printAfterLogs(`\n${rule}\n${line}\n${rule}\n\n`);
}
