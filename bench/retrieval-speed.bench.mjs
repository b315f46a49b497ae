#!/usr/bin/env node
// Benchmark: retrieval speed through HTTP on `standalone`, with other tenants' data present, and
// the engine's own time on the same data in the same run:
//   - time to searchable: add a memory carrying a unique word, poll full-text search until it is
//     found; from the start of the add request to the answer that contains it;
//   - ingestion throughput: ~1 KB memories (1 chunk each, a few 2), CONCURRENCY adds in flight;
//     chunks/s from the answers' chunks_created; then document-sized memories (~20 KB, ~22 chunks
//     each) into a tenant of their own, where the per-request cost no longer dominates; the
//     engine's figure indexes the same memories CONCURRENCY per SearchService.indexMany call;
//   - hybrid search p50 / p99 at each size of one tenant (default 10k and 100k chunks), for
//     alpha 0.8 (the default), 0 (keyword only) and 1 (semantic only), one keep-alive connection,
//     requests back to back; each query is also run on the engine (SearchService.hybrid in a child
//     process, bench/lib/speed-engine.mjs, same compiled packages, same data) right after its HTTP
//     request, and the table gives end-to-end / engine; the engine's parts are timed alone too;
//   - resident memory (VmRSS) of the standalone process at each size.
//
//   npm run bench -- retrieval-speed                       (builds first; ~15 min on 2 cores)
//   node bench/retrieval-speed.bench.mjs --sizes 10000     (quick: one size)
//   BENCH_SCALE=0.1 node bench/retrieval-speed.bench.mjs   (sizes and other tenants × 0.1)
//   node bench/retrieval-speed.bench.mjs --cpu-prof        (then also profiles the standalone
//     process, after every measurement: 3,000 more adds, then a search pass; summaries printed)
//
// Options (and environment): --sizes 10000,100000 · --others 20 (BENCH_OTHER_TENANTS) ·
// --other-memories 2000 (BENCH_OTHER_MEMORIES) · --concurrency 16 (BENCH_CONCURRENCY) ·
// --queries 400 (BENCH_QUERIES, per alpha) · --tts 50 (BENCH_TTS_SAMPLES) ·
// --documents 400 (BENCH_DOCUMENTS: document-sized memories; 0 skips) ·
// --engine-pg memory|disk (the engine's chunk store: in-memory PGlite, or on disk as standalone).
// Data: SciFact abstract sentences (../shared/data/scifact beside the clone, or SCIFACT_DIR);
// queries: SciFact train claims. The load generator runs in this process, on the same cores.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import testing from '@trove/testing';
import { postJson } from './lib/bench-http.mjs';
import { cpuSecondsOf, findChild, memoryOf } from './lib/speed-proc.mjs';
import { summariseProfile } from './lib/speed-cpu-summary.mjs';
import {
  DOCUMENT_CHARS,
  DOCUMENTS_TENANT,
  loadQueries,
  loadSentences,
  memoryAt,
  mulberry32,
  otherTenant,
  percentile,
  pool,
  TARGET_TENANT,
  uniqueWord,
} from './lib/speed-data.mjs';

