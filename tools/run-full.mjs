#!/usr/bin/env node
// Runs Trove's full stack on one machine: every real store this machine can run, then the five
// services and the gateway as separate processes over NATS (tools/run-distributed.mjs), each
// service on its real store. `npm run start:full` builds first.
//
//   stores   PostgreSQL (:5432) and NATS JetStream (:4222), the machine's; Elasticsearch 8.19
//            (:9200), Neo4j 5.26 (:7687) and S3Mock (:9090), from Maven Central through
//            tools/ensure-*.sh, pinned, cached in ~/.cache/trove (TROVE_CACHE_DIR), each started
//            with a fresh data folder. Stores already running are used as they are; the ones this
//            command started are stopped again when it exits.
//   search   keywords and vectors on Elasticsearch (ELASTICSEARCH_INDEX, default trove-keywords, an
//            index per tenant; ELASTICSEARCH_VECTOR_PREFIX, default trove-vectors), so search
//            instances can share them (REPLICAS=search=2). VECTOR_INDEX=embedded keeps vectors in
//            the search service (faster: bench/elasticsearch-vectors.bench.mjs), one instance only.
//   graph    Neo4j (NEO4J_URL)        ingestion  S3 through the MinIO client (bucket MINIO_BUCKET)
//
//   PORT, ADMIN_API_KEY, DATABASE_URL, SUBJECT_PREFIX, DATA_DIR and every other variable
//   run-distributed.mjs reads are passed on; ELASTICSEARCH_PORT, NEO4J_PORT, S3MOCK_PORT move the
//   stores (the URLs follow unless ELASTICSEARCH_URL, NEO4J_URL or MINIO_ENDPOINT are set).
//
// Prints "Trove (full stack) is listening on <url>" once the gateway's /readyz answers 200.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const esPort = process.env.ELASTICSEARCH_PORT ?? '9200';
const neo4jPort = process.env.NEO4J_PORT ?? '7687';
const s3Port = process.env.S3MOCK_PORT ?? '9090';
const scratch = mkdtempSync(join(tmpdir(), 'trove-full-'));
const pidFile = join(scratch, 'started.pids');
const started = Date.now();
let stack;
let stopping = false;

const say = (line) => process.stdout.write(`[full] ${line}\n`);

/** Stops the stores this run started (their pids, as the ensure scripts recorded them). */
function stopStores() {
  let pids = [];
  try {
    pids = readFileSync(pidFile, 'utf8')
      .split('\n')
      .map(Number)
      .filter((pid) => pid > 0);
  } catch {
    // No store was started by this run.
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  // Java servers close their stores on SIGTERM; give them a few seconds, then make sure.
  const deadline = Date.now() + 15_000;
  for (const pid of pids) {
    while (Date.now() < deadline && alive(pid)) spawnSync('sleep', ['0.2']);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (pids.length > 0) say(`stopped the ${pids.length} store(s) this run started`);
  rmSync(scratch, { recursive: true, force: true });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  const finish = () => {
    stopStores();
    process.exit(code);
  };
  if (stack && stack.exitCode === null) {
    stack.once('exit', finish);
    stack.kill('SIGTERM');
  } else finish();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

say('starting the stores that are not running');
const ensured = spawnSync('bash', [join(root, 'tools', 'ensure-servers.sh')], {
  cwd: root,
  env: {
    ...process.env,
    RIG_PID_FILE: pidFile,
    ELASTICSEARCH_PORT: esPort,
    NEO4J_PORT: neo4jPort,
    S3MOCK_PORT: s3Port,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (ensured.status !== 0) {
  say('the stores could not be started');
  stop(1);
} else {
  say(`stores ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  stack = spawn(process.execPath, [join(root, 'tools', 'run-distributed.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      KEYWORD_INDEX: 'elasticsearch',
      VECTOR_INDEX: process.env.VECTOR_INDEX ?? 'elasticsearch',
      ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? `http://127.0.0.1:${esPort}`,
      GRAPH_STORE: 'neo4j',
      NEO4J_URL: process.env.NEO4J_URL ?? `bolt://127.0.0.1:${neo4jPort}`,
      BLOB_STORE: 'minio',
      MINIO_ENDPOINT: process.env.MINIO_ENDPOINT ?? `http://127.0.0.1:${s3Port}`,
      // S3Mock checks no credentials; a real S3 or MinIO takes the ones given.
      MINIO_ACCESS_KEY: process.env.MINIO_ACCESS_KEY ?? 'trove',
      MINIO_SECRET_KEY: process.env.MINIO_SECRET_KEY ?? 'trove-secret',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  stack.stdout.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const ready = /^Trove \(distributed\) is listening on (\S+)/.exec(line);
      if (ready) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`Trove (full stack) is listening on ${ready[1]} (ready in ${seconds} s)\n`);
      } else process.stdout.write(line + '\n');
    }
  });
  stack.on('exit', (code) => {
    if (!stopping) stop(code ?? 1);
  });
}
