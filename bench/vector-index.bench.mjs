#!/usr/bin/env node
import { createRequire } from 'node:module';
// Benchmark: candidates for the embedded vector index, on one tenant's data, each measured in its own
// child process (so RSS is the candidate's own):
//   lance-flat   LanceDB table, brute-force (no ANN index), cosine
//   lance-hnsw   LanceDB table with an IVF_HNSW_SQ index (built after the insert), cosine
//   usearch      usearch HNSW in memory (i8 graph, M=16, ef_add=64, ef_search=256; BENCH_QUANT, BENCH_M,
//                BENCH_EF_ADD, BENCH_EF); its 2k candidates are rescored exactly from our own f32 copy,
//                which also serves filtered queries by exact scan of the filter's slots; index.save/load
//   exact        brute force over one Float32Array block in JS (the baseline)
//   adapter      the chosen UsearchVectorIndex itself (compiled dist), with BENCH_OTHER_TENANTS (20) other
//                tenants of BENCH_OTHER_TENANT_SIZE (2,000) vectors present; RSS includes them
//
//   node_modules/.bin/tsc -b libs/domain/search/tsconfig.json && node bench/vector-index.bench.mjs
//   BENCH_SIZES=10000,100000 BENCH_DIMS=384,768 BENCH_CANDIDATES=adapter,usearch,exact,lance-flat,lance-hnsw \
//   BENCH_QUERIES=200 BENCH_EF=256 node bench/vector-index.bench.mjs
//
// Data: clustered unit vectors (100 clusters, each in its own 24-d subspace), 1,000 sources of size/1000 chunks each; the
// filtered queries keep 5 random sources (0.5 % of the data). Recall@10 is measured against exact
// search of the same data. Insert runs in batches of 256 (usearch, exact) or 1,000 (LanceDB, whose
// every add is a new fragment and version). "searchable" is the time from adding one new vector to a
// query that returns it, with the ANN index (if any) already built.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusteredUnitVectors } from './lib/vector-data.mjs';
import { mulberry32 as rng } from './lib/speed-data.mjs';

const env = process.env;
const SIZES = (env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const DIMS = (env.BENCH_DIMS ?? '384,768').split(',').map(Number);
// LanceDB is the reference, not a dependency: `npm install --no-save @lancedb/lancedb@0.37.1` first.
const lanceInstalled = (() => {
  try {
    createRequire(import.meta.url).resolve('@lancedb/lancedb');
    return true;
  } catch {
    return false;
  }
})();
const CANDIDATES = (
  env.BENCH_CANDIDATES ?? (lanceInstalled ? 'adapter,usearch,exact,lance-flat,lance-hnsw' : 'adapter,usearch,exact')
).split(',');
const QUERIES = Number(env.BENCH_QUERIES ?? 200);
const EF = Number(env.BENCH_EF ?? 256);
const EF_ADD = Number(env.BENCH_EF_ADD ?? 64);
const M = Number(env.BENCH_M ?? 16);
const QUANT = env.BENCH_QUANT ?? 'i8';
const SOURCES = 1000;
const OTHER_TENANTS = Number(env.BENCH_OTHER_TENANTS ?? 20);
const OTHER_TENANT_SIZE = Number(env.BENCH_OTHER_TENANT_SIZE ?? 2000);

// ---------------------------------------------------------------- data (deterministic)
const dataset = (n, d, seed) => clusteredUnitVectors(n, d, seed, process.env.BENCH_DATA === 'isotropic');
const sourceOf = (i) => `src-${i % SOURCES}`;

function exactTopK(data, n, d, q, k, accept) {
  const ids = new Int32Array(k).fill(-1);
  const scores = new Float32Array(k).fill(-Infinity);
  for (let i = 0; i < n; i++) {
    if (accept && !accept(i)) continue;
    let s = 0;
    const o = i * d;
    for (let j = 0; j < d; j++) s += data[o + j] * q[j];
    if (s <= scores[k - 1]) continue;
    let p = k - 1;
    while (p > 0 && scores[p - 1] < s) {
      scores[p] = scores[p - 1];
      ids[p] = ids[p - 1];
      p--;
    }
    scores[p] = s;
    ids[p] = i;
  }
  return Array.from(ids).filter((i) => i >= 0);
}
function exactOnSlots(data, d, slots, q, k) {
  const scored = [];
  for (const i of slots) {
    let s = 0;
    for (let j = 0; j < d; j++) s += data[i * d + j] * q[j];
    scored.push([i, s]);
  }
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([i]) => i);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function timeQueries(queries, d, fn) {
  const times = [];
  const results = [];
  for (let qi = 0; qi < queries.length / d; qi++) {
    const q = queries.subarray(qi * d, (qi + 1) * d);
    const t = process.hrtime.bigint();
    results.push(await fn(q, qi));
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), results };
}
const rss = () => Math.round(process.memoryUsage().rss / 2 ** 20);

