#!/usr/bin/env node
// Benchmark: memory retrieval's two store reads on the embedded database (PGlite), with and
// without planner statistics, in one run. SqlMemoryStore.getLive (50 memories by id) and
// savedAfter (the two memories saved after each of 50), over --rows memories in one sub-tenant.
// The rows go in by one INSERT, so the table has never been ANALYZEd (as PGlite, which runs no
// autovacuum, leaves a table that TableStatistics does not refresh); then ANALYZE, as
// TableStatistics runs it once the table has grown, and the same reads again.
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node bench/memory-store.bench.mjs
//   options: --rows 2760 --rounds 200
import database from '@trove/platform-database';
import memory from '@trove/domain-memory';
import { argValue } from './lib/quality-stack.mjs';

const ROWS = Number(argValue('rows', '2760'));
const ROUNDS = Number(argValue('rounds', '200'));
const db = await database.PgliteDatabase.open('memory://');
const store = new memory.SqlMemoryStore(db);
await store.migrate();
await db.exec(`
  INSERT INTO memory.memories (tenant_id, sub_tenant_id, memory_id, content, raw_text, user_name, infer, inferred,
    original_chunks, inferred_chunks, created_at, updated_at)
  SELECT 't', 's', 'm' || g, 'Turn ' || g || ': how was the weekend? We went hiking by the lake.', 'x',
    CASE WHEN g % 2 = 0 THEN 'Ann' ELSE 'Ben' END, false, '[]', 1, 0, now(), now()
  FROM generate_series(1, ${ROWS}) g;`);
const ids = Array.from({ length: 50 }, (_, k) => `m${1 + Math.floor((k * ROWS) / 50)}`);
const now = new Date();
const reads = [
  ['getLive, 50 ids', () => store.getLive('t', 's', ids, now)],
  ['savedAfter, 50 ids × 2', () => store.savedAfter('t', 's', ids, 2, now)],
];
async function p50(read) {
  for (let i = 0; i < 20; i++) await read();
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await read();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}
const before = [];
for (const [, read] of reads) before.push(await p50(read));
await db.query('ANALYZE memory.memories');
console.log(`PGlite, ${ROWS} memories in one sub-tenant, p50 of ${ROUNDS} reads:\n`);
console.log('| read | never analysed, ms | analysed, ms |\n|---|---:|---:|');
for (const [i, [name, read]] of reads.entries())
  console.log(`| ${name} | ${before[i].toFixed(2)} | ${(await p50(read)).toFixed(2)} |`);
await db.close();
console.log(`\nReproduce: node bench/memory-store.bench.mjs --rows ${ROWS} --rounds ${ROUNDS}`);
