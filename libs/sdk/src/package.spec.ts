// What makes the SDK a package of its own: built code, CommonJS and ES modules, that runs in
// browsers and Node 18+ (only fetch's classes, no Node modules), no workspace library at run
// time, and types that match the gateway's OpenAPI document.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

const dist = __dirname;
const sdkRoot = dirname(dist);

function workspaceRoot(): string {
  let dir = sdkRoot;
  while (!existsSync(join(dir, 'nx.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`nx.json not found above ${sdkRoot}`);
    dir = parent;
  }
  return dir;
}

const esm = join(dist, 'esm');

function runtimeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (path === esm) return [];
    if (entry.isDirectory()) return runtimeFiles(path);
    return entry.name.endsWith('.js') && !entry.name.endsWith('.spec.js') ? [path] : [];
  });
}

describe('@trove/sdk as a package', () => {
  it('requires only openapi-fetch and its own files at run time', () => {
    const required = new Set<string>();
    for (const file of runtimeFiles(dist)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/require\("([^"]+)"\)/g))
        required.add(match[1]!);
    }
    const outside = [...required].filter((name) => !name.startsWith('./') && !name.startsWith('../'));
    assert.deepEqual(outside, ['openapi-fetch']);
    const manifest = JSON.parse(readFileSync(join(sdkRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    assert.deepEqual(Object.keys(manifest.dependencies), ['openapi-fetch']);
  });

  it('has an ES module build that imports only openapi-fetch and its own files, by their full names', async () => {
    assert.deepEqual(JSON.parse(readFileSync(join(esm, 'package.json'), 'utf8')), { type: 'module' });
    const files = runtimeFiles(esm);
    assert.ok(files.some((file) => file.endsWith('index.js')));
    const outside = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      assert.doesNotMatch(source, /\brequire\(|\bexports\./, `${file} is not an ES module`);
      for (const match of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gm)) {
        const specifier = match[1]!;
        if (!specifier.startsWith('.')) outside.add(specifier);
        // A browser resolves a relative import as a URL: no extension guessing, no index files.
        else assert.ok(existsSync(join(dirname(file), specifier)), `${file}: ${specifier} does not exist`);
      }
    }
    assert.deepEqual([...outside], ['openapi-fetch']);
    assert.ok(!readdirSync(esm).some((name) => name.includes('.spec.')), 'no specs in dist/esm');
    // Both builds export the same names (`import()` stays a dynamic import in this CommonJS file).
    const fromEsm = (await import(pathToFileURL(join(esm, 'index.js')).href)) as Record<string, unknown>;
    const fromCjs = (await import(pathToFileURL(join(dist, 'index.js')).href)) as Record<string, unknown>;
    const names = (module: Record<string, unknown>) =>
      Object.keys(module)
        .filter((name) => name !== '__esModule' && name !== 'default' && name !== 'module.exports')
        .sort();
    assert.deepEqual(names(fromEsm), names(fromCjs));
    assert.ok(names(fromEsm).includes('TroveClient'));
  });

  it('has types generated from the gateway document as it is now', () => {
    const root = workspaceRoot();
    const scratch = mkdtempSync(join(tmpdir(), 'trove-sdk-types-'));
    try {
      const out = join(scratch, 'openapi.ts');
      const run = spawnSync(process.execPath, [join(root, 'tools/generate-sdk-types.mjs'), '--out', out], {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(run.status, 0, `generate-sdk-types failed:\n${run.stdout}\n${run.stderr}`);
      const committed = readFileSync(join(sdkRoot, 'src/generated/openapi.ts'), 'utf8');
      assert.ok(
        readFileSync(out, 'utf8') === committed,
        'libs/sdk/src/generated/openapi.ts is stale: run `node tools/generate-sdk-types.mjs` and commit it',
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