// ---------------------------------------------------------------- one candidate in a child process
async function worker(candidate, n, d) {
  const data = dataset(n, d, 42);
  const queries = dataset(QUERIES, d, 4242); // same cluster centers, different points
  const filters = Array.from({ length: QUERIES }, (_, qi) => {
    const rand = rng(qi + 7);
    return Array.from({ length: 5 }, () => Math.floor(rand() * SOURCES));
  });
  const truth = [];
  for (let qi = 0; qi < QUERIES; qi++)
    truth.push(exactTopK(data, n, d, queries.subarray(qi * d, (qi + 1) * d), 10));
  const baseRss = rss();
  const dir = mkdtempSync(join(tmpdir(), `vbench-${candidate}-`));
  const row = { candidate, n, d };
  try {
    const impls = { usearch: usearchImpl, exact, adapter: adapterImpl };
    const impl = await (candidate.startsWith('lance') ? lance : impls[candidate])(candidate, data, n, d, dir);
    Object.assign(row, impl.load);
    row.rssMiB = rss() - baseRss;
    const k10 = await timeQueries(queries, d, (q) => impl.search(q, 10));
    const k50 = await timeQueries(queries, d, (q) => impl.search(q, 50));
    const f10 = await timeQueries(queries, d, (q, qi) => impl.search(q, 10, filters[qi]));
    let hits = 0;
    k10.results.forEach((r, qi) => (hits += r.filter((i) => truth[qi].includes(i)).length));
    row.recall10 = hits / (10 * QUERIES);
    const filteredOk = f10.results.every((r, qi) => r.every((i) => filters[qi].includes(i % SOURCES)));
    Object.assign(row, {
      k10p50: k10.p50,
      k10p99: k10.p99,
      k50p50: k50.p50,
      k50p99: k50.p99,
      f10p50: f10.p50,
      f10p99: f10.p99,
      filteredOk,
    });
    row.searchableMs = await impl.searchable();
    Object.assign(row, await impl.reopen());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`RESULT ${JSON.stringify(row)}\n`);
}

async function exact(_c, data, n, d) {
  const t = performance.now();
  const block = new Float32Array(n * d);
  for (let i = 0; i < n; i += 256) block.set(data.subarray(i * d, Math.min(n, i + 256) * d), i * d);
  const insertMs = performance.now() - t;
  const fresh = dataset(1, d, 99);
  return {
    load: { insertPerS: n / (insertMs / 1000), buildMs: 0 },
    search: (q, k, f) => exactTopK(block, n, d, q, k, f ? (i) => f.includes(i % SOURCES) : undefined),
    searchable: async () => 0,
    reopen: async () => ({ snapshotMs: NaN, reopenMs: NaN, sameResults: 'n/a' }),
    fresh,
  };
}

