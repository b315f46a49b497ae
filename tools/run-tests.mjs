#!/usr/bin/env node
// Runs one project's compiled specs with node's test runner.
//   node tools/run-tests.mjs <projectRoot> unit|integration|e2e
// unit: dist/**/*.spec.js · integration: dist/**/*.int-spec.js · e2e: dist/**/*.e2e-spec.js
// Results also go, as TAP, to tmp/test-results/ so .ci/run can total them.
import { readdirSync, mkdirSync, existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const [projectRoot, tier = 'unit'] = process.argv.slice(2);
const suffix = { unit: '.spec.js', integration: '.int-spec.js', e2e: '.e2e-spec.js' }[tier];
if (!projectRoot || !suffix) {
  console.error('usage: run-tests.mjs <projectRoot> unit|integration|e2e');
  process.exit(2);
}
const workspace = resolve(import.meta.dirname, '..');
const dist = join(workspace, projectRoot, 'dist');

function find(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return find(path);
    const isUnit = entry.name.endsWith('.spec.js') && !/\.(int|e2e)-spec\.js$/.test(entry.name);
    return (tier === 'unit' ? isUnit : entry.name.endsWith(suffix)) ? [path] : [];
  });
}

const files = find(dist).sort();
if (files.length === 0) {
  console.log(`${projectRoot}: no ${tier} tests`);
  process.exit(0);
}
const resultsDir = join(workspace, 'tmp', 'test-results');
mkdirSync(resultsDir, { recursive: true });
const tap = join(resultsDir, `${projectRoot.replaceAll('/', '__')}.${tier}.tap`);
const result = spawnSync(
  process.execPath,
  [
    '--enable-source-maps',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files.map((f) => relative(workspace, f)),
  ],
  // The servers' error lines that e2e rigs saw (libs/testing keepErrors), for test-summary.mjs.
  {
    cwd: workspace,
    stdio: 'inherit',
    env: { TROVE_RIG_ERRORS: join(resultsDir, 'rig-errors.log'), ...process.env },
  },
);
process.exit(result.status ?? 1);
