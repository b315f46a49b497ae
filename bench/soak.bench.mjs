#!/usr/bin/env node
// Soak: mixed reads and writes at a steady rate against `standalone` (default configuration, the
// embedding model included), for a long time: answers by status, 5xx and network errors, latency
// p50 / p99 per minute and overall, and the resident memory of the process and its model
// processes at the start and the end (a leak shows as RSS that keeps growing).
//
// Open loop: a request starts every 1/RATE s whether or not earlier ones have answered, so a
// slow server meets the same load and its queue shows in the latency.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/soak.bench.mjs                        (30 min at 50 requests/s)
//   node bench/soak.bench.mjs --minutes 3 --rate 50  (a short run)
//
// Mix (per request): add a one-sentence memory 30%, retrieve memories 25%, hybrid search 20%,
// full-text search 10%, upload a small text document 5%, list sources 5%, tenant stats 5%;
// five tenants, each with its own key. Text: SciFact abstract sentences.
import { performance } from 'node:perf_hooks';
import testing from '@trove/testing';
import { argValue, percentile } from './lib/quality-stack.mjs';
import { loadSentences, mulberry32 } from './lib/speed-data.mjs';
import { findChild, findChildren, memoryOf } from './lib/speed-proc.mjs';

const { ApiClient, startStandalone } = testing;
const MINUTES = Number(argValue('minutes', '30'));
const RATE = Number(argValue('rate', '50'));
const TENANTS = 5;

const sentences = loadSentences();
const random = mulberry32(20261125);
const pick = (items) => items[Math.floor(random() * items.length)];

/** RSS in MiB of a process and its model processes. */
function treeRss(pid) {
  return findChildren('onnx-process', pid).reduce(
    (n, child) => n + memoryOf(child).rssMiB,
    memoryOf(pid).rssMiB,
  );
}

const rig = await startStandalone({ env: { LOG_LEVEL: 'warn' } });
try {
  const serverPid = findChild('apps/standalone/dist/main.js');
  const admin = new ApiClient(rig.baseUrl, rig.adminKey);
  const clients = [];
  for (let t = 0; t < TENANTS; t++) {
    const created = await admin.post('/api-keys/create_api_key', { json: { owner: `soak-${t}` } });
    const api = admin.withKey(created.body.full_api_key);
    await api.post('/tenants/create', { json: { tenant_id: `soak-${t}` } });
    clients.push({ api, tenant: `soak-${t}` });
  }
  let seq = 0;
  const ops = [
    [
      0.3,
      'add memory',
      ({ api, tenant }) =>
        api.post('/user_memory/add_user_memory', {
          json: { tenant_id: tenant, memory_id: `m${seq++ % 20_000}`, raw_text: pick(sentences) },
        }),
    ],
    [
      0.25,
      'retrieve memories',
      ({ api, tenant }) =>
        api.post('/user_memory/retrieve_user_memory', {
          query: { tenant_id: tenant, max_count: 10 },
          json: { query: pick(sentences).split(' ').slice(0, 8).join(' ') },
        }),
    ],
    [
      0.2,
      'hybrid search',
      ({ api, tenant }) =>
        api.post('/search/hybrid-search', {
          json: {
            tenant_id: tenant,
            query: pick(sentences).split(' ').slice(0, 8).join(' '),
            max_chunks: 10,
          },
        }),
    ],
    [
      0.1,
      'full-text search',
      ({ api, tenant }) =>
        api.post('/search/full-text-search', {
          json: { tenant_id: tenant, query: pick(sentences).split(' ').slice(2, 5).join(' ') },
        }),
    ],
    [
      0.05,
      'upload document',
      async ({ api, tenant }) => {
        const form = new FormData();
        form.append('tenant_id', tenant);
        form.append('file_id', `d${seq++ % 2_000}`);
        form.append(
          'file',
          new Blob([Array.from({ length: 8 }, () => pick(sentences)).join(' ')]),
          'note.txt',
        );
        const request = new Request('http://localhost/', { method: 'POST', body: form });
        return api.post('/ingestion/upload-document', {
          raw: {
            body: Buffer.from(await request.arrayBuffer()),
            contentType: request.headers.get('content-type'),
          },
        });
      },
    ],
    [
      0.05,
      'list sources',
      ({ api, tenant }) => api.get('/list/list-sources', { query: { tenant_id: tenant } }),
    ],
    [0.05, 'tenant stats', ({ api, tenant }) => api.get('/tenants/stats', { query: { tenant_id: tenant } })],
  ];
  const chooseOp = () => {
    let r = random();
    for (const op of ops) if ((r -= op[0]) < 0) return op;
    return ops[0];
  };

  const rssStart = treeRss(serverPid);
  const results = [];
  const perMinute = [];
  const started = performance.now();
  const total = Math.round(MINUTES * 60 * RATE);
  const inFlight = new Set();
  let lastMinute = 0;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const [, name, run] = chooseOp();
    const t0 = performance.now();
    const request = run(pick(clients))
      .then((answer) => ({ name, status: answer.status, ms: performance.now() - t0, at: t0 - started }))
      .catch((error) => ({
        name,
        status: 0,
        ms: performance.now() - t0,
        at: t0 - started,
        error: String(error),
      }))
      .then((result) => {
        results.push(result);
        inFlight.delete(request);
      });
    inFlight.add(request);
    const minute = Math.floor((t0 - started) / 60_000);
    if (minute > lastMinute) {
      lastMinute = minute;
      perMinute.push({ minute, rss: treeRss(serverPid), inFlight: inFlight.size });
    }
  }
  await Promise.all(inFlight);
  const rssEnd = treeRss(serverPid);
  const seconds = (performance.now() - started) / 1000;

  const byStatus = new Map();
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const errors = results.filter((r) => r.status === 0 || r.status >= 500);
  console.log(
    `Soak on standalone (default configuration): ${results.length} requests in ${seconds.toFixed(0)} s ` +
      `(${(results.length / seconds).toFixed(1)}/s offered at ${RATE}/s), ${TENANTS} tenants.\n`,
  );
  console.log('| operation | requests | p50 ms | p99 ms | statuses |');
  console.log('|---|---:|---:|---:|---|');
  for (const [, name] of ops) {
    const mine = results.filter((r) => r.name === name);
    const statuses = new Map();
    for (const r of mine) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    console.log(
      `| ${name} | ${mine.length} | ${percentile(
        mine.map((r) => r.ms),
        50,
      ).toFixed(1)} | ${percentile(
        mine.map((r) => r.ms),
        99,
      ).toFixed(1)} | ${[...statuses].map(([s, c]) => `${s}: ${c}`).join(', ')} |`,
    );
  }
  const all = results.map((r) => r.ms);
  console.log(
    `| all | ${results.length} | ${percentile(all, 50).toFixed(1)} | ${percentile(all, 99).toFixed(1)} | ` +
      `${[...byStatus].map(([s, c]) => `${s}: ${c}`).join(', ')} |`,
  );
  console.log(
    `\n5xx and network errors: ${errors.length}${errors.length ? ` (first: ${JSON.stringify(errors[0])})` : ''}.`,
  );
  console.log(
    `RSS of the process and its model processes: ${rssStart.toFixed(0)} MiB at the start, ` +
      `${perMinute.map((m) => `${m.rss.toFixed(0)}`).join(' → ')}${perMinute.length ? ' → ' : ''}${rssEnd.toFixed(0)} MiB at the end.`,
  );
  console.log(`\nnode ${process.version}.`);
  console.log(
    `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/soak.bench.mjs --minutes ${MINUTES} --rate ${RATE}`,
  );
} finally {
  await rig.dispose();
}
