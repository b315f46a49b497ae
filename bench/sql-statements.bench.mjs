#!/usr/bin/env node
// Benchmark: what one SQL statement costs on the embedded database (PGlite), through
// PgliteDatabase.query (every statement prepared once: libs/platform/database/src/pglite-statements.ts)
// against PGlite's own query() (parse, describe, bind, describe, execute, sync each call) in the
// same run, on the same data. The statements are the shapes of the ingestion hot path: a primary-key
// read, a primary-key update, an insert, and a ranked range read of 20 rows.
//
//   node_modules/.bin/nx run @trove/platform-database:build && node bench/sql-statements.bench.mjs
//   options: --rounds 2000 --rows 100000
import { availableParallelism, loadavg } from 'node:os';
import database from '@trove/platform-database';

const { PgliteDatabase } = database;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const ROUNDS = arg('rounds', 2000);
const ROWS = arg('rows', 100_000);

const db = await PgliteDatabase.open('memory://');
// PGlite's own query(), on the same engine: the reference.
const engine = db.db;
await db.exec(`
  CREATE TABLE jobs (
    tenant_id text NOT NULL, file_id text NOT NULL, status text NOT NULL, attempts int NOT NULL DEFAULT 0,
    chunks int, updated_at timestamptz NOT NULL DEFAULT now(), payload jsonb,
    PRIMARY KEY (tenant_id, file_id));
  INSERT INTO jobs (tenant_id, file_id, status, chunks, payload)
    SELECT 't' || (g % 20), 'f' || g, 'queued', g % 7, jsonb_build_object('n', g) FROM generate_series(1, ${ROWS}) g;
  CREATE INDEX jobs_status ON jobs (tenant_id, status, updated_at);
  ANALYZE jobs;`);

const statements = [
  {
    name: 'read by key',
    sql: 'SELECT file_id, status, attempts, chunks, payload FROM jobs WHERE tenant_id = $1 AND file_id = $2',
    params: (i) => [`t${i % 20}`, `f${i % ROWS || 20}`],
  },
  {
    name: 'update by key',
    sql: `UPDATE jobs SET status = $3, attempts = attempts + 1, updated_at = now()
          WHERE tenant_id = $1 AND file_id = $2`,
    params: (i) => [`t${i % 20}`, `f${i % ROWS || 20}`, i % 2 ? 'processing' : 'queued'],
  },
  {
    name: 'insert',
    sql: `INSERT INTO jobs (tenant_id, file_id, status, payload) VALUES ($1, $2, 'queued', $3)
          ON CONFLICT (tenant_id, file_id) DO UPDATE SET status = EXCLUDED.status`,
    params: (i) => ['bench', `n${i}`, JSON.stringify({ i })],
  },
  {
    name: 'ranked range, 20 rows',
    sql: `SELECT file_id, status FROM jobs WHERE tenant_id = $1 AND status = $2
          ORDER BY updated_at LIMIT 20`,
    params: (i) => [`t${i % 20}`, 'queued'],
  },
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
async function time(run, params) {
  for (let i = 0; i < 50; i++) await run(params(i));
  const ms = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run(params(i));
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b);
}

console.log(
  `\nPGlite, ${ROWS} rows, ${ROUNDS} calls each (after 50 to warm up), alternating; cores ${availableParallelism()}, load average ${loadavg()[0].toFixed(2)}\n`,
);
console.log('| statement | PGlite query() p50 / p99 ms | prepared p50 / p99 ms | prepared ÷ query() p50 |');
console.log('| --- | ---: | ---: | ---: |');
for (const s of statements) {
  // Interleaved halves, so that a noisy moment hits both.
  const reference = [];
  const prepared = [];
  for (let half = 0; half < 2; half++) {
    reference.push(...(await time((p) => engine.query(s.sql, p), s.params)));
    prepared.push(...(await time((p) => db.query(s.sql, p), s.params)));
  }
  reference.sort((a, b) => a - b);
  prepared.sort((a, b) => a - b);
  const f = (x) => x.toFixed(3);
  console.log(
    `| ${s.name} | ${f(quantile(reference, 0.5))} / ${f(quantile(reference, 0.99))} | ${f(quantile(prepared, 0.5))} / ${f(quantile(prepared, 0.99))} | ${(quantile(prepared, 0.5) / quantile(reference, 0.5)).toFixed(2)} |`,
  );
}
console.log(
  `\nload average after: ${loadavg()[0].toFixed(2)}; node ${process.version}; ${process.argv.slice(1).join(' ')}`,
);
await db.close();
