#!/usr/bin/env node
// Scale-out on the full stack (tools/run-full.mjs: the services over NATS on Elasticsearch,
// Neo4j, S3 and PostgreSQL), with several instances per service sharing work through NATS queue
// groups (REPLICAS), under a steady load of searches and writes:
//
//   kill        two instances of search, ingestion and memory; kill -9 one search instance, then
//               one ingestion instance, then one memory instance. The launcher starts a killed process again (RESTART_CRASHED=1).
//   roll        two instances of every service and of the gateway (behind bench/lib/balancer.mjs);
//               a rolling restart: each instance in turn gets SIGTERM (it says it is stopping for
//               SHUTDOWN_DELAY_MS, drains, tools/run-distributed.mjs starts it again), the next
//               only once the new one answers /readyz.
//   throughput  closed-loop hybrid searches (16 clients, 20 s) on the same corpus with one and
//               with two search instances, with the CPU each process used.
//
// Readers search and are never retried by the bench: every non-200 counts as failed. Writers add
// memories and upload documents and retry a 5xx with the same id, as a careful client does; at
// the end every acknowledged item must be found exactly once and every document `completed`
// (bench/lib/fault-load.mjs). Both windows are reported by answer.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/scale-out.bench.mjs [--scenario kill|roll|throughput|all] [--writers 2] [--readers 6]
//                                  [--shutdown-delay-ms 2000]
//   (the stores come from tools/ensure-servers.sh, started when down)
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import testing from '@trove/testing';
import { argValue } from './lib/quality-stack.mjs';
import { loadSentences } from './lib/speed-data.mjs';
import { cpuSecondsOf, findChild, findChildren } from './lib/speed-proc.mjs';
import { startBalancer } from './lib/balancer.mjs';
import { countItems, provision, summariseAttempts, waitForDocuments, WriteLoad } from './lib/fault-load.mjs';

const { startDistributed } = testing;
const SCENARIO = argValue('scenario', 'all');
const WRITERS = Number(argValue('writers', '2'));
const READERS = Number(argValue('readers', '6'));
const SETTLE_S = Number(argValue('settle', '10'));
/** SHUTDOWN_DELAY_MS of every process in the roll (0: the control, no time for the balancer to notice). */
const SHUTDOWN_DELAY_MS = argValue('shutdown-delay-ms', '2000');
const SERVICES = ['tenant', 'ingestion', 'memory', 'search', 'graph'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sentences = loadSentences();
const fullStack = (replicas) => ({
  env: { RESTART_CRASHED: '1', LOG_LEVEL: 'warn', REPLICAS: replicas, VECTOR_INDEX: 'elasticsearch' },
});

/** The pid of the Java process whose command line names `mainClass` (a store's rig), if any. */
function javaProcess(mainClass) {
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes(mainClass)) return Number(name);
    } catch {
      // gone while we looked
    }
  }
  return undefined;
}

/** The run-distributed launcher under the rig's run-full process. */
function launcherPid() {
  return findChild('tools/run-distributed.mjs', findChild('tools/run-full.mjs'));
}

/** The PORT a process was started with (its /readyz listens there). */
function portOf(pid) {
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return Number(environ.find((entry) => entry.startsWith('PORT='))?.slice(5));
}

async function waitReady(port, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`:${port} not ready after ${timeoutMs} ms`);
}

/** Stops one process (signal) and waits for its replacement to answer /readyz; seconds taken. */
async function replace(launcher, app, pid, signal) {
  const fragment = `apps/${app}/dist/main.js`;
  const port = portOf(pid);
  const t0 = performance.now();
  process.kill(pid, signal);
  let next;
  while (next === undefined) {
    await sleep(100);
    next = findChildren(fragment, launcher).find((p) => p !== pid && portOf(p) === port);
  }
  await waitReady(port);
  return (performance.now() - t0) / 1000;
}

function printWindow(label, load, from, to, extra = '') {
  const writes = summariseAttempts(load.attempts, from, to);
  const reads = summariseAttempts(load.attempts, from, to, ['search']);
  const answers = (summary) => [...summary.byAnswer].map(([answer, n]) => `${answer}: ${n}`).join(', ');
  console.log(
    `| ${label} | ${((to - from) / 1000).toFixed(1)} | ${reads.total}: ${answers(reads)} | ` +
      `${writes.total}: ${answers(writes)} | ${extra} |`,
  );
  return { failedReads: reads.total - (reads.byAnswer.get('200') ?? 0), reads, writes };
}

