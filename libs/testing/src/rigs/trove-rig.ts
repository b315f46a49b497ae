import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchPostgresDatabase, ScratchPostgresDatabase } from '../scratch-postgres';
import { startProcess, StartedProcess } from './process-rig';
import { workspaceRoot } from './workspace';

/**
 * `distributed`: the services over NATS on PostgreSQL with embedded indexes; `full`: the same on
 * every real store (Elasticsearch, Neo4j, S3), as `npm run start:full` runs it.
 */
export type TroveMode = 'standalone' | 'distributed' | 'full';

/** A running Trove (either mode) that a test drives over HTTP. */
export interface TroveRig {
  mode: TroveMode;
  baseUrl: string;
  adminKey: string;
  /** Stops every process, keeping the data. */
  stop(): Promise<void>;
  /** Stops and starts again on the same data (and the same port). */
  restart(): Promise<void>;
  /** Stops and erases the data (scratch database, data directory). */
  dispose(): Promise<void>;
  /** What the processes printed, for failure messages. */
  output(): string;
  /** The DATA_DIR its processes write to. */
  dataDir?: string;
}

export interface RigOptions {
  /** Extra environment for every process (e.g. MAX_BODY_BYTES). */
  env?: Record<string, string>;
}

export function generateAdminKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return 'sk_live_' + [...randomBytes(40)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Binds `port` on 127.0.0.1 (0: any) and releases it; resolves the port, or null when taken. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

export async function freePort(): Promise<number> {
  const port = await tryPort(0);
  if (port === null) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}

/**
 * A base port with `count` consecutive free ports, for launchers that give their processes
 * PORT, PORT+1, …. Taken below Linux's ephemeral range (32768+), from which the OS hands out the
 * local ports of outgoing connections: a port next to an OS-assigned one can be taken by the next
 * client socket to PostgreSQL or NATS, as happened to a distributed e2e run (EADDRINUSE).
 */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count));
    let free = true;
    for (let k = 0; k < count && free; k++) free = (await tryPort(base + k)) !== null;
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free TCP ports found on 127.0.0.1`);
}

interface LaunchSpec {
  mode: TroveMode;
  script: string;
  env: NodeJS.ProcessEnv;
  port: number;
  adminKey: string;
  ready: RegExp;
  timeoutMs: number;
  /** Erases what the rig created, after the processes have stopped. */
  erase: () => Promise<void>;
  dataDir?: string;
}

/** Starts the script, and gives the test stop / restart / dispose over it. */
async function launch(spec: LaunchSpec): Promise<TroveRig> {
  const root = workspaceRoot();
  let current: StartedProcess | undefined;
  const start = async () => {
    const { process } = await startProcess(join(root, spec.script), {
      cwd: root,
      env: spec.env,
      ready: spec.ready,
      timeoutMs: spec.timeoutMs,
    });
    current = process;
  };
  const stop = async () => {
    if (current) keepErrors(spec.mode, current.output());
    await current?.stop(10_000);
  };
  await start();
  return {
    mode: spec.mode,
    baseUrl: `http://127.0.0.1:${spec.port}`,
    adminKey: spec.adminKey,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    dispose: async () => {
      await stop();
      await spec.erase();
    },
    output: () => current?.output() ?? '',
    ...(spec.dataDir === undefined ? {} : { dataDir: spec.dataDir }),
  };
}

/** `npm start`'s process: the standalone app with its data in a fresh directory. */
export async function startStandalone(options: RigOptions = {}): Promise<TroveRig> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-e2e-'));
  const adminKey = generateAdminKey();
  const port = await freePort();
  return launch({
    mode: 'standalone',
    script: 'apps/standalone/dist/main.js',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_API_KEY: adminKey,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    port,
    adminKey,
    ready: /Trove is listening on (http:\/\/\S+)/,
    timeoutMs: 60_000,
    erase: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    dataDir,
  });
}

/**
 * The distributed mode as `npm run start:distributed` runs it: five services and the gateway as
 * separate processes over the real NATS and PostgreSQL, under a subject prefix and database of
 * their own so that test runs never meet. `full`: as `npm run start:full` runs it, on the real
 * stores too, with an Elasticsearch index and a bucket of the run's own (deleted afterwards).
 */
export async function startDistributed(options: RigOptions = {}, full = false): Promise<TroveRig> {
  const database: ScratchPostgresDatabase = await createScratchPostgresDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-e2e-dist-'));
  const adminKey = generateAdminKey();
  const run = randomUUID().slice(0, 8);
  const esUrl =
    process.env['ELASTICSEARCH_URL'] ?? `http://127.0.0.1:${process.env['ELASTICSEARCH_PORT'] ?? '9200'}`;
  const esIndex = `trove-e2e-${run}`;
  // The launcher gives the gateway PORT, the services PORT+1 … PORT+5, and further replicas
  // (REPLICAS) PORT+6 onwards.
  const port = await freePortRange(options.env?.['REPLICAS'] ? 16 : 6);
  return launch({
    mode: full ? 'full' : 'distributed',
    script: full ? 'tools/run-full.mjs' : 'tools/run-distributed.mjs',
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      NATS_URL: process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222',
      SUBJECT_PREFIX: `e2e-${run}`,
      ADMIN_API_KEY: adminKey,
      LOG_LEVEL: 'warn',
      ...(full
        ? {
            ELASTICSEARCH_URL: esUrl,
            ELASTICSEARCH_INDEX: esIndex,
            ELASTICSEARCH_VECTOR_PREFIX: `${esIndex}-vectors`,
            MINIO_BUCKET: `trove-e2e-${run}`,
          }
        : {}),
      ...options.env,
    },
    port,
    adminKey,
    ready: full
      ? /Trove \(full stack\) is listening on (http:\/\/\S+)/
      : /Trove \(distributed\) is listening on (http:\/\/\S+)/,
    timeoutMs: full ? 180_000 : 90_000,
    erase: async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (full) await deleteIndexes(esUrl, esIndex).catch(() => undefined);
    },
    dataDir,
  });
}

/**
 * The error lines (pino level 50 and up) a rig's processes logged, appended to the file
 * TROVE_RIG_ERRORS names (tools/run-tests.mjs sets it): a failing case's answer names its
 * request_id, and tools/test-summary.mjs prints the servers' lines about that request just above
 * the totals, where CI's log shows them.
 */
function keepErrors(mode: TroveMode, output: string): void {
  const file = process.env['TROVE_RIG_ERRORS'];
  if (!file) return;
  const lines = output
    .split('\n')
    // A distributed launcher labels each service's lines: `[graph] {...}`.
    .filter((line) => /^(\[[\w-]+\] )?\{.*"level":(5|6)\d\b/.test(line))
    .map((line) => `${mode} ${line}\n`);
  if (lines.length > 0) appendFileSync(file, lines.join(''));
}

/** Deletes every Elasticsearch index whose name starts with `prefix` (by name: no wildcard deletes). */
async function deleteIndexes(url: string, prefix: string): Promise<void> {
  const found = await fetch(`${url}/${prefix}*?allow_no_indices=true&ignore_unavailable=true`);
  const names = Object.keys((await found.json()) as Record<string, unknown>);
  // A few names per request: the request line has a limit (4 kB).
  for (let at = 0; at < names.length; at += 20) {
    await fetch(`${url}/${names.slice(at, at + 20).join(',')}`, { method: 'DELETE' });
  }
}

export function startTrove(mode: TroveMode, options: RigOptions = {}): Promise<TroveRig> {
  return mode === 'standalone' ? startStandalone(options) : startDistributed(options, mode === 'full');
}
