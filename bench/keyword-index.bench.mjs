#!/usr/bin/env node
// Benchmark: candidates for the embedded keyword index, measured in one run, each candidate in a
// fresh child process (so RSS is its own):
//   embedded  our in-memory inverted index (BM25, partition per tenant+sub-tenant, log + snapshot)
//   lance     LanceDB full-text search, one table, tenant/sub-tenant columns in a `where` filter
//
//   node_modules/.bin/tsc -b libs/domain/search/tsconfig.json && node bench/keyword-index.bench.mjs
//   (or `npm run bench -- keyword-index`; BENCH_KEYWORD_DOCS=100000 BENCH_KEYWORD_OTHER_TENANTS=20)
//
// Quality: SciFact (corpus 5,183, train queries with qrels/train.tsv), nDCG@10 and recall@100.
// Scale: TARGET docs of ~1 KB (random SciFact sentences, seeded) in one tenant's sub-tenant, with
// OTHER tenants × OTHER_DOCS docs present; query p50/p99 over SciFact train claims, k=10.
// Analyser: a stand-in for @trove/text (wink-nlp: words and numbers, lower case, accent folding,
// wink's stop words, Porter2 stems). For the synthetic docs it is memoised per sentence, so insert
// figures are index cost only; the analyser's own speed is reported on its own line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR } from './lib/quality-data.mjs';
import { gunzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const DATA = join(DATA_DIR, 'scifact');
const TARGET = Number(process.env.BENCH_KEYWORD_DOCS ?? 100_000);
const OTHERS = Number(process.env.BENCH_KEYWORD_OTHER_TENANTS ?? 20);
const OTHER_DOCS = Number(process.env.BENCH_KEYWORD_OTHER_DOCS ?? 5_000);
const BATCH = 256;
const CHECKPOINTS = [10_000, TARGET].filter((n, i, all) => n <= TARGET && all.indexOf(n) === i);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);

function loadScifact() {
  const corpus = gunzipSync(readFileSync(join(DATA, 'corpus.jsonl.gz')))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const qrels = new Map();
  for (const line of readFileSync(join(DATA, 'qrels/train.tsv'), 'utf8').trim().split('\n').slice(1)) {
    const [q, doc, score] = line.split('\t');
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q).set(doc, Number(score));
  }
  const queries = readFileSync(join(DATA, 'queries-train.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((q) => qrels.has(q._id));
  return { corpus, queries, qrels };
}

function makeAnalyzer() {
  const nlp = require('wink-nlp')(require('wink-eng-lite-web-model'), []);
  const its = nlp.its;
  return (text) => {
    const out = [];
    nlp
      .readDoc(text.normalize('NFKD').replace(/\p{M}/gu, ''))
      .tokens()
      .each((t) => {
        const type = t.out(its.type);
        if ((type === 'word' || type === 'number') && !t.out(its.stopWordFlag))
          out.push(t.out(its.stem).toLowerCase());
      });
    return out;
  };
}

function ndcgAt10(ranked, relevant) {
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, i) => (dcg += (relevant.get(id) ?? 0) / Math.log2(i + 2)));
  const ideal = [...relevant.values()].sort((a, b) => b - a).slice(0, 10);
  const idcg = ideal.reduce((sum, rel, i) => sum + rel / Math.log2(i + 2), 0);
  return idcg ? dcg / idcg : 0;
}

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Synthetic ~1 KB docs: random SciFact sentences joined by "\n" (the memoised analyser splits there). */
function* synthesise(sentences, count, seed, prefix) {
  const random = mulberry32(seed);
  for (let i = 0; i < count; i++) {
    const parts = [];
    let size = 0;
    while (size < 1000) {
      const s = sentences[Math.floor(random() * sentences.length)];
      parts.push(s);
      size += s.length + 1;
    }
    yield {
      id: `${prefix}-${i}`,
      sourceId: `${prefix}-src-${Math.floor(i / 20)}`,
      kind: 'chunk',
      text: parts.join('\n'),
    };
  }
}

function memoisedBySentence(analyze) {
  const cache = new Map();
  return (text) =>
    text.split('\n').flatMap((s) => {
      let terms = cache.get(s);
      if (!terms) cache.set(s, (terms = analyze(s)));
      return terms;
    });
}

