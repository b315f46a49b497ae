#!/usr/bin/env node
// Runs Trove's distributed mode on one machine: the five services and the gateway as separate
// processes talking over NATS, with the tenant store in PostgreSQL. Built apps are required
// (`npm run start:distributed` builds first).
//
//   NATS_URL      nats://127.0.0.1:4222
//   DATABASE_URL  postgres://postgres@127.0.0.1:5432/trove   (created when missing)
//   PORT          8080   gateway; services take PORT+1 … PORT+5 for /healthz and /readyz
//   SUBJECT_PREFIX, ADMIN_API_KEY, LOG_LEVEL, REQUEST_TIMEOUT_MS: passed to every process
//   DATA_DIR      ./data   embedded stores of the services (search indexes; ingestion blobs when BLOB_STORE=fs)
//   BLOB_STORE    fs       or minio, with MINIO_ENDPOINT, MINIO_ACCESS_KEY, MINIO_SECRET_KEY, MINIO_BUCKET
//                          (the ingestion service; MinIO presigns download links, fs leaves that to the gateway)
//   WEB_FETCH_ALLOWED_CIDRS, INGESTION_*: ingestion settings (libs/domain/ingestion/src/ingestion-settings.ts)
//   RESTART_CRASHED  unset: a process that exits stops the others (a crash is loud). 1: a process
//                    that exits on its own is started again, after 0.2 s doubling up to 5 s, as an
//                    orchestrator's restart policy would (bench/faults.bench.mjs kills them with -9)
//   REPLICAS      e.g. `search=2,ingestion=2`: instances per service (default 1 each). They share
//                 the service's NATS queue group; the second and later instances of all services
//                 take PORT+6, PORT+7, … in the order given. `gateway=2` runs a second gateway
//                 (on the next such port): putting a load balancer in front of them is yours. The search service keeps embedded
//                 indexes on its own disk, so it runs several instances only on shared stores
//                 (KEYWORD_INDEX=elasticsearch and VECTOR_INDEX=elasticsearch or qdrant, as
//                 tools/run-full.mjs sets them).
//
// Prints "Trove (distributed) is listening on <url>" once the gateway's /readyz answers 200.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const env = {
  ...process.env,
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/trove',
};
const port = Number(process.env.PORT ?? 8080);
const services = ['tenant', 'ingestion', 'memory', 'search', 'graph'];
/** Instance label (`search-service`, `search-service#2`, …) → its child process. */
const children = new Map();
const restartCrashed = process.env.RESTART_CRASHED === '1';
/** Per app: the delay before the next restart and when the current process started. */
const restarts = new Map();
let stopping = false;

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

function start(instance) {
  const { app, label: name, port: appPort } = instance;
  const child = spawn(process.execPath, [join(root, 'apps', app, 'dist', 'main.js')], {
    cwd: root,
    env: { ...env, PORT: String(appPort), HOST: process.env.HOST ?? '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const label = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) process.stdout.write(label + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    if (!restartCrashed) {
      process.stdout.write(`${label}exited (${signal ?? code}); stopping the others\n`);
      stop(1);
      return;
    }
    // A process that stayed up 30 s starts again at the shortest delay.
    const previous = restarts.get(name);
    const upMs = Date.now() - (previous?.startedAt ?? 0);
    const delayMs = previous && upMs < 30_000 ? Math.min(previous.delayMs * 2, 5000) : 200;
    process.stdout.write(`${label}exited (${signal ?? code}); starting it again in ${delayMs} ms\n`);
    restarts.set(name, { delayMs, startedAt: previous?.startedAt ?? 0 });
    setTimeout(() => {
      if (!stopping) start(instance);
    }, delayMs);
  });
  children.set(name, child);
  restarts.set(name, { delayMs: restarts.get(name)?.delayMs ?? 200, startedAt: Date.now() });
}

/** `REPLICAS` (`search=2,ingestion=2`) as service → instance count, refused when it cannot work. */
function replicas() {
  const counts = new Map([...services, 'gateway'].map((name) => [name, 1]));
  for (const part of (process.env.REPLICAS ?? '').split(',').filter((p) => p.trim() !== '')) {
    const [service, count] = part.split('=').map((x) => x.trim());
    if (!counts.has(service) || !/^[1-9]$/.test(count ?? '')) {
      throw new Error(
        `REPLICAS: "${part}" is not <service>=<1-9> with a service of ${[...services, 'gateway'].join(', ')}`,
      );
    }
    counts.set(service, Number(count));
  }
  const sharedIndexes =
    env.KEYWORD_INDEX === 'elasticsearch' && ['elasticsearch', 'qdrant'].includes(env.VECTOR_INDEX ?? '');
  if (counts.get('search') > 1 && !sharedIndexes) {
    throw new Error(
      'REPLICAS: several search instances need shared indexes (KEYWORD_INDEX=elasticsearch and ' +
        'VECTOR_INDEX=elasticsearch or qdrant; tools/run-full.mjs runs on them)',
    );
  }
  return counts;
}

/**
 * Every process to run: the first instance of each service on PORT+1 … PORT+5, the gateway on
 * PORT, more instances after PORT+5.
 */
function instances() {
  const at = (offset) => (port === 0 ? 0 : port + offset);
  const list = [];
  let extra = 6;
  for (const [i, [name, count]] of [...replicas()].entries()) {
    const app = name === 'gateway' ? 'gateway' : `${name}-service`;
    list.push({ app, label: app, port: name === 'gateway' ? port : at(1 + i) });
    for (let n = 2; n <= count; n++) list.push({ app, label: `${app}#${n}`, port: at(extra++) });
  }
  return list;
}

async function waitReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = await response.text();
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready after ${timeoutMs} ms: ${last}`);
}

function stop(code) {
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  // A process keeps serving SHUTDOWN_DELAY_MS after SIGTERM (graceful-stop.ts), then drains.
  const force = setTimeout(
    () => {
      for (const child of children.values()) child.kill('SIGKILL');
    },
    5000 + Number(env.SHUTDOWN_DELAY_MS ?? 0),
  );
  const poll = setInterval(() => {
    if (children.size === 0) {
      clearInterval(poll);
      clearTimeout(force);
      process.exit(code);
    }
  }, 50);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

try {
  await ensureDatabase(env.DATABASE_URL);
  for (const instance of instances()) start(instance);
  const host = process.env.HOST && process.env.HOST !== '0.0.0.0' ? process.env.HOST : '127.0.0.1';
  const url = `http://${host}:${port}`;
  await waitReady(`${url}/readyz`, Number(process.env.READY_TIMEOUT_MS ?? 60000));
  process.stdout.write(`Trove (distributed) is listening on ${url}\n`);
} catch (error) {
  process.stdout.write(`Trove (distributed) failed to start: ${error.message}\n`);
  stop(1);
}
