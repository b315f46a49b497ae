#!/usr/bin/env node
// Benchmark: the graph store's two adapters side by side, SQL on PostgreSQL and Neo4j, on the
// same workload.
//
//   bash tools/ensure-servers.sh   (PostgreSQL on :5432, the Neo4j 5.26 rig on :7687)
//   node_modules/.bin/nx run @trove/domain-graph:build && node bench/graph-store.bench.mjs
//   (or `npm run bench -- graph-store`, which builds everything first)
//
// Data: every context paragraph of ../shared/data/hotpotqa-dev/questions.jsonl (read in place,
// never copied) is one source of one chunk; the offline extractor reads its facts once, and both
// stores get exactly those facts, in the same order, in a fresh scope (a scratch database on
// PostgreSQL, a tenant of its own on Neo4j, removed at the end). Measured, one call at a time:
// replaceSource of every source after a warm-up of 30 writes elsewhere (writes/s, and the latency
// of one write), relationsOfSource of
// every source, edgesAround one hop (20 edges) from sampled entities, two hops (the second from
// the first's far ends, 50 edges), and edgesOfChunks of 10 random chunks. Each read runs a
// warm-up pass first (plans and caches), then BENCH_GRAPH_READS calls (default 300).
// Environment: BENCH_GRAPH_SOURCES (default all), TEST_DATABASE_URL, NEO4J_URL (default
// bolt://127.0.0.1:7687), NEO4J_USER, NEO4J_PASSWORD.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import graph from '@trove/domain-graph';
import database from '@trove/platform-database';
import testing from '@trove/testing';
// Loaded from the library's build: the adapter is not part of its public index.
import neo4jAdapter from '../libs/domain/graph/dist/adapters/neo4j/neo4j-graph-store.js';

const { OfflineExtractor, SqlGraphStore } = graph;
const { Neo4jGraphStore } = neo4jAdapter;
const { PostgresDatabase } = database;
const { createScratchPostgresDatabase } = testing;

const FILE = resolve(import.meta.dirname, '../../shared/data/hotpotqa-dev/questions.jsonl');
const SOURCES = Number(process.env.BENCH_GRAPH_SOURCES ?? Infinity);
const READS = Number(process.env.BENCH_GRAPH_READS ?? 300);
const NEO4J_URL = process.env.NEO4J_URL ?? 'bolt://127.0.0.1:7687';
const reference_time = new Date('2026-01-01T00:00:00Z');