/**
 * Runs `faults` (label → async () => extra column) under load; prints the table and the count.
 * With several gateways (`gateway=N` in replicas) the load goes through a readiness-probing
 * balancer in front of them (bench/lib/balancer.mjs), as a Kubernetes Service would send it.
 */
async function underLoad(title, replicas, faults, env = {}) {
  console.log(`\n## ${title} (REPLICAS=${replicas})\n`);
  const options = fullStack(replicas);
  const rig = await startDistributed({ env: { ...options.env, ...env } }, true);
  let balancer;
  try {
    const launcher = launcherPid();
    const gateways = findChildren('apps/gateway/dist/main.js', launcher).map(
      (pid) => `http://127.0.0.1:${portOf(pid)}`,
    );
    if (gateways.length > 1) balancer = await startBalancer(gateways);
    const tenant = `scale-${Date.now()}`;
    const { key, api } = await provision(rig, tenant);
    const load = new WriteLoad({
      baseUrl: balancer?.url ?? rig.baseUrl,
      key,
      tenant,
      sentences,
      concurrency: WRITERS,
      readers: READERS,
    });
    load.start();
    await sleep(SETTLE_S * 1000);
    console.log('| window | s | searches: answers | write attempts: answers | note |');
    console.log('|---|---:|---|---|---|');
    let failedReads = printWindow('before (steady)', load, 0, load.now()).failedReads;
    for (const [label, fault] of faults) {
      const from = load.now();
      const extra = await fault(launcher);
      await sleep(SETTLE_S * 1000);
      failedReads += printWindow(label, load, from, load.now(), extra).failedReads;
    }
    const stopAt = load.now();
    await load.stop();
    printWindow('after (writers finishing)', load, stopAt, load.now());
    const statuses = await waitForDocuments(api, tenant, load);
    const count = await countItems(api, tenant, load, statuses);
    const writeFailures = load.attempts.filter((a) => a.kind !== 'search' && a.status !== 200).length;
    const said = new Map();
    for (const a of load.attempts.filter((x) => x.status !== 200)) {
      const shape = `${a.kind} ${a.status} ${a.code ?? ''}: ${(a.message ?? '').slice(0, 200)}`;
      said.set(shape, (said.get(shape) ?? 0) + 1);
    }
    for (const [shape, n] of said) console.log(`- ${shape} (${n})`);
    // Requests the processes sent a second time (NatsTransportClient logs each), by pattern.
    const resent = new Map();
    for (const [, pattern] of rig.output().matchAll(/["\s]([a-z][\w.-]+): [^\n]*?; sent once more/g)) {
      resent.set(pattern, (resent.get(pattern) ?? 0) + 1);
    }
    console.log(
      `Requests sent once more by the processes: ${[...resent].map(([p, n]) => `${p} ${n}`).join(', ') || 'none'}.`,
    );
    console.log(
      `\n**Failed searches: ${failedReads}.** Write attempts answered other than 200 (retried by the ` +
        `client with the same id): ${writeFailures}. Acknowledged: ${count.expected.memories} memories, ` +
        `${count.expected.documents} documents. **Lost: ${count.lost.length}. Duplicated: ` +
        `${count.duplicated.length}. Documents not completed: ${count.notCompleted.length}.**`,
    );
    return failedReads + count.lost.length + count.duplicated.length + count.notCompleted.length;
  } finally {
    await balancer?.close();
    await rig.dispose();
  }
}

async function killScenario() {
  const kill = (app) => async (launcher) => {
    const [pid] = findChildren(`apps/${app}/dist/main.js`, launcher);
    return `back in ${(await replace(launcher, app, pid, 'SIGKILL')).toFixed(1)} s`;
  };
  return underLoad('kill -9 of one instance under load', 'search=2,ingestion=2,memory=2', [
    ['kill -9 one search instance', kill('search-service')],
    ['kill -9 one ingestion instance', kill('ingestion-service')],
    ['kill -9 one memory instance', kill('memory-service')],
  ]);
}

async function rollScenario() {
  const roll = async (launcher) => {
    const times = [];
    for (const service of [...SERVICES, 'gateway']) {
      const app = service === 'gateway' ? 'gateway' : `${service}-service`;
      for (const pid of findChildren(`apps/${app}/dist/main.js`, launcher)) {
        times.push(`${service} ${(await replace(launcher, app, pid, 'SIGTERM')).toFixed(1)} s`);
      }
    }
    return `each instance back in: ${times.join(', ')}`;
  };
  // Each process keeps serving 2 s after SIGTERM while its /readyz says it is stopping, so the
  // balancer (probing every 0.5 s) stops sending it requests first (SHUTDOWN_DELAY_MS).
  return underLoad(
    'rolling restart of every service and the gateway under load',
    [...SERVICES, 'gateway'].map((service) => `${service}=2`).join(','),
    [['rolling restart (SIGTERM, one instance at a time)', roll]],
    { SHUTDOWN_DELAY_MS },
  );
}

/** Closed-loop searches: `clients` at once for `seconds`; searches/s, p50/p99 and CPU per process. */
async function throughputOf(replicas, clients = 16, seconds = 20) {
  const rig = await startDistributed(fullStack(replicas), true);
  try {
    const launcher = launcherPid();
    const tenant = `throughput-${Date.now()}`;
    const { api } = await provision(rig, tenant);
    // A corpus of 400 memories (8 writers at once), indexed before the clock starts.
    let added = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let n = added++; n < 400; n = added++) {
          const answer = await api.post('/user_memory/add_user_memory', {
            json: { tenant_id: tenant, memory_id: `m${n}`, raw_text: sentences[n] },
          });
          if (answer.status !== 200) throw new Error(`add: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }),
    );
    const queries = sentences.slice(1000, 1200).map((s) => s.split(' ').slice(0, 6).join(' '));
    const pids = new Map();
    for (const app of ['gateway', ...SERVICES.map((s) => `${s}-service`)]) {
      for (const pid of findChildren(`apps/${app}/dist/main.js`, launcher)) pids.set(`${app}:${pid}`, pid);
    }
    // Elasticsearch (the rig's Java process) and this process (the 16 clients) use the same cores.
    const es = javaProcess('ElasticsearchRig');
    if (es !== undefined) pids.set(`elasticsearch:${es}`, es);
    pids.set(`bench client:${process.pid}`, process.pid);
    const cpuBefore = new Map([...pids].map(([name, pid]) => [name, cpuSecondsOf(pid)]));
    const latencies = [];
    let failed = 0;
    const end = performance.now() + seconds * 1000;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < end) {
          const query = queries[next++ % queries.length];
          const started = performance.now();
          const answer = await api.post('/search/hybrid-search', {
            json: { tenant_id: tenant, query, max_chunks: 10, search_mode: 'memories' },
          });
          if (answer.status === 200) latencies.push(performance.now() - started);
          else failed++;
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const cpu = new Map();
    for (const [name, pid] of pids) {
      const app = name.split(':')[0];
      cpu.set(app, (cpu.get(app) ?? 0) + (cpuSecondsOf(pid) - cpuBefore.get(name)) / elapsed);
    }
    return {
      rate: latencies.length / elapsed,
      p50: latencies[Math.floor(latencies.length / 2)],
      p99: latencies[Math.floor(latencies.length * 0.99)],
      failed,
      cpu,
    };
  } finally {
    await rig.dispose();
  }
}

async function throughputScenario() {
  console.log('\n## Hybrid search throughput, one and two search instances (16 clients, 20 s)\n');
  console.log(
    '| search instances | searches/s | p50 ms | p99 ms | failed | CPU cores used: search / gateway / all Trove / Elasticsearch / bench client |',
  );
  console.log('|---:|---:|---:|---:|---:|---|');
  for (const count of [1, 2]) {
    const r = await throughputOf(`search=${count}`);
    const all = [...r.cpu]
      .filter(([app]) => app !== 'elasticsearch' && app !== 'bench client')
      .reduce((sum, [, cores]) => sum + cores, 0);
    console.log(
      `| ${count} | ${r.rate.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.failed} | ` +
        `${(r.cpu.get('search-service') ?? 0).toFixed(2)} / ${(r.cpu.get('gateway') ?? 0).toFixed(2)} / ` +
        `${all.toFixed(2)} / ${(r.cpu.get('elasticsearch') ?? 0).toFixed(2)} / ${(r.cpu.get('bench client') ?? 0).toFixed(2)} |`,
    );
  }
  return 0;
}

let problems = 0;
if (SCENARIO === 'kill' || SCENARIO === 'all') problems += await killScenario();
if (SCENARIO === 'roll' || SCENARIO === 'all') problems += await rollScenario();
if (SCENARIO === 'throughput' || SCENARIO === 'all') problems += await throughputScenario();
console.log(
  `\nmachine: ${(await import('node:os')).cpus().length} cores; Elasticsearch and Neo4j share them`,
);
process.exit(problems === 0 ? 0 : 1);
