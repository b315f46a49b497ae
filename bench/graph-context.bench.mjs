#!/usr/bin/env node
// Benchmark: what `graph_context` costs a search on a large graph (issue 17: ≤ 15 ms p50 at 100k
// chunks, 2 cores, offline extractor, the embedded store).
//
//   node_modules/.bin/nx run @trove/domain-graph:build && node bench/graph-context.bench.mjs
//   options: --chunks 100000 --stores pglite,postgres,neo4j --keep --queries 450
//   (PostgreSQL and Neo4j: bash tools/ensure-servers.sh; TEST_DATABASE_URL, NEO4J_URL override)
//
// Data (bench/lib/graph-corpus.mjs, read in place from ../shared/data): SciFact abstracts chunked
// as the service chunks documents, HotpotQA dev paragraphs and LoCoMo turns, ~13k distinct chunks
// extracted once by the offline extractor, stored again under other source ids until --chunks,
// all in ONE sub-tenant. Loading is one replaceSource per source, timed. Queries: the HotpotQA
// questions, 200 SciFact claims and 200 LoCoMo questions; each comes with the 10 chunks a BM25
// over the chunks ranks first (the search's results). Measured per store: GraphContextBuilder.build
// after a warm-up pass, p50/p95/p99, the time per store method inside it, and, in the same run, the
// same queries on a reference graph of the HotpotQA paragraphs alone (521 chunks) in PGlite.
// With --keep the loaded graphs stay (a PGlite folder under the OS temp dir, a PostgreSQL database,
// a Neo4j tenant, all named after --chunks) and the next run with --keep reuses them.
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import graph from '@trove/domain-graph';
import database from '@trove/platform-database';
import testing from '@trove/testing';
import pg from 'pg';
import {
  copiesFor,
  extractDocuments,
  loadDocuments,
  resultChunker,
  sourcesUpTo,
} from './lib/graph-corpus.mjs';

const { GraphContextBuilder, Neo4jGraphStore, OfflineExtractor, SqlGraphStore } = graph;
const { PgliteDatabase, PostgresDatabase } = database;
const { createScratchPostgresDatabase } = testing;

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const CHUNKS = Number(arg('chunks', 100_000));
const STORES = arg('stores', 'pglite').split(',');
const KEEP = process.argv.includes('--keep');
const QUERIES = Number(arg('queries', 450));
const scope = { tenant_id: `bench-graph-context-${CHUNKS}`, sub_tenant_id: 'corpus' };
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** A store whose method calls are timed, so that the builder's time splits per method. */
function timedStore(store) {
  const spent = new Map();
  const proxy = new Proxy(store, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      return async (...args) => {
        const started = performance.now();
        try {
          return await value.apply(target, args);
        } finally {
          const s = spent.get(name) ?? { ms: 0, calls: 0 };
          s.ms += performance.now() - started;
          s.calls++;
          spent.set(name, s);
        }
      };
    },
  });
  return { proxy, spent };
}

async function load(store, sources, label, analyze = async () => undefined) {
  const started = performance.now();
  let chunks = 0;
  let n = 0;
  for (const source of sources) {
    await store.replaceSource(scope, source.id, source.chunks);
    chunks += source.chunks.length;
    if (++n % 2000 === 0) await analyze();
    if (n % 2000 === 0)
      process.stderr.write(
        `  ${label}: ${chunks} chunks, ${(chunks / ((performance.now() - started) / 1000)).toFixed(0)}/s\r`,
      );
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, sources: n, chunks };
}

