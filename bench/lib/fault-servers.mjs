// Stores of the bench's own for bench/faults.bench.mjs, so that it can crash them without
// touching the machine's shared PostgreSQL and NATS: a PostgreSQL cluster in a temporary folder
// and a NATS server with JetStream, each on a free port, each able to crash and start again on
// the same data.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Resolves once something accepts TCP connections on the port, or rejects after timeoutMs. */
export async function waitForPort(port, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl): pg_config's, or Debian's newest. */
function postgresBin() {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    if (versions.length === 0)
      throw new Error('PostgreSQL server programs not found (pg_config, /usr/lib/postgresql)');
    return join(root, versions[0], 'bin');
  }
}

/**
 * A PostgreSQL cluster of its own. PostgreSQL refuses to run as root, so as root the cluster
 * belongs to the `postgres` user and its programs run through runuser.
 */
export async function startOwnPostgres(port) {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'trove-faults-pg-'));
  const asRoot = process.getuid?.() === 0;
  let uid;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, uid);
  }
  chmodSync(dir, 0o700);
  const run = (program, args) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, program),
      asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      },
    );
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const server = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
      await waitForPort(port);
    },
    /** A crash: every backend ends at once, without a checkpoint (recovery replays the WAL). */
    crash() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    },
    dispose() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** A NATS server with JetStream of its own, storing in a temporary folder. */
export async function startOwnNats(port) {
  const dir = mkdtempSync(join(tmpdir(), 'trove-faults-nats-'));
  const program = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find(existsSync) ?? 'nats-server';
  return startKillable(`nats://127.0.0.1:${port}`, port, dir, 30_000, () =>
    spawn(program, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' }),
  );
}

/** A server process that `spawn()` starts, listening on `port`, crashed with kill -9, keeping `dir`. */
async function startKillable(url, port, dir, readyMs, spawnIt) {
  let child;
  const server = {
    url,
    async start() {
      child = spawnIt();
      await waitForPort(port, readyMs);
    },
    /** kill -9. */
    crash() {
      child.kill('SIGKILL');
    },
    dispose() {
      child?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/**
 * An S3 server of its own (S3Mock, the jar tools/ensure-s3mock.sh downloads and verifies), keeping
 * its files across a crash so that it comes back with the objects it held. Takes two ports: S3 on
 * `port`, S3Mock's HTTPS connector on `port + 1`.
 */
export async function startOwnS3(port, root) {
  execFileSync('bash', [join(root, 'tools', 'ensure-s3mock.sh')], { stdio: 'ignore' });
  const cache = process.env.TROVE_CACHE_DIR ?? join(process.env.HOME ?? tmpdir(), '.cache', 'trove');
  const jar = readdirSync(cache).find((name) => /^s3mock-.*-exec\.jar$/.test(name));
  if (!jar) throw new Error(`no S3Mock jar in ${cache}`);
  const dir = mkdtempSync(join(tmpdir(), 'trove-faults-s3-'));
  return startKillable(`http://127.0.0.1:${port}`, port, dir, 120_000, () =>
    spawn(
      'java',
      [
        '-Xmx256m',
        '-jar',
        join(cache, jar),
        `--http.port=${port}`,
        `--server.port=${port + 1}`,
        `--com.adobe.testing.s3mock.store.root=${dir}`,
        '--com.adobe.testing.s3mock.store.retainFilesOnExit=true',
      ],
      { stdio: 'ignore' },
    ),
  );
}