/** One candidate's whole run; `engine` adapts insert/search/reopen/close to it. */
async function runCandidate(engine, data, sentences, candidate, directory) {
  const result = { candidate: engine.name };
  const scope = { tenantId: 'scifact', subTenantId: 'scifact' };
  let start = process.hrtime.bigint();
  await engine.insert(
    scope,
    data.corpus.map((d) => ({ id: d._id, sourceId: d._id, kind: 'chunk', text: `${d.title}\n${d.text}` })),
  );
  result.scifactIndexMs = ms(start);
  let ndcg = 0;
  let recall = 0;
  for (const q of data.queries) {
    const hits = (await engine.search(scope, q.text, 100)).map((h) => h.id);
    const relevant = data.qrels.get(q._id);
    ndcg += ndcgAt10(hits, relevant);
    recall +=
      hits.filter((id) => relevant.get(id) > 0).length / [...relevant.values()].filter((r) => r > 0).length;
  }
  result.ndcg10 = ndcg / data.queries.length;
  result.recall100 = recall / data.queries.length;

  const rssBefore = mb();
  for (let t = 0; t < OTHERS; t++) {
    await engine.insertMany(
      { tenantId: `other-${t}`, subTenantId: `other-${t}` },
      synthesise(sentences, OTHER_DOCS, 1000 + t, `o${t}`),
    );
  }
  const target = { tenantId: 'target', subTenantId: 'main' };
  const latencies = {};
  let inserted = 0;
  let insertMs = 0;
  const docs = synthesise(sentences, TARGET, 42, 'doc');
  for (const checkpoint of CHECKPOINTS) {
    start = process.hrtime.bigint();
    inserted += await engine.insertMany(target, docs, checkpoint - inserted);
    insertMs += ms(start);
    await engine.settle?.();
    latencies[checkpoint] = await measureQueries(engine, target, data.queries);
  }
  result.insertPerS = Math.round((TARGET / insertMs) * 1000);
  result.latencies = latencies;
  result.rssMb = mb() - rssBefore;
  result.searchableMs = await timeToSearchable(engine, target);
  start = process.hrtime.bigint();
  await engine.closeForReopen();
  result.closeMs = ms(start);
  // Reopen as a restart does: a fresh process, so the old index's heap does not weigh on it.
  const run = spawnSync(
    process.execPath,
    [import.meta.filename, '--reopen', candidate, directory, data.queries[0].text],
    {
      encoding: 'utf8',
    },
  );
  Object.assign(result, JSON.parse(run.stdout.trim().split('\n').at(-1)));
  return result;
}

async function measureQueries(engine, scope, queries) {
  const sample = queries.slice(0, 300);
  for (const q of sample.slice(0, 30)) await engine.search(scope, q.text, 10);
  const out = {};
  for (const [label, options] of [
    ['or', {}],
    ['and', { operator: 'and' }],
    ['or+filter', { sourceIds: Array.from({ length: 500 }, (_, i) => `doc-src-${i * 7}`) }],
  ]) {
    const times = [];
    for (const q of sample) {
      const start = process.hrtime.bigint();
      await engine.search(scope, q.text, 10, options);
      times.push(ms(start));
    }
    times.sort((a, b) => a - b);
    out[label] = { p50: percentile(times, 50), p99: percentile(times, 99) };
  }
  return out;
}

