#!/usr/bin/env node
// Hybrid search at scale with the real model (issue 14's "hybrid p50 at 100k chunks"): one tenant
// of N short memories (one or two SciFact abstract sentences, ~160 characters, one chunk each),
// added over HTTP to a standalone with the default configuration, CONCURRENCY in flight; then the
// SciFact train claims searched back to back over one keep-alive connection, at the default alpha
// (0.8), keyword only (0) and semantic only (1): HTTP p50 / p99, and the standalone's RSS.
//
// Short memories keep the build to ~20 min on 2 cores (100k chunks of ~256 tokens would take the
// model ~35 min alone). The semantic side is what the model changes (its vectors, the HNSW graph
// over them, the query embedding); the keyword side is measured on shorter chunks than documents
// have, so its postings are shorter: bench/retrieval-speed.bench.mjs measures it on ~900-character
// chunks.
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node tools/fetch-model.mjs
//   node bench/model-scale.bench.mjs [--memories 100000] [--data-dir tmp/model-scale]
//   node bench/model-scale.bench.mjs --search-only      (again on the kept store, e.g. once the
//                                                        machine is quiet)
//
// --data-dir keeps the store between runs; the build resumes where it stopped (memory ids are
// fixed, an add of an existing id replaces it). Without it, a temporary directory is used and erased.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import testing from '@trove/testing';
import { postJson, readyzCheck } from './lib/bench-http.mjs';
import { findChild, memoryOf } from './lib/speed-proc.mjs';
import { loadQueries, loadSentences, memoryAt, percentile, pool } from './lib/speed-data.mjs';

const { startStandalone } = testing;
const { values: args } = parseArgs({
  options: {
    memories: { type: 'string', default: '100000' },
    chars: { type: 'string', default: '160' },
    concurrency: { type: 'string', default: '16' },
    queries: { type: 'string', default: '200' },
    'data-dir': { type: 'string' },
    'search-only': { type: 'boolean', default: false },
  },
});
const MEMORIES = Number(args.memories);
const CHARS = Number(args.chars);
const CONCURRENCY = Number(args.concurrency);
const QUERIES = Number(args.queries);
const TENANT = 'scale';
const ALPHAS = [0.8, 0, 1];
const kept = args['data-dir'] ? resolve(args['data-dir']) : null;
const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'trove-model-scale-'));
mkdirSync(dataDir, { recursive: true });
const stateFile = join(dataDir, 'model-scale.json');
const state = existsSync(stateFile)
  ? JSON.parse(readFileSync(stateFile, 'utf8'))
  : { adminKey: testing.generateAdminKey(), added: 0, addSeconds: 0 };
const save = () => writeFileSync(stateFile, JSON.stringify(state));
save();
const log = (message) =>
  process.stderr.write(`[model-scale ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

const ok = (answer, what) => {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const rig = await startStandalone({
  env: { DATA_DIR: dataDir, ADMIN_API_KEY: state.adminKey, LOG_LEVEL: 'warn' },
});
try {
  const base = rig.baseUrl;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const info = readyzCheck(await (await fetch(`${base}/readyz`)).json(), 'embedder') ?? {};
  const embedder = `${info.model_id ?? '?'}${info.fallback ? ' (fallback)' : ''}`;
  log(`standalone up, embedder ${embedder}`);
  if (!state.key) {
    const created = ok(
      await postJson(agent, `${base}/api-keys/create_api_key`, state.adminKey, { owner: 'scale' }),
      'owner key',
    );
    ok(
      await postJson(agent, `${base}/tenants/create`, created.full_api_key, { tenant_id: TENANT }),
      'tenant',
    );
    state.key = created.full_api_key;
    save();
  }
  const sentences = loadSentences();
  if (!args['search-only'] && state.added < MEMORIES) {
    log(`adding memories ${state.added} → ${MEMORIES}, ${CONCURRENCY} in flight`);
    const STEP = 2000;
    while (state.added < MEMORIES) {
      const from = state.added;
      const to = Math.min(MEMORIES, from + STEP);
      const t0 = performance.now();
      await pool(from, to, CONCURRENCY, async (i) => {
        const memory = memoryAt(TENANT, i, sentences, CHARS);
        const add = () =>
          postJson(agent, `${base}/user_memory/add_user_memory`, state.key, { tenant_id: TENANT, ...memory });
        let answer = await add();
        // A 503 (the memory service answered too late on a saturated machine) is sent again: an
        // add with the same memory_id replaces it, so the retry cannot duplicate (docs/api.md).
        for (let retry = 0; answer.status === 503 && retry < 3; retry++) {
          state.retried = (state.retried ?? 0) + 1;
          answer = await add();
        }
        ok(answer, `add ${i}`);
      });
      state.addSeconds += (performance.now() - t0) / 1000;
      state.added = to;
      save();
      log(`${to} memories, ${(to / state.addSeconds).toFixed(0)} adds/s so far`);
    }
  }
  // Distinct queries for the warm-up and for each alpha: the embedder caches vectors by content,
  // and a query seen before would skip the model.
  const claims = loadQueries();
  if (claims.length < (ALPHAS.length + 1) * QUERIES)
    throw new Error(
      `--queries ${QUERIES}: only ${claims.length} SciFact claims for ${ALPHAS.length + 1} sets`,
    );
  const search = (query, alpha) =>
    postJson(agent, `${base}/search/hybrid-search`, state.key, {
      tenant_id: TENANT,
      query,
      max_chunks: 10,
      alpha,
      search_mode: 'memories',
    }).then((answer) => ok(answer, `search at alpha ${alpha}`) && answer);
  for (const query of claims.slice(0, QUERIES)) await search(query, 0.8);
  const rows = [];
  for (const [a, alpha] of ALPHAS.entries()) {
    const times = [];
    for (const query of claims.slice((a + 1) * QUERIES, (a + 2) * QUERIES))
      times.push((await search(query, alpha)).ms);
    times.sort((x, y) => x - y);
    rows.push({ alpha, p50: percentile(times, 50), p99: percentile(times, 99) });
  }
  const { rssMiB } = memoryOf(findChild('apps/standalone/dist/main.js'));
  console.log(
    `\n${state.added.toLocaleString('en-US')} memories (one chunk each, ~${CHARS} characters), embedder ${embedder.slice(0, 120)}`,
  );
  console.log(
    `adds: ${(state.added / state.addSeconds).toFixed(0)}/s over the build (${CONCURRENCY} in flight, HTTP; ${state.retried ?? 0} answered 503 and were sent again)`,
  );
  console.log(`\n| alpha | HTTP p50 ms | p99 ms |\n|---|---:|---:|`);
  for (const r of rows)
    console.log(
      `| ${r.alpha === 0.8 ? '0.8 (default)' : r.alpha === 0 ? '0 (keyword only)' : '1 (semantic only)'} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`,
    );
  console.log(
    `\nstandalone RSS (its model processes not counted) ${rssMiB.toFixed(0)} MB; ${QUERIES} queries per alpha (after as many to warm up)`,
  );
  console.log(`Reproduce: node bench/model-scale.bench.mjs ${process.argv.slice(2).join(' ')}`);
} finally {
  await rig.stop();
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}