async function usearchImpl(_c, data, n, d, dir) {
  const { default: usearch } = await import('usearch');
  const make = () =>
    new usearch.Index({
      dimensions: d,
      metric: usearch.MetricKind.IP,
      quantization: QUANT,
      connectivity: M,
      expansion_add: EF_ADD,
      expansion_search: EF,
      multi: false,
    });
  let index = make();
  const copy = new Float32Array(n * d);
  const bySource = new Map();
  const t = performance.now();
  for (let i = 0; i < n; i += 256) {
    const end = Math.min(n, i + 256);
    const keys = new BigUint64Array(end - i).map((_, j) => BigInt(i + j));
    index.add(keys, data.subarray(i * d, end * d), 0);
    copy.set(data.subarray(i * d, end * d), i * d);
    for (let j = i; j < end; j++) {
      const s = j % SOURCES;
      if (!bySource.has(s)) bySource.set(s, []);
      bySource.get(s).push(j);
    }
  }
  const insertMs = performance.now() - t;
  const search = (q, k, f) => {
    if (f) {
      // The adapter's rule: small candidate sets are searched exactly; large ones by HNSW over-fetch.
      const slots = f.flatMap((s) => bySource.get(s) ?? []);
      return exactOnSlots(copy, d, slots, q, k);
    }
    // The graph holds QUANT copies; candidates are rescored exactly from the f32 copy, as the adapter does.
    const m = index.search(q, QUANT === 'f32' ? k : 2 * k, 0);
    return exactOnSlots(copy, d, Array.from(m.keys, Number), q, k);
  };
  return {
    load: { insertPerS: n / (insertMs / 1000), buildMs: insertMs },
    search,
    async searchable() {
      const v = dataset(1, d, 99);
      const t0 = performance.now();
      index.add(BigInt(n + 1), v, 0);
      const found = Array.from(index.search(v, 10, 0).keys, Number).includes(n + 1);
      const ms = performance.now() - t0;
      index.remove(BigInt(n + 1));
      return found ? ms : NaN;
    },
    async reopen() {
      const q = data.subarray(0, d);
      const before = search(q, 10);
      const t0 = performance.now();
      index.save(join(dir, 'hnsw.usearch'));
      const snapshotMs = performance.now() - t0;
      index = null;
      const t1 = performance.now();
      index = make();
      index.load(join(dir, 'hnsw.usearch'));
      const after = search(q, 10);
      const reopenMs = performance.now() - t1;
      return { snapshotMs, reopenMs, sameResults: String(before.join() === after.join()) };
    },
  };
}

/**
 * The chosen adapter end to end (compiled: run `tsc -b libs/domain/search/tsconfig.json` first):
 * write-ahead log, slices, snapshot on close, with OTHER_TENANTS other tenants' data present.
 */
async function adapterImpl(_c, data, n, d, dir) {
  const { UsearchVectorIndex } =
    await import('../libs/domain/search/dist/adapters/usearch/usearch-vector-index.js');
  let index = new UsearchVectorIndex({ dataDir: dir });
  const scope = { tenantId: 'bench', subTenantId: 'main' };
  const model = { modelId: 'bench', dimension: d };
  const noise = dataset(OTHER_TENANT_SIZE, d, 5);
  for (let t = 0; t < OTHER_TENANTS; t++) {
    const other = { tenantId: `other-${t}`, subTenantId: 'main' };
    await index.ensureSpace(other.tenantId, 'chunks', model);
    const items = Array.from({ length: OTHER_TENANT_SIZE }, (_, i) => ({
      id: `c${i}`,
      sourceId: sourceOf(i),
      kind: 'chunk',
      vector: noise.subarray(i * d, (i + 1) * d),
    }));
    for (let i = 0; i < items.length; i += 256) await index.upsert(other, 'chunks', items.slice(i, i + 256));
  }
  await index.ensureSpace('bench', 'chunks', model);
  const item = (i) => ({
    id: `c${i}`,
    sourceId: sourceOf(i),
    kind: 'chunk',
    vector: data.subarray(i * d, (i + 1) * d),
  });
  const t = performance.now();
  for (let i = 0; i < n; i += 256) {
    await index.upsert(
      scope,
      'chunks',
      Array.from({ length: Math.min(256, n - i) }, (_, j) => item(i + j)),
    );
  }
  const insertMs = performance.now() - t;
  const search = async (q, k, f) => {
    const hits = await index.search(scope, 'chunks', q, k, f ? { sourceIds: f.map(sourceOf) } : undefined);
    return hits.map((h) => Number(h.id.slice(1)));
  };
  return {
    load: { insertPerS: n / (insertMs / 1000), buildMs: insertMs },
    search,
    async searchable() {
      const v = dataset(1, d, 99);
      const t0 = performance.now();
      await index.upsert(scope, 'chunks', [{ id: `c${n + 1}`, sourceId: 'fresh', kind: 'chunk', vector: v }]);
      const found = (await search(v, 10)).includes(n + 1);
      const ms = performance.now() - t0;
      await index.deleteByIds(scope, 'chunks', [`c${n + 1}`]);
      return found ? ms : NaN;
    },
    async reopen() {
      const q = data.subarray(0, d);
      const before = await search(q, 10);
      const t0 = performance.now();
      await index.close();
      const snapshotMs = performance.now() - t0;
      const t1 = performance.now();
      index = new UsearchVectorIndex({ dataDir: dir });
      const after = await search(q, 10);
      const reopenMs = performance.now() - t1;
      await index.close();
      return { snapshotMs, reopenMs, sameResults: String(before.join() === after.join()) };
    },
  };
}

