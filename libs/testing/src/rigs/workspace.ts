import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root (where nx.json is), wherever the clone lives. */
export function workspaceRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'nx.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('nx.json not found above ' + __dirname);
    dir = parent;
  }
  return dir;
}