const { ApiClient, startStandalone } = testing;

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string' },
    others: { type: 'string' },
    'other-memories': { type: 'string' },
    concurrency: { type: 'string' },
    queries: { type: 'string' },
    tts: { type: 'string' },
    documents: { type: 'string' },
    'engine-pg': { type: 'string', default: 'memory' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SIZES = (args.sizes ?? `${10_000 * SCALE},${100_000 * SCALE}`)
  .split(',')
  .map((s) => Math.round(Number(s)))
  .sort((a, b) => a - b);
const OTHERS = Number(args.others ?? process.env.BENCH_OTHER_TENANTS ?? 20);
const OTHER_MEMORIES = Math.round(
  Number(args['other-memories'] ?? process.env.BENCH_OTHER_MEMORIES ?? 2000 * SCALE),
);
const CONCURRENCY = Number(args.concurrency ?? process.env.BENCH_CONCURRENCY ?? 16);
const QUERIES = Number(args.queries ?? process.env.BENCH_QUERIES ?? 400);
const TTS_SAMPLES = Number(args.tts ?? process.env.BENCH_TTS_SAMPLES ?? 50);
const DOCUMENTS = Math.round(
  Number(args.documents ?? process.env.BENCH_DOCUMENTS ?? 400 * Math.min(1, SCALE * 10)),
);
const ALPHAS = [0.8, 0, 1];
const MAX_CHUNKS = 10;
const PROFILE_ADDS = 3000;
const TARGETS = { ttsP50: 250, ingest: 1000, p50At100k: 20, p99At100k: 60 };

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const log = (message) =>
  process.stderr.write(`[retrieval-speed ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** POST a JSON body to `baseUrl` + `path`; resolves { status, body, ms }. */
const post = (agent, baseUrl, path, key, json) => postJson(agent, `${baseUrl}${path}`, key, json);

function ok(response, what) {
  if (response.status !== 200)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The engine child process: request/response over IPC. */
function startEngine() {
  const child = fork(join(import.meta.dirname, 'lib/speed-engine.mjs'), [], { stdio: 'inherit' });
  const waiting = new Map();
  let next = 0;
  child.on('message', ({ id, result, error }) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (error) w.reject(new Error(`engine: ${error}`));
    else w.resolve(result);
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`engine exited (${code})`));
  });
  return {
    pid: child.pid,
    call: (op, args) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        child.send({ id, op, args });
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.disconnect();
      }),
  };
}

// ---------------------------------------------------------------------------------------------

const sentences = loadSentences();
const queries = loadQueries();
if (QUERIES + 20 > queries.length) throw new Error(`at most ${queries.length - 20} queries per alpha`);
const profileDir = args['cpu-prof'] ? mkdtempSync(join(tmpdir(), 'trove-speed-prof-')) : null;

log(
  `sizes ${SIZES.join(', ')} chunks; ${OTHERS} other tenants × ${OTHER_MEMORIES} memories; ` +
    `${CONCURRENCY} adds in flight; ${QUERIES} queries per alpha; ${TTS_SAMPLES} time-to-searchable samples`,
);
const rig = await startStandalone({
  env: {
    LOG_LEVEL: 'warn',
    ...(profileDir
      ? {
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${join(import.meta.dirname, 'lib/speed-cpu-preload.mjs')}`,
          TROVE_SPEED_PROFILE_DIR: profileDir,
        }
      : {}),
  },
});
const standalonePid = findChild('apps/standalone/dist/main.js');
const engine = startEngine();
const results = {
  ingestion: [],
  tts: [],
  search: [],
  parts: [],
  memory: [{ point: 'started, empty', standalone: memoryOf(standalonePid), engine: null }],
  profiles: [],
};

let profiles = 0;
async function profiled(label, work) {
  if (!profileDir) return work();
  process.kill(standalonePid, 'SIGWINCH');
  while (!existsSync(join(profileDir, `started-${profiles}`))) await new Promise((r) => setTimeout(r, 10));
  try {
    return await work();
  } finally {
    process.kill(standalonePid, 'SIGWINCH');
    const file = join(profileDir, `profile-${profiles}.cpuprofile`);
    while (!existsSync(file)) await new Promise((r) => setTimeout(r, 50));
    results.profiles.push({ label, file });
    profiles++;
  }
}

