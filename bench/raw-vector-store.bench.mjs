#!/usr/bin/env node
// Benchmark: where uploaded raw embeddings are kept (RawVectorStore), in process, per adapter:
//   - FsRawVectorStore (standalone's default) on a temporary directory;
//   - SqlRawVectorStore on PGlite (in memory), what standalone would pay with SQL;
//   - SqlRawVectorStore on PostgreSQL (the distributed search service), a scratch database on
//     TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres); skipped
//     with a note when the server does not answer.
// For 2000 × 1536 and 2000 × 3024 batches: write (an upload), read (indexing reads the whole
// batch), 10 rows (include_embedding on a search) and a one-row patch (an update), p50 and max
// over --runs runs, each on a batch of its own.
//
//   npm run bench -- raw-vector-store
//   node bench/raw-vector-store.bench.mjs --runs 3 --skip pglite
//
// Options: --runs 5 · --skip fs|pglite|postgres (repeatable).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import database from '@trove/platform-database';
import search from '@trove/domain-search';
import testing from '@trove/testing';
import { mulberry32, percentile } from './lib/speed-data.mjs';

const { PgliteDatabase, PostgresDatabase } = database;
const { FsRawVectorStore, SqlRawVectorStore } = search;

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, skip: { type: 'string', multiple: true, default: [] } },
});
const RUNS = Number(args.runs);
const SHAPES = [
  [2000, 1536],
  [2000, 3024],
];

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
async function timed(work) {
  const start = process.hrtime.bigint();
  await work();
  return ms(start);
}

async function openAdapters() {
  const adapters = [];
  if (!args.skip.includes('fs')) {
    const dir = mkdtempSync(join(tmpdir(), 'trove-bench-raw-'));
    adapters.push({
      name: 'files (FsRawVectorStore)',
      store: new FsRawVectorStore(dir),
      close: async () => rmSync(dir, { recursive: true, force: true }),
    });
  }
  if (!args.skip.includes('pglite')) {
    const db = await PgliteDatabase.open('memory://');
    const store = new SqlRawVectorStore(db);
    await store.migrate();
    adapters.push({ name: 'SQL on PGlite', store, close: () => db.close() });
  }
  if (!args.skip.includes('postgres')) {
    try {
      const scratch = await testing.createScratchPostgresDatabase();
      const db = await PostgresDatabase.connect(scratch.url, { max: 4 });
      const store = new SqlRawVectorStore(db);
      await store.migrate();
      const [{ server_version: version } = {}] = await db.query('SHOW server_version');
      adapters.push({
        name: `SQL on PostgreSQL ${String(version).split(' ')[0]}`,
        store,
        close: async () => {
          await db.close();
          await scratch.drop();
        },
      });
    } catch (error) {
      console.log(`PostgreSQL skipped: ${error.message}`);
    }
  }
  return adapters;
}

const random = mulberry32(42);
const fmt = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(0)} / ${sorted.at(-1).toFixed(0)}`;
};

console.log(`RawVectorStore, ${RUNS} runs per cell, ms p50 / max; node ${process.version}`);
const rows = [];
for (const adapter of await openAdapters()) {
  for (const [count, dimension] of SHAPES) {
    const vectors = Float32Array.from({ length: count * dimension }, () => random() * 2 - 1);
    const times = { write: [], read: [], rows: [], patch: [] };
    for (let run = 0; run < RUNS; run++) {
      const scope = { tenantId: `bench-${run}`, subTenantId: 'main' };
      const fileId = `batch-${count}x${dimension}`;
      times.write.push(await timed(() => adapter.store.write(scope, fileId, dimension, vectors)));
      let read;
      times.read.push(await timed(async () => (read = await adapter.store.read(scope, fileId))));
      if (read?.vectors.length !== vectors.length || read.vectors[123] !== vectors[123]) {
        throw new Error(`${adapter.name} read back something else`);
      }
      const wanted = Array.from({ length: 10 }, () => Math.floor(random() * count));
      times.rows.push(await timed(() => adapter.store.readRows(scope, fileId, wanted)));
      const patch = vectors.subarray(0, dimension);
      times.patch.push(await timed(() => adapter.store.patch(scope, fileId, [count - 1], patch)));
      await adapter.store.delete(scope, fileId);
    }
    const mb = ((count * dimension * 4) / 2 ** 20).toFixed(1);
    rows.push([adapter.name, `${count} × ${dimension} (${mb} MiB)`, ...Object.values(times).map(fmt)]);
  }
  await adapter.close();
}

console.log('\n| store | batch | write | read | 10 rows | patch 1 row |');
console.log('|---|---|---:|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
