import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, startTrove, TroveRig, workspaceRoot } from '@trove/testing';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const root = workspaceRoot();
const CLI = join(root, 'apps/cli/dist/main.js');

/** Runs the built CLI with node, its environment holding only what the case gives (and PATH). */
function trove(
  args: string[],
  env: Record<string, string> = {},
  command = [process.execPath, CLI],
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, [...command.slice(1), ...args], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function parsed<T>(run: Run): T {
  assert.equal(run.code, 0, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

describe('trove CLI (standalone)', { timeout: 240_000 }, () => {
  const tenant = `cli-${Date.now()}`;
  let rig: TroveRig;
  let docs: string;
  let admin: Record<string, string>;
  let owner: Record<string, string>;

  before(async () => {
    // Documents that fail are retried quickly, so a refused one ends errored within the case.
    rig = await startTrove('standalone', { env: { INGESTION_RETRY_BASE_MS: '200' } });
    admin = { TROVE_URL: rig.baseUrl, TROVE_API_KEY: rig.adminKey };
    docs = mkdtempSync(join(tmpdir(), 'trove-cli-docs-'));
    mkdirSync(join(docs, 'guides'));
    mkdirSync(join(docs, '.git'));
    writeFileSync(
      join(docs, 'lovelace.txt'),
      'Ada Lovelace wrote the first program for the Analytical Engine.\n',
    );
    writeFileSync(
      join(docs, 'guides', 'curie.md'),
      '# Curie\n\nMarie Curie discovered polonium and radium in Paris.\n',
    );
    writeFileSync(
      join(docs, 'guides', 'turing.html'),
      '<html><head><title>Turing</title></head><body><p>Alan Turing proposed the imitation game in 1950.</p></body></html>',
    );
    writeFileSync(join(docs, '.env'), 'SECRET=1\n');
    writeFileSync(join(docs, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  });

  after(async () => {
    await rig?.dispose();
    if (docs) rmSync(docs, { recursive: true, force: true });
  });

  it('creates a key with the admin key, and a tenant with the new key', async () => {
    const created = parsed<{ full_api_key: string; owner: string }>(
      await trove(['keys', 'create', '--owner', 'cli-owner', '--json'], admin),
    );
    assert.equal(created.owner, 'cli-owner');
    owner = { TROVE_URL: rig.baseUrl, TROVE_API_KEY: created.full_api_key };
    const made = await trove(['tenants', 'create', tenant], owner);
    assert.equal(made.code, 0, made.stderr);
    assert.equal(made.stdout, `${tenant} created\n`);
  });

  it('uploads a folder with --wait: three files, dotfiles skipped, ids from their paths', async () => {
    const run = await trove(['upload', docs, '--tenant', tenant, '--wait', '--json'], owner);
    const answer = parsed<{ uploads: { file_id: string; status: string }[]; failed: number }>(run);
    assert.deepEqual(
      answer.uploads.map((u) => [u.file_id, u.status]),
      [
        ['guides:curie.md', 'completed'],
        ['guides:turing.html', 'completed'],
        ['lovelace.txt', 'completed'],
      ],
    );
    assert.equal(answer.failed, 0);
    // stderr is not a terminal here: plain progress lines, no bar.
    assert.match(run.stderr, /^uploading 3\/3 /m);
    assert.match(run.stderr, /^processing 3\/3 /m);
    assert.ok(!run.stderr.includes('\u001b['), 'no terminal escapes');
  });

  it('searches with --json, and prints a readable list without it', async () => {
    const result = parsed<{ chunks: { source_id: string; relevancy_score: number }[] }>(
      await trove(['search', 'who discovered radium', '--tenant', tenant, '--max', '2', '--json'], owner),
    );
    assert.equal(result.chunks[0]?.source_id, 'guides:curie.md');
    assert.ok(result.chunks.length <= 2);
    const text = await trove(['search', 'imitation game', '--tenant', tenant, '--max', '1'], owner);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^ 1\. \d\.\d{3} {2}.*\(guides:turing\.html\)\n {4}.*imitation game/);
  });

  it('reads a status', async () => {
    const status = parsed<{ file_id: string; indexing_status: string }>(
      await trove(['status', 'lovelace.txt', '--tenant', tenant, '--json'], owner),
    );
    assert.deepEqual([status.file_id, status.indexing_status], ['lovelace.txt', 'completed']);
    const text = await trove(['status', 'lovelace.txt', '--tenant', tenant], owner);
    assert.match(text.stdout, /^lovelace\.txt: completed\n/);
  });

  it('adds and retrieves a memory in a sub-tenant', async () => {
    const added = parsed<{ memory_id: string }>(
      await trove(
        [
          'memories',
          'add',
          'I take my coffee black, no sugar.',
          '--tenant',
          tenant,
          '--sub',
          'u1',
          '--id',
          'coffee',
          '--json',
        ],
        owner,
      ),
    );
    assert.equal(added.memory_id, 'coffee');
    const found = parsed<{ user_memories: { memory_id: string; source_content: string }[] }>(
      await trove(
        ['memories', 'retrieve', 'how do I take my coffee', '--tenant', tenant, '--sub', 'u1', '--json'],
        owner,
      ),
    );
    assert.equal(found.user_memories[0]?.memory_id, 'coffee');
  });

  it('lists keys', async () => {
    const list = parsed<{ api_keys: { owner: string; revoked_at: string | null }[] }>(
      await trove(['keys', 'list', '--owner', 'cli-owner', '--json'], admin),
    );
    assert.deepEqual(
      list.api_keys.map((k) => [k.owner, k.revoked_at]),
      [['cli-owner', null]],
    );
    const text = await trove(['keys', 'list'], owner);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^key_\S+ {2}cli-owner {2}read,write {2}sk_live_\S+… {2}\S+ {2}active$/m);
  });

  it('exits 4 when a file fails processing with --wait', async () => {
    const fake = join(docs, '..', `fake-${Date.now()}.pdf`);
    writeFileSync(fake, 'this is not a PDF at all\n');
    try {
      const run = await trove(
        ['upload', fake, '--tenant', tenant, '--id', 'fake', '--wait', '--json'],
        owner,
      );
      assert.equal(run.code, 4, run.stderr);
      const answer = JSON.parse(run.stdout) as {
        uploads: { status: string; error_code: string }[];
        failed: number;
      };
      assert.equal(answer.uploads[0]?.status, 'errored');
      assert.equal(answer.failed, 1);
      assert.match(run.stderr, /fake.*errored/);
    } finally {
      rmSync(fake, { force: true });
    }
  });

  it('exits 2 for a bad key, with the message, code and request id, and nothing on stdout with --json', async () => {
    const run = await trove(['search', 'x', '--tenant', tenant, '--json'], {
      TROVE_URL: rig.baseUrl,
      TROVE_API_KEY: `sk_live_${'x'.repeat(40)}`,
    });
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^trove: .+ \(HTTP 401 UNAUTHORIZED, request id [0-9a-f-]{36}\)\n$/);
  });

  it('exits 3 when the server cannot be reached, 1 for a usage error', async () => {
    const port = await freePort();
    const down = await trove(['keys', 'list', '--url', `http://127.0.0.1:${port}`], admin);
    assert.equal(down.code, 3, down.stderr);
    assert.match(down.stderr, /could not reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
    const usage = await trove(['search', 'x'], owner);
    assert.equal(usage.code, 1);
    assert.match(usage.stderr, /--tenant/);
    const noKey = await trove(['keys', 'list'], { TROVE_URL: rig.baseUrl });
    assert.equal(noKey.code, 1);
    assert.match(noKey.stderr, /TROVE_API_KEY/);
    const missing = await trove(['upload', join(docs, 'nope'), '--tenant', tenant], owner);
    assert.equal(missing.code, 1);
  });

  it('runs as `trove` from the workspace bin link that npm install makes', async (t) => {
    const bin = join(root, 'node_modules/.bin/trove');
    if (!existsSync(bin)) return t.skip('node_modules/.bin/trove is missing: run npm install');
    const run = await trove(['--help'], {}, [bin]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Usage: trove /);
    assert.match(run.stdout, /Exit codes:/);
  });
});
