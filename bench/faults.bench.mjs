#!/usr/bin/env node
// Faults under load, in the distributed mode (the six processes over NATS and PostgreSQL):
//
//   kill    kill -9 of each process in turn (the five services, then the gateway) while writers
//           add memories and upload documents. The launcher starts a killed process again
//           (RESTART_CRASHED=1, as an orchestrator would). Shared PostgreSQL and NATS.
//   stores  PostgreSQL crashes (pg_ctl stop -m immediate) and comes back; then NATS is killed with
//           -9 and comes back; then the S3 server of the MinIO blob store (S3Mock). All three are
//           servers of the bench's own, on free ports. Nothing of Trove is restarted: the answers
//           during the outage must be 503s naming the store, and the service must recover by
//           itself.
//
// Writers retry a 5xx, a 429 or a network error with the same id, as a careful client does, so
// every item is eventually acknowledged. At the end every acknowledged item must be found exactly
// once by its own marker word, and every document must be `completed`: "lost" and "duplicated"
// count the ones that are not. Answers during each fault are tallied by status and error code.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/faults.bench.mjs                       (both scenarios)
//   node bench/faults.bench.mjs --scenario kill --writers 8 --outage 15
//   node bench/faults.bench.mjs --embedder hashing    (the hashing embedder instead of the model)
//   node bench/faults.bench.mjs --scenario stores --stores s3 --outage 180   (one store, a long outage)
//   node bench/faults.bench.mjs --scenario kill --keep (leave the data of the kill scenario to inspect)
import { performance } from 'node:perf_hooks';
import testing from '@trove/testing';
import { argValue } from './lib/quality-stack.mjs';
import { loadSentences } from './lib/speed-data.mjs';
import { findChild, findChildren } from './lib/speed-proc.mjs';
import { countItems, provision, summariseAttempts, waitForDocuments, WriteLoad } from './lib/fault-load.mjs';
import { startOwnNats, startOwnPostgres, startOwnS3 } from './lib/fault-servers.mjs';