async function measure(store, queries) {
  const { proxy, spent } = timedStore(store);
  const builder = new GraphContextBuilder(proxy);
  for (const q of queries.slice(0, 50)) await builder.build(scope, q.text, q.chunkIds);
  spent.clear();
  const ms = [];
  // CPU time of this process per build: on a busy machine wall time includes waiting for a core;
  // with PGlite (in process) CPU time is the whole cost, with a server only the client's part.
  const cpu = [];
  const alone = [];
  let paths = 0;
  const bridge = { asked: 0, second: 0 };
  for (const q of queries) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const context = await builder.build(scope, q.text, q.chunkIds);
    ms.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    paths += context.query_paths.length;
    if (q.secondKey) {
      // Any copy of the second supporting paragraph counts: h12_0, h12~3_0.
      const chunks = context.query_paths.flatMap((p) => p.triplets.map((t) => t.relation.chunk_id));
      bridge.asked++;
      if (chunks.some((c) => c.startsWith(`${q.secondKey}_`) || c.startsWith(`${q.secondKey}~`)))
        bridge.second++;
    }
  }
  for (const q of queries.slice(0, 100)) {
    const started = performance.now();
    await store.entitiesByKeys(scope, ['x']);
    alone.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  alone.sort((a, b) => a - b);
  const methods = [...spent]
    .map(
      ([name, s]) =>
        `${name} ${(s.ms / queries.length).toFixed(2)} ms × ${(s.calls / queries.length).toFixed(1)}`,
    )
    .join(', ');
  return {
    p50: quantile(ms, 0.5),
    p95: quantile(ms, 0.95),
    p99: quantile(ms, 0.99),
    cpu50: quantile(cpu, 0.5),
    cpu95: quantile(cpu, 0.95),
    trivial: quantile(alone, 0.5),
    paths: paths / queries.length,
    bridge,
    methods,
  };
}