try {
  const engineInfo = await engine.call('open', { pgDir: args['engine-pg'] });
  const admin = new ApiClient(rig.baseUrl, rig.adminKey);
  const key = ok(
    await admin.post('/api-keys/create_api_key', { json: { owner: 'speed-bench' } }),
    'create key',
  ).full_api_key;
  const client = admin.withKey(key);
  const tenants = [TARGET_TENANT, ...Array.from({ length: OTHERS }, (_, t) => otherTenant(t))];
  for (const tenant_id of [...tenants, DOCUMENTS_TENANT])
    ok(await client.post('/tenants/create', { json: { tenant_id } }), 'create tenant');
  const loadAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const queryAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const loaded = new Map(tenants.map((t) => [t, 0])); // memories loaded per tenant (HTTP and engine alike)

  /**
   * Adds memories over HTTP, `jobs` = [{ tenantId, i }], CONCURRENCY in flight; progress on stderr.
   * Returns chunks, wall ms, per-add latencies, and the standalone's CPU seconds meanwhile.
   */
  async function httpLoad(label, jobs) {
    let chunks = 0;
    const latencies = [];
    const cpu0 = cpuSecondsOf(standalonePid);
    const start = process.hrtime.bigint();
    const progress = setInterval(() => {
      const s = ms(start) / 1000;
      log(`${label}: ${int(latencies.length)} / ${int(jobs.length)} memories, ${int(chunks / s)} chunks/s`);
    }, 10_000);
    try {
      await pool(0, jobs.length, CONCURRENCY, async (j) => {
        const { tenantId, i, chars } = jobs[j];
        const memory = memoryAt(tenantId, i, sentences, chars);
        const r = await post(loadAgent, rig.baseUrl, '/user_memory/add_user_memory', key, {
          tenant_id: tenantId,
          memory_id: memory.memory_id,
          raw_text: memory.raw_text,
        });
        chunks += ok(r, 'add memory').chunks_created;
        latencies.push(r.ms);
      });
    } finally {
      clearInterval(progress);
    }
    return {
      memories: jobs.length,
      chunks,
      ms: ms(start),
      latencies: sorted(latencies),
      cpu: cpuSecondsOf(standalonePid) - cpu0,
    };
  }

  /** The same memories into the engine, tenant by tenant, in ranges of 10k for progress. */
  async function engineLoad(label, ranges) {
    let chunks = 0;
    let total = 0;
    let chunkMs = 0;
    for (const { tenantId, from, to, chars } of ranges) {
      for (let a = from; a < to; a += 10_000) {
        const r = await engine.call('load', {
          tenantId,
          from: a,
          to: Math.min(to, a + 10_000),
          concurrency: CONCURRENCY,
          chars,
        });
        chunks += r.chunks;
        total += r.ms;
        chunkMs += r.chunkMs;
        log(`${label} (engine): ${tenantId} ${int(Math.min(to, a + 10_000))} memories`);
      }
    }
    return { chunks, ms: total, chunkMs };
  }

  function recordIngestion(phase, http, eng) {
    results.ingestion.push({
      phase,
      memories: http.memories,
      chunks: http.chunks,
      seconds: http.ms / 1000,
      chunksPerS: (http.chunks / http.ms) * 1000,
      addP50: percentile(http.latencies, 50),
      addP99: percentile(http.latencies, 99),
      cores: http.cpu / (http.ms / 1000),
      engineChunksPerS: (eng.chunks / eng.ms) * 1000,
      sameChunks: eng.chunks === http.chunks,
    });
  }

  // 1. The other tenants, interleaved (memory k of tenant t at position k * OTHERS + t).
  if (OTHERS > 0 && OTHER_MEMORIES > 0) {
    const jobs = [];
    for (let i = 0; i < OTHER_MEMORIES; i++)
      for (let t = 0; t < OTHERS; t++) jobs.push({ tenantId: otherTenant(t), i });
    const http = await httpLoad(`${OTHERS} other tenants`, jobs);
    const eng = await engineLoad(
      'other tenants',
      tenants.slice(1).map((tenantId) => ({ tenantId, from: 0, to: OTHER_MEMORIES })),
    );
    for (const t of tenants.slice(1)) loaded.set(t, OTHER_MEMORIES);
    recordIngestion(`${OTHERS} other tenants × ${int(OTHER_MEMORIES)}, interleaved`, http, eng);
    results.memory.push({
      point: `${OTHERS} other tenants loaded (${int(http.chunks)} chunks)`,
      standalone: memoryOf(standalonePid),
      engine: await engine.call('memory'),
    });
  }

  // 2. The target tenant, size by size.
  let targetChunks = 0;
  const ttsRandom = mulberry32(7);
  for (const [sizeIndex, size] of SIZES.entries()) {
    const before = { memories: loaded.get(TARGET_TENANT), chunks: targetChunks };
    const http = { memories: 0, chunks: 0, ms: 0, latencies: [], cpu: 0 };
    const ranges = [];
    {
      while (targetChunks < size) {
        // Every memory has at least one chunk: never overshoots by more than a few 2-chunk memories.
        const from = loaded.get(TARGET_TENANT);
        const to = from + (size - targetChunks);
        const jobs = Array.from({ length: to - from }, (_, k) => ({ tenantId: TARGET_TENANT, i: from + k }));
        const r = await httpLoad(`target to ${int(size)} chunks`, jobs);
        Object.assign(http, {
          memories: http.memories + r.memories,
          chunks: http.chunks + r.chunks,
          ms: http.ms + r.ms,
          latencies: sorted([...http.latencies, ...r.latencies]),
          cpu: http.cpu + r.cpu,
        });
        targetChunks += r.chunks;
        loaded.set(TARGET_TENANT, to);
        ranges.push({ tenantId: TARGET_TENANT, from, to });
      }
    }
    const eng = await engineLoad(`target to ${int(size)}`, ranges);
    recordIngestion(`target tenant ${int(before.chunks)} → ${int(targetChunks)} chunks`, http, eng);

    // Hybrid search, HTTP and engine interleaved query by query.
    log(`searching at ${int(targetChunks)} chunks`);
    const pool_ = queries.slice(0, QUERIES);
    for (const q of queries.slice(-20)) {
      await post(queryAgent, rig.baseUrl, '/search/hybrid-search', key, {
        tenant_id: TARGET_TENANT,
        query: q,
        max_chunks: MAX_CHUNKS,
        search_mode: 'memories',
      });
      await engine.call('hybrid', { tenantId: TARGET_TENANT, query: q, alpha: 0.8, maxChunks: MAX_CHUNKS });
    }
    for (const alpha of ALPHAS) {
      const httpMs = [];
      const engineMs = [];
      let agree = 0;
      for (const query of pool_) {
        const body = { tenant_id: TARGET_TENANT, query, max_chunks: MAX_CHUNKS, search_mode: 'memories' };
        if (alpha !== 0.8) body.alpha = alpha; // 0.8 is the API default: leave it unset as a client would
        const r = await post(queryAgent, rig.baseUrl, '/search/hybrid-search', key, body);
        const ids = ok(r, 'hybrid search').chunks.map((c) => c.chunk_uuid);
        httpMs.push(r.ms);
        const e = await engine.call('hybrid', {
          tenantId: TARGET_TENANT,
          query,
          alpha,
          maxChunks: MAX_CHUNKS,
        });
        engineMs.push(e.ms);
        const set = new Set(e.ids);
        if (ids.length === e.ids.length && ids.every((id) => set.has(id))) agree++;
      }
      const h = sorted(httpMs);
      const en = sorted(engineMs);
      results.search.push({
        chunks: targetChunks,
        alpha,
        httpP50: percentile(h, 50),
        httpP99: percentile(h, 99),
        engineP50: percentile(en, 50),
        engineP99: percentile(en, 99),
        httpMean: h.reduce((a, b) => a + b, 0) / h.length,
        engineMean: en.reduce((a, b) => a + b, 0) / en.length,
        agree: agree / pool_.length,
        n: h.length,
      });
    }

    // The engine's parts, each alone.
    const partTimes = {};
    for (const query of pool_) {
      const p = await engine.call('parts', { tenantId: TARGET_TENANT, query, maxChunks: MAX_CHUNKS });
      for (const [k, v] of Object.entries(p)) (partTimes[k] ??= []).push(v);
    }
    results.parts.push({
      chunks: targetChunks,
      ...Object.fromEntries(
        Object.entries(partTimes).map(([k, v]) => {
          const s = sorted(v);
          return [k, { p50: percentile(s, 50), p99: percentile(s, 99) }];
        }),
      ),
    });

    results.memory.push({
      point: `target tenant at ${int(targetChunks)} chunks`,
      standalone: memoryOf(standalonePid),
      engine: await engine.call('memory'),
    });

    // Time to searchable: after the search measurement, so that it ran on exactly the loaded data.
    log(`time to searchable at ${int(targetChunks)} chunks`);
    const tts = [];
    const adds = [];
    const polls = [];
    const probes = [];
    for (let k = 0; k < TTS_SAMPLES; k++) {
      const word = uniqueWord(ttsRandom);
      const base = memoryAt(TARGET_TENANT, 10_000_000 + sizeIndex * 1000 + k, sentences);
      const memory = {
        memory_id: `speed-probe-${sizeIndex}-${k}`,
        raw_text: `${base.raw_text.slice(0, 700)} ${word}.`,
      };
      probes.push(memory);
      const start = process.hrtime.bigint();
      const added = await post(queryAgent, rig.baseUrl, '/user_memory/add_user_memory', key, {
        tenant_id: TARGET_TENANT,
        ...memory,
      });
      ok(added, 'add probe');
      adds.push(added.ms);
      let n = 0;
      for (;;) {
        n++;
        const r = await post(queryAgent, rig.baseUrl, '/search/full-text-search', key, {
          tenant_id: TARGET_TENANT,
          query: word,
          max_chunks: 1,
          search_mode: 'memories',
        });
        if (ok(r, 'full-text search').chunks.some((c) => c.source_id === memory.memory_id)) break;
        if (ms(start) > 30_000) throw new Error(`probe ${memory.memory_id} not searchable after 30 s`);
      }
      tts.push(ms(start));
      polls.push(n);
    }
    await engine.call('add', { tenantId: TARGET_TENANT, memories: probes });
    const t = sorted(tts);
    results.tts.push({
      chunks: targetChunks,
      n: t.length,
      p50: percentile(t, 50),
      p99: percentile(t, 99),
      max: t.at(-1),
      addP50: percentile(sorted(adds), 50),
      maxPolls: Math.max(...polls),
    });
  }

  // 3. Document-sized memories into a tenant of their own (the search sizes above stay as they are).
  if (DOCUMENTS > 0) {
    const jobs = Array.from({ length: DOCUMENTS }, (_, i) => ({
      tenantId: DOCUMENTS_TENANT,
      i,
      chars: DOCUMENT_CHARS,
    }));
    const http = await httpLoad('document-sized memories', jobs);
    const eng = await engineLoad('document-sized memories', [
      { tenantId: DOCUMENTS_TENANT, from: 0, to: DOCUMENTS, chars: DOCUMENT_CHARS },
    ]);
    recordIngestion(
      `documents: ${int(DOCUMENTS)} memories of ~${int(DOCUMENT_CHARS / 1000)} KB, own tenant`,
      http,
      eng,
    );
  }

  // Profiles last, so that the profiler's overhead touches none of the numbers above.
  if (profileDir) {
    const from = loaded.get(TARGET_TENANT);
    const jobs = Array.from({ length: PROFILE_ADDS }, (_, k) => ({ tenantId: TARGET_TENANT, i: from + k }));
    await profiled(
      `ingestion, ${int(PROFILE_ADDS)} more memories into the target tenant, ${CONCURRENCY} in flight`,
      () => httpLoad('profiled ingestion', jobs),
    );
    await profiled(
      `hybrid search (alpha 0.8), ${QUERIES} sequential queries, target tenant at ${int(targetChunks + PROFILE_ADDS)} chunks`,
      async () => {
        for (const query of queries.slice(0, QUERIES)) {
          await post(queryAgent, rig.baseUrl, '/search/hybrid-search', key, {
            tenant_id: TARGET_TENANT,
            query,
            max_chunks: MAX_CHUNKS,
            search_mode: 'memories',
          });
        }
      },
    );
  }
  results.memory.push({
    point: 'end (peak VmHWM)',
    standalone: memoryOf(standalonePid),
    engine: null,
    peak: true,
  });
  loadAgent.destroy();
  queryAgent.destroy();

  // -------------------------------------------------------------------------------------------
  const line = (cells) => console.log(`| ${cells.join(' | ')} |`);
  const header = (cells) => {
    line(cells);
    line(cells.map(() => '---'));
  };
  console.log(
    `\n# Retrieval speed: standalone over HTTP, ${OTHERS} other tenants × ${int(OTHER_MEMORIES)} memories present\n`,
  );
  console.log(
    `Embedder ${engineInfo.modelId} (${engineInfo.dimension}-d); pseudo-relevance feedback ${engineInfo.feedbackDocs} docs × ${engineInfo.feedbackWeight}, query word weights ${engineInfo.wordWeights ? 'on' : 'off'} (both sides); engine chunk store PGlite ${engineInfo.pg}; ` +
      `${CONCURRENCY} adds in flight; search on one keep-alive connection, ${QUERIES} SciFact claims per alpha, max_chunks ${MAX_CHUNKS}, search_mode memories.\n`,
  );

  console.log(
    '## Ingestion (POST /user_memory/add_user_memory: ~1 KB raw_text each, then document-sized ones)\n',
  );
  header([
    'phase',
    'memories',
    'chunks',
    's',
    'chunks/s',
    'add p50 ms',
    'add p99 ms',
    'standalone CPU (cores)',
    `engine alone chunks/s (indexMany, ${CONCURRENCY} per call)`,
  ]);
  for (const r of results.ingestion) {
    line([
      r.phase,
      int(r.memories),
      int(r.chunks),
      fmt(r.seconds),
      int(r.chunksPerS),
      fmt(r.addP50),
      fmt(r.addP99),
      fmt(r.cores, 2),
      int(r.engineChunksPerS),
    ]);
  }

  console.log(
    '\n## Time to searchable (add, then full-text search until found; from the add request start)\n',
  );
  header(['chunks in tenant', 'samples', 'p50 ms', 'p99 ms', 'max ms', 'add alone p50 ms', 'polls (max)']);
  for (const r of results.tts)
    line([int(r.chunks), r.n, fmt(r.p50), fmt(r.p99), fmt(r.max), fmt(r.addP50), r.maxPolls]);

  console.log(
    '\n## Hybrid search (POST /search/hybrid-search) and the engine alone (SearchService.hybrid)\n',
  );
  header([
    'chunks in tenant',
    'alpha',
    'HTTP p50 ms',
    'HTTP p99 ms',
    'engine p50 ms',
    'engine p99 ms',
    'e2e / engine p50',
    'e2e / engine p99',
    'e2e − engine p50 ms',
    'same top 10',
  ]);
  for (const r of results.search) {
    line([
      int(r.chunks),
      r.alpha,
      fmt(r.httpP50, 2),
      fmt(r.httpP99, 2),
      fmt(r.engineP50, 2),
      fmt(r.engineP99, 2),
      `${fmt(r.httpP50 / r.engineP50, 2)}×`,
      `${fmt(r.httpP99 / r.engineP99, 2)}×`,
      fmt(r.httpP50 - r.engineP50, 2),
      `${fmt(r.agree * 100, 0)}%`,
    ]);
  }

  console.log(
    "\n## The engine's parts, each timed alone, in SearchService.hybrid's order (p50 / p99 ms; alpha 0.8)\n",
  );
  header([
    'chunks in tenant',
    'keyword search',
    'feedback fetch',
    'word weights (idf)',
    'embed query + hits',
    'vector search',
    'fuse',
    'chunk store getMany',
    'candidates',
  ]);
  for (const r of results.parts) {
    const c = (p) => `${fmt(p.p50, 2)} / ${fmt(p.p99, 2)}`;
    line([
      int(r.chunks),
      c(r.keyword),
      c(r.feedback),
      c(r.weights),
      c(r.embed),
      c(r.vector),
      c(r.fuse),
      c(r.getMany),
      int(r.candidates.p50),
    ]);
  }

  console.log('\n## Memory (resident set size, MiB)\n');
  header(['point', 'standalone VmRSS', 'standalone peak (VmHWM)', 'engine alone RSS']);
  for (const r of results.memory) {
    line([
      r.point,
      int(r.standalone.rssMiB),
      int(r.standalone.peakMiB),
      r.engine ? int(r.engine.rss / 2 ** 20) : '–',
    ]);
  }

  const largest = SIZES.at(-1);
  const at = (alpha) => results.search.filter((r) => r.alpha === alpha).at(-1);
  const ttsLast = results.tts.at(-1);
  const ingest = results.ingestion.filter((r) => r.phase.startsWith('target'));
  const slowestIngest = Math.min(...ingest.map((r) => r.chunksPerS));
  const documentsIngest = results.ingestion.find((r) => r.phase.startsWith('documents'));
  const verdict = (met) => (met ? 'met' : '**not met**');
  console.log(
    `\n## Targets${largest !== 100_000 ? ` (largest size here is ${int(largest)}, not 100k)` : ''}\n`,
  );
  console.log(
    `- time to searchable p50 ≤ ${TARGETS.ttsP50} ms: ${fmt(ttsLast.p50)} ms at ${int(ttsLast.chunks)} chunks — ${verdict(results.tts.every((r) => r.p50 <= TARGETS.ttsP50))}`,
  );
  console.log(
    `- ingestion ≥ ${int(TARGETS.ingest)} chunks/s, one-chunk memories: slowest target phase ${int(slowestIngest)} chunks/s — ${verdict(slowestIngest >= TARGETS.ingest)}`,
  );
  if (documentsIngest) {
    console.log(
      `- ingestion ≥ ${int(TARGETS.ingest)} chunks/s, document-sized memories: ${int(documentsIngest.chunksPerS)} chunks/s — ${verdict(documentsIngest.chunksPerS >= TARGETS.ingest)}`,
    );
  }
  const h = at(0.8);
  console.log(
    `- hybrid (alpha 0.8) p50 ≤ ${TARGETS.p50At100k} ms at ${int(h.chunks)}: ${fmt(h.httpP50, 2)} ms — ${verdict(h.httpP50 <= TARGETS.p50At100k)}`,
  );
  console.log(
    `- hybrid (alpha 0.8) p99 ≤ ${TARGETS.p99At100k} ms at ${int(h.chunks)}: ${fmt(h.httpP99, 2)} ms — ${verdict(h.httpP99 <= TARGETS.p99At100k)}`,
  );
  const rssLast = results.memory.filter((r) => r.point.startsWith('target')).at(-1);
  console.log(
    `- RSS at ${int(h.chunks)} chunks (+ other tenants): ${int(rssLast.standalone.rssMiB)} MiB (engine alone ${int(rssLast.engine.rss / 2 ** 20)} MiB); no target`,
  );

  for (const p of results.profiles) {
    const s = summariseProfile(p.file, 12);
    console.log(`\n## CPU profile of standalone: ${p.label}\n`);
    console.log(
      `${fmt(s.busyMs / 1000, 2)} s of CPU samples over ${fmt(s.wallMs / 1000, 2)} s wall. Profile: ${p.file}\n`,
    );
    header(['area', 'self ms', 'share of samples']);
    for (const r of s.byArea) line([r.name, int(r.ms), `${fmt(r.share * 100)}%`]);
    console.log('');
    header(['function (self)', 'self ms', 'share']);
    for (const r of s.self) line([`\`${r.name}\``, int(r.ms), `${fmt(r.share * 100)}%`]);
    console.log('');
    header(['function (inclusive)', 'ms', 'share']);
    for (const r of s.inclusive) line([`\`${r.name}\``, int(r.ms), `${fmt(r.share * 100)}%`]);
  }
  const argv = process.argv.slice(2).join(' ');
  console.log(
    `\nReproduce: ${process.env.BENCH_SCALE ? `BENCH_SCALE=${process.env.BENCH_SCALE} ` : ''}node bench/retrieval-speed.bench.mjs${argv ? ` ${argv}` : ''}`,
  );
} finally {
  await engine.call('close').catch(() => undefined);
  await engine.stop();
  await rig.dispose();
  if (profileDir && !process.env.BENCH_KEEP_PROFILES) {
    for (const f of readdirSync(profileDir)) if (!f.endsWith('.cpuprofile')) rmSync(join(profileDir, f));
  }
}