const { freePortRange, startDistributed, workspaceRoot } = testing;
const SCENARIO = argValue('scenario', 'all');
const WRITERS = Number(argValue('writers', '8'));
const OUTAGE_S = Number(argValue('outage', '15'));
const SETTLE_S = Number(argValue('settle', '8'));
const EMBEDDER = argValue('embedder', '');
const KEEP = process.argv.includes('--keep');
const STORES = argValue('stores', 'postgres,nats,s3').split(',');
const SERVICES = ['tenant', 'ingestion', 'memory', 'search', 'graph'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sentences = loadSentences();
const embedderEnv = EMBEDDER ? { EMBEDDINGS_PROVIDER: EMBEDDER } : {};

async function waitReady(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

function printWindow(label, load, from, to, extra = '') {
  const writes = summariseAttempts(load.attempts, from, to);
  const reads = summariseAttempts(load.attempts, from, to, ['search']);
  const answers = (summary) => [...summary.byAnswer].map(([answer, n]) => `${answer}: ${n}`).join(', ');
  console.log(
    `| ${label} | ${((to - from) / 1000).toFixed(1)} | ${writes.total}: ${answers(writes)} | ` +
      `${reads.total}: ${answers(reads)} | ${extra} |`,
  );
  const messages = new Map(writes.messages);
  for (const [message, n] of reads.messages) messages.set(message, (messages.get(message) ?? 0) + n);
  return messages;
}

function printCount(load, count) {
  const retried = [...load.acknowledged.values()].filter((item) => item.tries > 1).length;
  const sorted = [...load.opLatencies].sort((a, b) => a - b);
  console.log(
    `\nAcknowledged: ${count.expected.memories} memories and ${count.expected.documents} documents ` +
      `(${retried} of them after one or more retries; slowest item ${(sorted.at(-1) / 1000).toFixed(1)} s ` +
      `from first attempt to acknowledgement). Refused with a 4xx: ${load.refused.length}` +
      `${load.refused.length ? ` (first: ${JSON.stringify(load.refused[0])})` : ''}.`,
  );
  console.log(
    `**Lost: ${count.lost.length}. Duplicated: ${count.duplicated.length}. Documents not completed: ` +
      `${count.notCompleted.length}.**` +
      [count.lost, count.duplicated, count.notCompleted]
        .filter((list) => list.length)
        .map((list) => ` e.g. ${list.slice(0, 5).join('; ')}`)
        .join(''),
  );
  console.log(`Tenant totals from /tenants/stats: ${JSON.stringify(count.totals)}.`);
  const internal = load.attempts.filter((a) => a.status === 500).length;
  console.log(`Answers of 500 (INTERNAL_ERROR) over the whole run: ${internal}.`);
  return count.lost.length + count.duplicated.length + count.notCompleted.length + internal;
}

/**
 * Stops the writers, prints what the refusals said, waits for the documents, and counts: the
 * number of lost, duplicated and unfinished items and answers of 500 (0 when all is well).
 */
async function finish(load, api, tenant, allMessages) {
  const stopAt = load.now();
  await load.stop();
  printWindow('after (writers finishing)', load, stopAt, load.now());
  console.log('\nWhat the refused attempts said (per fault, message shape: count):');
  for (const [message, n] of allMessages) console.log(`- ${message}: ${n}`);
  const drainStart = performance.now();
  const statuses = await waitForDocuments(api, tenant, load);
  const drainS = (performance.now() - drainStart) / 1000;
  console.log(
    `\nEvery acknowledged document finished processing ${drainS.toFixed(1)} s after the writers stopped.`,
  );
  return printCount(load, await countItems(api, tenant, load, statuses));
}

async function killScenario() {
  console.log('## kill -9 of each process under load\n');
  const rig = await startDistributed({ env: { RESTART_CRASHED: '1', LOG_LEVEL: 'warn', ...embedderEnv } });
  const launcher = findChild('tools/run-distributed.mjs');
  const gatewayPort = Number(new URL(rig.baseUrl).port);
  try {
    const tenant = 'faults-kill';
    const { key, api } = await provision(rig, tenant);
    const load = new WriteLoad({ baseUrl: rig.baseUrl, key, tenant, sentences, concurrency: WRITERS });
    load.start();
    await sleep(SETTLE_S * 1000);
    console.log('| fault | window s | write attempts: answers | searches: answers | back after |');
    console.log('|---|---:|---|---|---|');
    printWindow('before (steady)', load, 0, load.now());
    const allMessages = new Map();
    const targets = [...SERVICES.map((s) => `${s}-service`), 'gateway'];
    for (const [i, app] of targets.entries()) {
      const fragment = `apps/${app}/dist/main.js`;
      const pid = findChild(fragment, launcher);
      const from = load.now();
      process.kill(pid, 'SIGKILL');
      const t0 = performance.now();
      // Back: a new process of that app answers its /readyz (services listen on PORT+1 … PORT+5).
      let back = false;
      while (!back) {
        await sleep(100);
        back = findChildren(fragment, launcher).some((p) => p !== pid);
      }
      const port = app === 'gateway' ? gatewayPort : gatewayPort + 1 + i;
      await waitReady(`http://127.0.0.1:${port}/readyz`);
      const backS = (performance.now() - t0) / 1000;
      await sleep(SETTLE_S * 1000);
      const messages = printWindow(`kill -9 ${app}`, load, from, load.now(), `${backS.toFixed(1)} s`);
      for (const [message, n] of messages) allMessages.set(`${app}: ${message}`, n);
    }
    return await finish(load, api, tenant, allMessages);
  } finally {
    if (KEEP) {
      await rig.stop();
      console.log(`--keep: the data stays (DATA_DIR ${rig.dataDir}; the newest trove_test_* database)`);
    } else await rig.dispose();
  }
}

async function storesScenario() {
  console.log('\n## PostgreSQL, NATS and S3 going down under load\n');
  const base = await freePortRange(4);
  const postgres = await startOwnPostgres(base);
  const nats = await startOwnNats(base + 1);
  const s3 = await startOwnS3(base + 2, workspaceRoot());
  process.env.TEST_DATABASE_URL = postgres.url;
  process.env.TEST_NATS_URL = nats.url;
  let rig;
  try {
    rig = await startDistributed({
      env: {
        LOG_LEVEL: 'warn',
        BLOB_STORE: 'minio',
        MINIO_ENDPOINT: s3.url,
        MINIO_ACCESS_KEY: 'faults',
        MINIO_SECRET_KEY: 'faults-secret',
        MINIO_BUCKET: 'trove-faults',
        ...embedderEnv,
      },
    });
    const tenant = 'faults-stores';
    const { key, api } = await provision(rig, tenant);
    const load = new WriteLoad({ baseUrl: rig.baseUrl, key, tenant, sentences, concurrency: WRITERS });
    load.start();
    await sleep(SETTLE_S * 1000);
    console.log('| fault | window s | write attempts: answers | searches: answers | recovery |');
    console.log('|---|---:|---|---|---|');
    printWindow('before (steady)', load, 0, load.now());
    const allMessages = new Map();
    const faults = [
      ['postgres', 'PostgreSQL', postgres],
      ['nats', 'NATS', nats],
      ['s3', 'S3', s3],
    ].filter(([id]) => STORES.includes(id));
    for (const [, name, server] of faults) {
      const from = load.now();
      server.crash();
      await sleep(OUTAGE_S * 1000);
      const downTo = load.now();
      const messages = printWindow(`${name} down`, load, from, downTo);
      for (const [message, n] of messages) allMessages.set(`${name} down: ${message}`, n);
      await server.start();
      const upAt = load.now();
      await sleep(Math.max(SETTLE_S, 15) * 1000);
      const after = load.attempts.filter((a) => a.at >= upAt);
      const firstOk = after.find((a) => a.status === 200);
      const lastBad = after.filter((a) => a.status !== 200).at(-1);
      const recovery =
        `first 200 ${firstOk ? ((firstOk.at + firstOk.ms - upAt) / 1000).toFixed(1) : '—'} s, ` +
        `last error ${lastBad ? ((lastBad.at + lastBad.ms - upAt) / 1000).toFixed(1) : '—'} s after it was back`;
      const afterMessages = printWindow(`${name} back`, load, upAt, load.now(), recovery);
      for (const [message, n] of afterMessages) allMessages.set(`${name} back: ${message}`, n);
    }
    const failures = await finish(load, api, tenant, allMessages);
    // Nothing of Trove restarts in this scenario: a network error means one of its processes died
    // (and the launcher stopped the rest), which is what happened before postgres-database.ts
    // listened for errors on checked-out connections.
    const network = load.attempts.filter((a) => a.status === 0).length;
    console.log(`Network errors (a Trove process gone): ${network}.`);
    if (network > 0) console.log(rig.output().slice(-4000));
    return failures + network;
  } finally {
    await rig?.dispose();
    s3.dispose();
    nats.dispose();
    postgres.dispose();
  }
}

let failures = 0;
if (SCENARIO === 'all' || SCENARIO === 'kill') failures += await killScenario();
if (SCENARIO === 'all' || SCENARIO === 'stores') failures += await storesScenario();
console.log(`\n${WRITERS} writers (20% documents) and 2 readers (hybrid search); node ${process.version}.`);
console.log(
  `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/faults.bench.mjs ` +
    `--scenario ${SCENARIO} --writers ${WRITERS} --outage ${OUTAGE_S} --settle ${SETTLE_S}` +
    (STORES.length < 3 ? ` --stores ${STORES.join(',')}` : '') +
    (EMBEDDER ? ` --embedder ${EMBEDDER}` : ''),
);
process.exitCode = failures === 0 ? 0 : 1;
