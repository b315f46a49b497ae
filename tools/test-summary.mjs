#!/usr/bin/env node
// Totals the TAP files written by tools/run-tests.mjs and prints "N passed, N failed".
// Exits non-zero when a test failed or when no test ran at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'tmp/test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const failedTaps = [];
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.tap')) : [];
for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8');
  // The runner's own totals, at the end of each file.
  const count = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  passed += count('pass');
  const failures = count('fail') + count('cancelled');
  failed += failures;
  skipped += count('skipped') + count('todo');
  console.log(`${file}: ${count('pass')} passed, ${failures} failed`);
  if (failures > 0) failedTaps.push(text);
}
printServerErrors(failedTaps, join(dir, 'rig-errors.log'));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

/**
 * A failing e2e case usually quotes an answer with its request_id; the error lines the servers
 * logged for those requests (written by the e2e rigs, see libs/testing keepErrors) say why.
 */
function printServerErrors(taps, file) {
  if (taps.length === 0 || !existsSync(file)) return;
  const ids = new Set(
    taps.join('\n').match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [],
  );
  if (ids.size === 0) return;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => [...ids].some((id) => line.includes(id)));
  if (lines.length === 0) return;
  console.log('what the servers logged as errors for the failing requests:');
  for (const line of lines.slice(0, 20)) console.log(`  ${line.slice(0, 2000)}`);
}