/** Upsert one document with a unique word, then poll until a search returns it. */
async function timeToSearchable(engine, scope) {
  const times = [];
  for (let i = 0; i < 20; i++) {
    const word = `zebrafinch${i}quokka`;
    const start = process.hrtime.bigint();
    await engine.insert(scope, [
      { id: `fresh-${i}`, sourceId: 'fresh', kind: 'chunk', text: `a new memory about ${word}` },
    ]);
    let found = false;
    while (!found && ms(start) < 10_000) found = (await engine.search(scope, word, 1)).length > 0;
    times.push(found ? ms(start) : Infinity);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

async function embeddedEngine(directory, analyze) {
  const {
    EmbeddedKeywordIndex,
  } = require('../libs/domain/search/dist/adapters/embedded-keyword/embedded-keyword-index.js');
  let index = await EmbeddedKeywordIndex.open({ directory, analyze });
  const insert = (scope, docs) => index.upsert(scope, docs);
  return {
    name: 'embedded inverted index',
    insert,
    async insertMany(scope, iterator, limit = Infinity) {
      let n = 0;
      let batch = [];
      for (
        let next = n < limit && iterator.next();
        next && !next.done;
        next = ++n < limit && iterator.next()
      ) {
        batch.push(next.value);
        if (batch.length === BATCH) await insert(scope, batch.splice(0));
      }
      if (batch.length) await insert(scope, batch);
      return n;
    },
    search: (scope, query, k, options) => index.search(scope, query, k, options),
    // close() snapshots every partition that has a log, so the reopen reads snapshots only.
    closeForReopen: () => index.close(),
    async reopen() {
      index = await EmbeddedKeywordIndex.open({ directory, analyze });
    },
    close: () => index.close(),
  };
}

function lanceInstalled() {
  try {
    require.resolve('@lancedb/lancedb');
    return true;
  } catch {
    console.error('(@lancedb/lancedb not installed: LanceDB left out of the comparison)');
    return false;
  }
}

async function lanceEngine(directory, existing = false) {
  const lancedb = require('@lancedb/lancedb');
  let db = await lancedb.connect(directory);
  let table = existing ? await db.openTable('chunks') : undefined;
  const quote = (s) => `'${s.replaceAll("'", "''")}'`;
  const rows = (scope, docs) =>
    docs.map((d) => ({
      id: d.id,
      tenant_id: scope.tenantId,
      sub_tenant_id: scope.subTenantId,
      source_id: d.sourceId,
      kind: d.kind,
      text: d.text,
    }));
  const insert = async (scope, docs) => {
    if (!table) {
      table = await db.createTable('chunks', rows(scope, docs), { mode: 'overwrite' });
      await table.createIndex('text', {
        config: lancedb.Index.fts({
          withPosition: false,
          stem: true,
          removeStopWords: true,
          asciiFolding: true,
          language: 'English',
        }),
      });
    } else await table.add(rows(scope, docs));
  };
  return {
    name: 'LanceDB FTS',
    insert,
    async insertMany(scope, iterator, limit = Infinity) {
      let n = 0;
      let batch = [];
      for (
        let next = n < limit && iterator.next();
        next && !next.done;
        next = ++n < limit && iterator.next()
      ) {
        batch.push(next.value);
        if (batch.length === 4096) await insert(scope, batch.splice(0));
      }
      if (batch.length) await insert(scope, batch);
      return n;
    },
    // New rows are searched unindexed (flat) until optimize() folds them into the index.
    settle: async () => table.optimize(),
    async search(scope, query, k, options = {}) {
      let filter = `tenant_id = ${quote(scope.tenantId)} AND sub_tenant_id = ${quote(scope.subTenantId)}`;
      if (options.sourceIds) filter += ` AND source_id IN (${options.sourceIds.map(quote).join(',')})`;
      const fts =
        options.operator === 'and'
          ? new lancedb.MatchQuery(query, 'text', { operator: lancedb.Operator.And })
          : query;
      const rowsOut = await table.query().fullTextSearch(fts).where(filter).select(['id']).limit(k).toArray();
      return rowsOut.map((r) => ({ id: r.id, score: r._score }));
    },
    closeForReopen: async () => table.close(),
    async reopen() {
      db = await lancedb.connect(directory);
      table = await db.openTable('chunks');
    },
    close: async () => table?.close(),
  };
}

async function child(candidate) {
  const data = loadScifact();
  const analyze = makeAnalyzer();
  const directory = mkdtempSync(join(tmpdir(), `kw-bench-${candidate}-`));
  try {
    if (candidate === 'analyser') {
      const start = process.hrtime.bigint();
      const sample = data.corpus.slice(0, 1000);
      for (const d of sample) analyze(`${d.title}\n${d.text}`);
      return { candidate, docsPerS: Math.round((sample.length / ms(start)) * 1000) };
    }
    const memo = memoisedBySentence(analyze);
    const sentences = [
      ...new Set(data.corpus.flatMap((d) => d.text.split(/(?<=\.)\s+/)).filter((s) => s.length > 20)),
    ];
    // Analyse everything once before timing, so index figures are index cost only (both candidates).
    for (const text of [
      ...data.corpus.flatMap((d) => [d.title, d.text]),
      ...sentences,
      ...data.queries.map((q) => q.text),
    ])
      memo(text);
    const engine =
      candidate === 'embedded' ? await embeddedEngine(directory, memo) : await lanceEngine(directory);
    return await runCandidate(engine, data, sentences, candidate, directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Opens an existing index in this fresh process and times open + one query. */
async function reopenChild(candidate, directory, query) {
  const analyze = makeAnalyzer();
  analyze('warm up');
  const rssBefore = mb();
  const start = process.hrtime.bigint();
  const engine =
    candidate === 'embedded' ? await embeddedEngine(directory, analyze) : await lanceEngine(directory, true);
  const hits = await engine.search({ tenantId: 'target', subTenantId: 'main' }, query, 10);
  return { reopenMs: ms(start), reopenOk: hits.length > 0, reopenRssMb: mb() - rssBefore };
}

if (process.argv[2] === '--reopen') {
  console.log(JSON.stringify(await reopenChild(process.argv[3], process.argv[4], process.argv[5])));
} else if (process.argv[2] === '--child') {
  console.log(JSON.stringify(await child(process.argv[3])));
} else {
  const results = [];
  // LanceDB is the reference, not a dependency: `npm install --no-save @lancedb/lancedb@0.37.1` first.
  const wanted = (
    process.env.BENCH_KEYWORD_CANDIDATES ?? (lanceInstalled() ? 'embedded,lance' : 'embedded')
  ).split(',');
  for (const candidate of ['analyser', ...wanted]) {
    const run = spawnSync(process.execPath, [import.meta.filename, '--child', candidate], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (run.status !== 0) {
      console.error(run.stderr);
      process.exit(run.status ?? 1);
    }
    results.push(JSON.parse(run.stdout.trim().split('\n').at(-1)));
  }
  const [analyser, ...candidates] = results;
  const f = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'never');
  console.log(
    `\nTarget tenant ${TARGET} docs (~1 KB), ${OTHERS} other tenants × ${OTHER_DOCS} docs; k=10; latencies in ms.\n`,
  );
  const head = ['metric', ...candidates.map((c) => c.candidate)];
  const rowsOut = [
    ['SciFact nDCG@10 (train, 809 q)', ...candidates.map((c) => f(c.ndcg10, 4))],
    ['SciFact recall@100', ...candidates.map((c) => f(c.recall100, 4))],
    [
      'SciFact index build (5,183 docs; embedded: analysis excluded)',
      ...candidates.map((c) => `${f(c.scifactIndexMs, 0)} ms`),
    ],
    ...CHECKPOINTS.flatMap((n) =>
      ['or', 'and', 'or+filter'].map((label) => [
        `query p50 / p99 @${n} (${label})`,
        ...candidates.map((c) => `${f(c.latencies[n][label].p50, 2)} / ${f(c.latencies[n][label].p99, 2)}`),
      ]),
    ),
    ['insert throughput, target tenant (docs/s)', ...candidates.map((c) => String(c.insertPerS))],
    ['insert → searchable p50', ...candidates.map((c) => `${f(c.searchableMs, 2)} ms`)],
    ['RSS growth for all synthetic docs', ...candidates.map((c) => `${c.rssMb} MB`)],
    ['close (embedded: snapshots each partition)', ...candidates.map((c) => `${f(c.closeMs, 0)} ms`)],
    [
      'reopen + first query, fresh process (its RSS)',
      ...candidates.map(
        (c) => `${f(c.reopenMs, 0)} ms (${c.reopenRssMb} MB)${c.reopenOk ? '' : ' (no hits!)'}`,
      ),
    ],
  ];
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const row of rowsOut) console.log(`| ${row.join(' | ')} |`);
  console.log(`\nStand-in analyser (wink-nlp, uncached): ${analyser.docsPerS} SciFact docs/s on one core.`);
}
