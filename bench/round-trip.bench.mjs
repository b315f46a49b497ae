#!/usr/bin/env node
// Benchmark: an authenticated round trip (GET /tenants/sub_tenant_ids) through the gateway to the
// tenant service and back, in standalone mode (in-process transport, embedded Postgres) and in
// distributed mode (NATS, PostgreSQL, separate processes), measured in the same run.
//
//   npm run bench -- round-trip          (builds first; needs PostgreSQL and NATS for distributed)
//
// Latency: one keep-alive connection, requests back to back, each timed with hrtime (µs precision).
// Throughput: CONNECTIONS concurrent connections for DURATION seconds.
// The load generator (autocannon) runs in this process, on the same 2 cores as the servers.
import autocannon from 'autocannon';
import { Agent, request as httpRequest } from 'node:http';
import testing from '@trove/testing';

const { ApiClient, startTrove } = testing;
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** Times `count` sequential requests on one keep-alive connection; returns sorted ms values. */
async function sequential(url, headers, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = httpRequest(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      });
      req.on('error', reject);
      req.end();
    });
  const times = [];
  const deadline = Date.now() + DURATION * 1000;
  while (times.length < count && Date.now() < deadline) times.push(await once());
  agent.destroy();
  return times.sort((a, b) => a - b);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(mode) {
  const rig = await startTrove(mode, { env: { LOG_LEVEL: 'warn' } });
  try {
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const key = (await admin.post('/api-keys/create_api_key', { json: { owner: 'bench' } })).body
      .full_api_key;
    const tenant = `bench-${mode}`;
    const created = await admin.withKey(key).post('/tenants/create', { json: { tenant_id: tenant } });
    if (created.status !== 200)
      throw new Error(`tenant create: ${created.status} ${JSON.stringify(created.body)}`);
    const request = {
      url: `${rig.baseUrl}/tenants/sub_tenant_ids?tenant_id=${tenant}`,
      headers: { authorization: `Bearer ${key}` },
    };
    // Warm-up: JIT, connection pools, the gateway's key and access caches.
    await run({ ...request, connections: 4, duration: 2 });
    const times = await sequential(request.url, request.headers, 20_000);
    const throughput = await run({ ...request, connections: CONNECTIONS, duration: DURATION });
    if (throughput.non2xx > 0 || throughput.errors > 0) {
      throw new Error(`${mode}: ${throughput.non2xx} non-2xx answers, ${throughput.errors} errors`);
    }
    return {
      mode,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      samples: times.length,
      sequentialRps: times.length / (times.reduce((a, b) => a + b, 0) / 1000),
      rps: throughput.requests.average,
      p99Loaded: throughput.latency.p99,
    };
  } finally {
    await rig.dispose();
  }
}

const rows = [];
for (const mode of ['standalone', 'distributed']) rows.push(await measure(mode));
const [standalone, distributed] = rows;
const fmt = (n, digits = 2) => (typeof n === 'number' ? n.toFixed(digits) : String(n));
console.log(`\nAuthenticated round trip: GET /tenants/sub_tenant_ids (${DURATION}s per measurement)\n`);
console.log(
  `| mode | p50 ms (1 conn) | p99 ms (1 conn) | req/s (1 conn) | req/s (${CONNECTIONS} conns) | p99 ms (${CONNECTIONS} conns) |`,
);
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.mode} | ${fmt(r.p50, 3)} | ${fmt(r.p99, 3)} | ${fmt(r.sequentialRps, 0)} | ${fmt(r.rps, 0)} | ${fmt(r.p99Loaded, 0)} |`,
  );
}
console.log(
  `| distributed / standalone | ${fmt(distributed.p50 / standalone.p50)}× | ${fmt(distributed.p99 / standalone.p99)}× | ${fmt(distributed.sequentialRps / standalone.sequentialRps)}× | ${fmt(distributed.rps / standalone.rps)}× | |`,
);
console.log(
  `\n(${standalone.samples} and ${distributed.samples} sequential samples; loaded p99 from autocannon, whole ms)`,
);
console.log(
  `\nNATS hops per request once the gateway's key and access caches are warm: 1 (gateway → tenant service → gateway).` +
    ` Added p50 latency per hop: ${fmt(distributed.p50 - standalone.p50, 3)} ms.`,
);
