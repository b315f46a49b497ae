#!/usr/bin/env node
// Totals the TAP files written by tools/run-tests.mjs and prints "N passed, N failed".
// Exits non-zero when a test failed or when no test ran at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'tmp/test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.tap')) : [];
for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8');
  // The runner's own totals, at the end of each file.
  const count = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail') + count('cancelled');
  skipped += count('skipped') + count('todo');
  console.log(`${file}: ${count('pass')} passed, ${count('fail') + count('cancelled')} failed`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
