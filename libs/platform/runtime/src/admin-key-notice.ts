/**
 * Prints a generated admin key where a newcomer sees it: after the process says it is listening,
 * framed, as the last lines of the start. Straight to stdout, never through the logger: log
 * pipelines keep and ship what they see. Nothing when no key was generated.
 */
export function announceAdminKey(key: string | undefined): void {
  if (key === undefined) return;
  const line = `Admin API key (shown once, store it now): ${key}`;
  const rule = '='.repeat(line.length);
  process.stdout.write(`\n${rule}\n${line}\n${rule}\n\n`);
}
