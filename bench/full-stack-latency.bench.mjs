#!/usr/bin/env node
// Hybrid search latency through each way of running Trove, on the same data, in one run:
//   standalone   `npm start`: one process, embedded stores, in-process transport
//   distributed  `npm run start:distributed`: six processes over NATS, PostgreSQL, embedded indexes
//   full         `npm run start:full`: the same on Elasticsearch (keywords, and vectors with
//                --vectors elasticsearch), Neo4j and S3
// Each mode gets the same memories (one HTTP add each, 4 at a time); then sequential hybrid
// searches (fast mode, max_chunks 10) from one client, after a warm-up. Reports p50/p99, the
// ratio to standalone, and how long each mode took to answer /readyz.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/full-stack-latency.bench.mjs [--memories 300] [--searches 200] [--vectors embedded|elasticsearch]
import { performance } from 'node:perf_hooks';
import testing from '@trove/testing';
import { argValue } from './lib/quality-stack.mjs';
import { loadSentences } from './lib/speed-data.mjs';

const { ApiClient, startTrove } = testing;
const MEMORIES = Number(argValue('memories', '300'));
const SEARCHES = Number(argValue('searches', '200'));
const VECTORS = argValue('vectors', 'elasticsearch');
const sentences = loadSentences();
const queries = sentences.slice(5000, 5000 + SEARCHES).map((s) => s.split(' ').slice(0, 8).join(' '));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(mode) {
  const t0 = performance.now();
  const rig = await startTrove(mode, {
    env: { LOG_LEVEL: 'warn', ...(mode === 'full' ? { VECTOR_INDEX: VECTORS } : {}) },
  });
  const readyS = (performance.now() - t0) / 1000;
  try {
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const key = (await admin.post('/api-keys/create_api_key', { json: { owner: 'bench' } })).body
      .full_api_key;
    const api = admin.withKey(key);
    const tenant = `latency-${Date.now()}`;
    await api.post('/tenants/create', { json: { tenant_id: tenant } });
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let n = next++; n < MEMORIES; n = next++) {
          const answer = await api.post('/user_memory/add_user_memory', {
            json: { tenant_id: tenant, memory_id: `m${n}`, raw_text: sentences[n] },
          });
          if (answer.status !== 200) throw new Error(`add: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }),
    );
    const search = async (query) => {
      const started = performance.now();
      const answer = await api.post('/search/hybrid-search', {
        json: { tenant_id: tenant, query, max_chunks: 10, search_mode: 'memories' },
      });
      if (answer.status !== 200) throw new Error(`search: ${answer.status} ${JSON.stringify(answer.body)}`);
      return performance.now() - started;
    };
    for (const query of queries.slice(0, 20)) await search(query);
    const times = [];
    for (const query of queries) times.push(await search(query));
    times.sort((a, b) => a - b);
    return { readyS, p50: percentile(times, 50), p99: percentile(times, 99) };
  } finally {
    await rig.dispose();
  }
}

console.log(
  `${MEMORIES} memories, ${SEARCHES} sequential hybrid searches (fast, max_chunks 10); full stack vectors: ${VECTORS}\n`,
);
console.log('| mode | ready in s | p50 ms | p99 ms | p50 ÷ standalone |');
console.log('|---|---:|---:|---:|---:|');
let base;
for (const mode of ['standalone', 'distributed', 'full']) {
  const r = await measure(mode);
  base ??= r.p50;
  console.log(
    `| ${mode} | ${r.readyS.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.p50 / base).toFixed(2)} |`,
  );
}
