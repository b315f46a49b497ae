#!/usr/bin/env node
// `trove` as npm links it (`npx trove` in the repository after `npm ci`): runs the built CLI,
// dist/main.js. In a clone where it was never built, the first run builds it first (`nx run
// cli:build`, a few seconds, its output on stderr so that stdout stays the command's own, which
// `trove mcp` and `--json` need). A published package ships dist/ and never builds.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const main = join(__dirname, '..', 'dist', 'main.js');
if (!existsSync(main)) {
  const root = join(__dirname, '..', '..', '..');
  const nx = join(root, 'node_modules', '.bin', 'nx');
  if (!existsSync(nx)) {
    process.stderr.write(
      `trove: ${main} is missing and there is no nx to build it (run npm ci in the repository)\n`,
    );
    process.exit(1);
  }
  process.stderr.write('trove: building the CLI once (nx run cli:build)…\n');
  const built = spawnSync(nx, ['run', 'cli:build', '--output-style=static'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (built.status !== 0 || !existsSync(main)) {
    process.stderr.write('trove: the build failed; run `npx nx run cli:build` to see why\n');
    process.exit(1);
  }
}
require(main);