/** Opens a store of the given kind: { store, fresh, close(drop) }. */
async function open(kind) {
  if (kind === 'pglite') {
    const dir = join(tmpdir(), `trove-graph-context-${CHUNKS}`);
    const existed = KEEP && existsSync(dir);
    const db = await PgliteDatabase.open(KEEP ? dir : 'memory://');
    const store = new SqlGraphStore(db);
    await store.migrate();
    return { store, reused: existed, close: () => db.close(), where: KEEP ? dir : 'in memory' };
  }
  if (kind === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    let url;
    let drop = async () => undefined;
    if (KEEP) {
      const name = `trove_bench_graph_${CHUNKS}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      const u = new URL(admin);
      u.pathname = `/${name}`;
      url = u.toString();
    } else {
      const scratch = await createScratchPostgresDatabase();
      url = scratch.url;
      drop = () => scratch.drop();
    }
    const db = await PostgresDatabase.connect(url, { max: 4 });
    const store = new SqlGraphStore(db);
    await store.migrate();
    const reused = KEEP && (await store.counts(scope)).entities > 0;
    // What autovacuum does on a server that runs it (the test server does not): without the
    // tables' sizes the planner scans a whole sub-tenant for one source's rows.
    const analyze = () =>
      db.exec('ANALYZE graph.entities, graph.entity_keys, graph.mentions, graph.relations');
    return {
      store,
      reused,
      analyze,
      where: new URL(url).pathname,
      close: async () => (await db.close(), await drop()),
    };
  }
  if (kind === 'neo4j') {
    const store = Neo4jGraphStore.connect({
      url: process.env.NEO4J_URL ?? 'bolt://127.0.0.1:7687',
      user: process.env.NEO4J_USER,
      password: process.env.NEO4J_PASSWORD,
    });
    await store.migrate();
    const reused = KEEP && (await store.counts(scope)).entities > 0;
    const close = async () => {
      if (!KEEP) await store.deleteSubTenant(scope);
      await store.close();
    };
    return { store, reused, where: `tenant ${scope.tenant_id}`, close };
  }
  throw new Error(`unknown store ${kind}`);
}

async function main() {
  const { docs, queries: allQueries } = loadDocuments();
  const extractor = new OfflineExtractor();
  const extraction = await extractDocuments(extractor, docs);
  const copies = copiesFor(docs, CHUNKS);
  const search = resultChunker(docs, copies);
  // Bridge questions: which paragraph is the second hop (the supporting title the question does
  // not name), as bench/graph-hotpotqa.bench.mjs picks it.
  const keyOfTitle = new Map(docs.filter((d) => d.title).map((d) => [d.title, d.key]));
  const secondKey = (q) => {
    const titles = q.supportingTitles;
    const unnamed = titles.filter(
      (t) => !q.question.toLowerCase().includes(t.toLowerCase().replace(/ \(.*\)$/, '')),
    );
    return keyOfTitle.get(unnamed.length === 1 ? unnamed[0] : titles[1]);
  };
  const queries = allQueries.slice(0, QUERIES).map((q) => ({
    ...q,
    chunkIds: search(q.text),
    secondKey: q.q?.type === 'bridge' ? secondKey(q.q) : undefined,
  }));
  console.log(
    `\n${docs.length} documents, ${extraction.chunks} distinct chunks extracted in ${extraction.seconds.toFixed(1)} s ` +
      `(${(extraction.chunks / extraction.seconds).toFixed(0)} chunks/s, one core); stored ${copies > 1 ? `${copies} times over ` : ''}up to ` +
      `${CHUNKS} chunks in one sub-tenant; ${queries.length} queries with 10 result chunks each; ` +
      `cores ${availableParallelism()}, load average ${loadavg()[0].toFixed(2)}\n`,
  );

  // The reference: the HotpotQA paragraphs alone, as bench/graph-hotpotqa.bench.mjs stores them.
  const refDb = await PgliteDatabase.open('memory://');
  const refStore = new SqlGraphStore(refDb);
  await refStore.migrate();
  const hotpot = docs.filter((d) => d.kind === 'hotpotqa');
  await load(refStore, sourcesUpTo(hotpot, hotpot.length), 'reference');
  const reference = await measure(refStore, queries);
  await refDb.close();

  const rows = [];
  for (const kind of STORES) {
    const opened = await open(kind);
    try {
      let loaded = { seconds: NaN, sources: NaN, chunks: NaN };
      if (!opened.reused) loaded = await load(opened.store, sourcesUpTo(docs, CHUNKS), kind, opened.analyze);
      await opened.analyze?.();
      const counts = await opened.store.counts(scope);
      const result = await measure(opened.store, queries);
      rows.push({ kind, opened, loaded, counts, result });
      console.error(`${kind}: ${JSON.stringify({ loaded, counts, ...result })}`);
    } finally {
      await opened.close();
    }
  }

  const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : '—');
  console.log(
    '| store | graph | load | build p50 / p95 / p99 ms | CPU ms p50 / p95 | × reference p50 | a one-row read p50 ms | paths per query | bridge questions with a path into the 2nd paragraph |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const rate = (b) => `${b.second}/${b.asked}`;
  console.log(
    `| PGlite (reference) | ${hotpot.length} chunks | — | ${f(reference.p50)} / ${f(reference.p95)} / ${f(reference.p99)} | ${f(reference.cpu50)} / ${f(reference.cpu95)} | 1.0 | ${reference.trivial.toFixed(2)} | ${reference.paths.toFixed(1)} | ${rate(reference.bridge)} |`,
  );
  for (const { kind, opened, loaded, counts, result } of rows) {
    const load = opened.reused
      ? `reused (${opened.where})`
      : `${f(loaded.seconds)} s, ${(loaded.chunks / loaded.seconds).toFixed(0)} chunks/s`;
    console.log(
      `| ${kind} | ${CHUNKS} chunks, ${counts.entities} entities, ${counts.relations} relations | ${load} | ${f(result.p50)} / ${f(result.p95)} / ${f(result.p99)} | ${f(result.cpu50)} / ${f(result.cpu95)} | ${(result.p50 / reference.p50).toFixed(1)} | ${result.trivial.toFixed(2)} | ${result.paths.toFixed(1)} | ${rate(result.bridge)} |`,
    );
  }
  console.log('\nTime per build in each store method (mean ms × calls):');
  console.log(`- reference: ${reference.methods}`);
  for (const { kind, result } of rows) console.log(`- ${kind}: ${result.methods}`);
  console.log(`\nload average after: ${loadavg()[0].toFixed(2)}; ${process.argv.slice(1).join(' ')}`);
}

await main();