/** A small seeded generator, so that both stores are asked the same things. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function timed(calls, run) {
  const ms = [];
  for (const call of calls) {
    const started = performance.now();
    await run(call);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), total: ms.reduce((a, b) => a + b, 0) };
}

async function workload(store, scope, sources) {
  const result = {};
  // Warm-up: plans, caches and JIT, in a scope of its own that is removed again.
  const warmup = { ...scope, sub_tenant_id: `${scope.sub_tenant_id}-warmup` };
  await timed(sources.slice(0, 30), (s) => store.replaceSource(warmup, s.id, s.chunks));
  await store.deleteSubTenant(warmup);
  const write = await timed(sources, (s) => store.replaceSource(scope, s.id, s.chunks));
  result.write = { ...write, perSecond: (sources.length / write.total) * 1000 };
  result.counts = await store.counts(scope);

  // The entities to walk from, read back from the store (its own ids), sampled the same way.
  const triplets = [];
  for (const s of sources.slice(0, 200)) triplets.push(...(await store.relationsOfSource(scope, s.id)));
  const names = [...new Set(triplets.flatMap((t) => [t.source.name, t.target.name]))].sort();
  const byName = new Map(triplets.flatMap((t) => [t.source, t.target]).map((e) => [e.name, e.entity_id]));
  const pick = random(17);
  const starts = Array.from({ length: READS }, () => byName.get(names[Math.floor(pick() * names.length)]));
  const chunkIds = sources.flatMap((s) => s.chunks.map((c) => c.chunk_id));
  const chunkSets = Array.from({ length: READS }, () =>
    Array.from({ length: 10 }, () => chunkIds[Math.floor(pick() * chunkIds.length)]),
  );
  const bySource = Array.from({ length: READS }, (_, i) => sources[i % sources.length].id);

  const reads = {
    relationsOfSource: [bySource, (id) => store.relationsOfSource(scope, id)],
    'edgesAround, one hop': [starts, (id) => store.edgesAround(scope, [id], 20)],
    'edgesAround, two hops': [
      starts,
      async (id) => {
        const first = await store.edgesAround(scope, [id], 20);
        const far = first.flatMap((e) => [e.source.entity_id, e.target.entity_id]).filter((x) => x !== id);
        await store.edgesAround(scope, far, 50);
      },
    ],
    edgesOfChunks: [chunkSets, (ids) => store.edgesOfChunks(scope, ids)],
  };
  for (const [name, [calls, run]] of Object.entries(reads)) {
    await timed(calls.slice(0, 50), run);
    result[name] = await timed(calls, run);
  }
  return result;
}

async function main() {
  const questions = readFileSync(FILE, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const paragraphs = new Map();
  for (const q of questions)
    for (const [title, sentences] of q.context) paragraphs.set(title, sentences.join(''));
  const extractor = new OfflineExtractor();
  const sources = [];
  for (const text of [...paragraphs.values()].slice(0, SOURCES)) {
    const id = `p${sources.length}`;
    const { chunks } = await extractor.extract({ chunks: [{ chunk_id: `${id}_0`, text }], reference_time });
    sources.push({ id, chunks });
  }
  const relations = sources.reduce((n, s) => n + s.chunks[0].relations.length, 0);
  const mentions = sources.reduce((n, s) => n + s.chunks[0].entities.length, 0);
  console.log(
    `${sources.length} sources (HotpotQA dev paragraphs, one chunk each): ${mentions} entity mentions, ` +
      `${relations} relations; ${READS} calls per read; load average ${loadavg()[0].toFixed(2)}, ` +
      `cores: ${availableParallelism()}\n`,
  );

  const scratch = await createScratchPostgresDatabase();
  const db = await PostgresDatabase.connect(scratch.url, { max: 8 });
  const sqlStore = new SqlGraphStore(db);
  await sqlStore.migrate();
  let sql;
  try {
    sql = await workload(sqlStore, { tenant_id: 'bench', sub_tenant_id: 'hotpotqa' }, sources);
  } finally {
    await db.close();
    await scratch.drop();
  }

  const neo4jStore = Neo4jGraphStore.connect({
    url: NEO4J_URL,
    user: process.env.NEO4J_USER,
    password: process.env.NEO4J_PASSWORD,
  });
  const neo4jScope = { tenant_id: `bench-${randomBytes(6).toString('hex')}`, sub_tenant_id: 'hotpotqa' };
  let neo;
  try {
    await neo4jStore.migrate();
    neo = await workload(neo4jStore, neo4jScope, sources);
  } finally {
    await neo4jStore.deleteSubTenant(neo4jScope).catch(() => undefined);
    await neo4jStore.close();
  }

  const ms = (x) => x.toFixed(2);
  console.log('| operation | SQL on PostgreSQL | Neo4j 5.26 |');
  console.log('| --- | ---: | ---: |');
  console.log(
    `| replaceSource, sources/s | ${sql.write.perSecond.toFixed(0)} | ${neo.write.perSecond.toFixed(0)} |`,
  );
  console.log(
    `| replaceSource, p50 / p99 ms | ${ms(sql.write.p50)} / ${ms(sql.write.p99)} | ${ms(neo.write.p50)} / ${ms(neo.write.p99)} |`,
  );
  for (const name of [
    'relationsOfSource',
    'edgesAround, one hop',
    'edgesAround, two hops',
    'edgesOfChunks',
  ]) {
    console.log(
      `| ${name}, p50 / p99 ms | ${ms(sql[name].p50)} / ${ms(sql[name].p99)} | ${ms(neo[name].p50)} / ${ms(neo[name].p99)} |`,
    );
  }
  console.log(
    `| entities, relations stored | ${sql.counts.entities}, ${sql.counts.relations} | ${neo.counts.entities}, ${neo.counts.relations} |`,
  );
  console.log(`\nload average after: ${loadavg()[0].toFixed(2)}`);
}

await main();