async function lance(candidate, data, n, d, dir) {
  const lancedb = await import('@lancedb/lancedb');
  const rows = (from, to) =>
    Array.from({ length: to - from }, (_, j) => ({
      id: from + j,
      source_id: sourceOf(from + j),
      vector: data.subarray((from + j) * d, (from + j + 1) * d),
    }));
  let db = await lancedb.connect(dir);
  const t = performance.now();
  let table = await db.createTable('chunks', rows(0, Math.min(n, 1000)));
  for (let i = 1000; i < n; i += 1000) await table.add(rows(i, Math.min(n, i + 1000)));
  const insertMs = performance.now() - t;
  let buildMs = 0;
  if (candidate === 'lance-hnsw') {
    const t0 = performance.now();
    await table.createIndex('vector', { config: lancedb.Index.hnswSq({ distanceType: 'cosine' }) });
    buildMs = performance.now() - t0;
  }
  const search = async (q, k, f) => {
    let query = table.search(q).distanceType('cosine').limit(k).select(['id']);
    if (f) query = query.where(`source_id IN (${f.map((s) => `'${sourceOf(s)}'`).join(',')})`);
    return (await query.toArray()).map((r) => Number(r.id));
  };
  return {
    load: { insertPerS: n / (insertMs / 1000), buildMs },
    search,
    async searchable() {
      const v = dataset(1, d, 99);
      const t0 = performance.now();
      await table.add([{ id: n + 1, source_id: 'fresh', vector: v }]);
      const found = (await search(v, 10)).includes(n + 1);
      return found ? performance.now() - t0 : NaN;
    },
    async reopen() {
      const q = data.subarray(0, d);
      const before = await search(q, 10);
      table.close();
      db.close();
      const t1 = performance.now();
      db = await lancedb.connect(dir);
      table = await db.openTable('chunks');
      const after = await search(q, 10);
      const reopenMs = performance.now() - t1;
      return { snapshotMs: 0, reopenMs, sameResults: String(before.join() === after.join()) };
    },
  };
}

// ---------------------------------------------------------------- orchestration
if (process.argv[2] === '--worker') {
  const [, , , candidate, n, d] = process.argv;
  await worker(candidate, Number(n), Number(d));
} else {
  const rows = [];
  for (const d of DIMS)
    for (const n of SIZES)
      for (const candidate of CANDIDATES) {
        const r = spawnSync(
          process.execPath,
          [import.meta.filename, '--worker', candidate, String(n), String(d)],
          { encoding: 'utf8', maxBuffer: 1 << 26, env: { ...env, RUST_LOG: 'error', LANCE_LOG: 'error' } },
        );
        const line = r.stdout.split('\n').find((l) => l.startsWith('RESULT '));
        if (!line) {
          console.error(`${candidate} ${n}x${d} failed:\n${r.stderr.slice(-2000)}`);
          continue;
        }
        rows.push(JSON.parse(line.slice(7)));
        console.error(`done ${candidate} ${n}x${d}`);
      }
  const f = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '–');
  console.log(
    `\nnode bench/vector-index.bench.mjs  (queries=${QUERIES}, ef_search=${EF}, ${new Date().toISOString()})\n`,
  );
  console.log(
    '| candidate | n × d | insert /s | build ms | k10 p50/p99 ms | k50 p50/p99 ms | filtered k10 p50/p99 ms | recall@10 | searchable ms | snapshot ms | reopen ms | same after reopen | RSS MiB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.candidate} | ${r.n / 1000}k × ${r.d} | ${Math.round(r.insertPerS)} | ${f(r.buildMs, 0)} | ${f(r.k10p50, 2)} / ${f(r.k10p99, 2)} | ${f(r.k50p50, 2)} / ${f(r.k50p99, 2)} | ${f(r.f10p50, 2)} / ${f(r.f10p99, 2)}${r.filteredOk ? '' : ' (LEAK)'} | ${f(r.recall10, 3)} | ${f(r.searchableMs, 2)} | ${f(r.snapshotMs, 0)} | ${f(r.reopenMs, 0)} | ${r.sameResults} | ${r.rssMiB} |`,
    );
}
