#!/usr/bin/env node
// Runs the benchmarks named on the command line (all when none): `npm run bench -- round-trip`.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const dir = import.meta.dirname;
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .map((f) => f.replace(/\.bench\.mjs$/, ''));
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of wanted) {
  if (!all.includes(name)) {
    console.error(`unknown benchmark "${name}"; have: ${all.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n## ${name}`);
  const result = spawnSync(process.execPath, [join(dir, `${name}.bench.mjs`)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
