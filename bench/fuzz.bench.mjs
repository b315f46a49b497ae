#!/usr/bin/env node
// The HTTP fuzz suite (apps/standalone/src/standalone.fuzz.spec.ts) run longer than CI runs it:
// FUZZ_RUNS requests per seed over every route and field of the OpenAPI document, in process,
// for each seed; prints the answers by status and whether any was a 5xx, a hang or a wrong shape.
//
//   node_modules/.bin/nx run standalone:build --output-style=static
//   node bench/fuzz.bench.mjs                      (4 seeds × 5,000 = 20,000 requests)
//   node bench/fuzz.bench.mjs --runs 20000 --seeds 1
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { argValue } from './lib/quality-stack.mjs';

const RUNS = Number(argValue('runs', '5000'));
const SEEDS = Number(argValue('seeds', '4'));
const spec = join(import.meta.dirname, '..', 'apps', 'standalone', 'dist', 'standalone.fuzz.spec.js');
const dir = mkdtempSync(join(tmpdir(), 'trove-fuzz-bench-'));
const rows = [];
for (let i = 0; i < SEEDS; i++) {
  const seed = 20261125 + i * 7919;
  const report = join(dir, `report-${seed}.json`);
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--test', spec], {
    env: { ...process.env, FUZZ_RUNS: String(RUNS), FUZZ_SEED: String(seed), FUZZ_REPORT: report },
    encoding: 'utf8',
    maxBuffer: 2 ** 26,
  });
  const seconds = (performance.now() - started) / 1000;
  let statuses = {};
  try {
    statuses = JSON.parse(readFileSync(report, 'utf8')).statuses;
  } catch {
    // No report: the property failed before the end; the TAP output says why.
  }
  const failure = child.status === 0 ? '' : (child.stdout.match(/error: ['|]-?\s*(.*)/)?.[1] ?? 'failed');
  rows.push({ seed, seconds, statuses, failure });
}
rmSync(dir, { recursive: true, force: true });
console.log(`HTTP fuzzing in process: ${SEEDS} seeds × ${RUNS} requests.\n`);
console.log('| seed | requests | s | answers by status | 5xx, hangs or wrong shape |');
console.log('|---:|---:|---:|---|---|');
for (const r of rows) {
  const total = Object.values(r.statuses).reduce((n, c) => n + c, 0);
  console.log(
    `| ${r.seed} | ${total || RUNS} | ${r.seconds.toFixed(0)} | ${Object.entries(r.statuses)
      .map(([s, c]) => `${s}: ${c}`)
      .join(', ')} | ${r.failure || 'none'} |`,
  );
}
console.log(`\nnode ${process.version}.`);
console.log(
  `Reproduce: node_modules/.bin/nx run standalone:build --output-style=static && node bench/fuzz.bench.mjs --runs ${RUNS} --seeds ${SEEDS}`,
);
process.exit(rows.some((r) => r.failure) ? 1 : 0);
