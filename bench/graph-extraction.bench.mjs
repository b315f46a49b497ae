#!/usr/bin/env node
// Benchmark: the offline graph extractor, quality and speed.
//
//   node_modules/.bin/nx run @trove/domain-graph:build && node bench/graph-extraction.bench.mjs
//   (or `npm run bench -- graph-extraction`, which builds everything first)
//
// Quality: bench/data/graph-extraction.jsonl, short texts (biography, business news, support
// tickets, conversation turns, encyclopedia) annotated by hand with the triples a reader takes
// from them: (source, canonical predicate, target). A predicted triple counts when its two names
// have the annotated resolution keys (case, accents, "the" ignored) and the same canonical
// predicate; every predicted relation counts in precision, vocabulary or not. The sets: "dev"
// (the rules were written against it), "held-out" (written with dev, seen from the first run on),
// "fresh" (written after the rules, scored once before any change, then seen too). A set nobody
// tuned on is the only honest figure: add new rows as "fresh-N" before looking at their results.
//
// With the embedding model (bge-small-en-v1.5-q in models/, or fetched), the extractor's learned
// reader (extraction/offline/learned-relations.ts) also reads the pairs the rules leave: both are
// scored, "rules" and "+ learned". BENCH_GRAPH_MODEL=off scores the rules alone;
// BENCH_GRAPH_DATA=<file.jsonl> scores another annotated file of the same shape (a new blind set).
//
// Speed: HotpotQA dev paragraphs (../shared/data/hotpotqa-dev, read in place) joined into chunks
// of ~1,500 characters (~330 tokens), extracted on one core, then on every core with one worker
// thread each (what the graph service does). BENCH_GRAPH_ROUNDS sets the passes (default 3).
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import embeddings from '@trove/embeddings';
import graph from '@trove/domain-graph';

const { OfflineExtractor, keyOf } = graph;
const ANNOTATED = process.env.BENCH_GRAPH_DATA
  ? resolve(process.env.BENCH_GRAPH_DATA)
  : resolve(import.meta.dirname, 'data/graph-extraction.jsonl');
const HOTPOT = resolve(import.meta.dirname, '../../shared/data/hotpotqa-dev/questions.jsonl');
const ROUNDS = Number(process.env.BENCH_GRAPH_ROUNDS ?? 3);
const reference_time = new Date('2026-01-01T00:00:00Z');

async function extractAll(texts, extractor = new OfflineExtractor()) {
  let relations = 0;
  let entities = 0;
  for (let i = 0; i < texts.length; i++) {
    const { chunks } = await extractor.extract({
      chunks: [{ chunk_id: `c${i}`, text: texts[i] }],
      reference_time,
    });
    relations += chunks[0].relations.length;
    entities += chunks[0].entities.length;
  }
  return { relations, entities };
}

if (!isMainThread) {
  const started = performance.now();
  const counts = await extractAll(workerData.texts);
  parentPort.postMessage({ ...counts, ms: performance.now() - started });
} else {
  await main();
}

/** The embedding model the learned reader was trained on, or undefined (the rules alone). */
async function openModel() {
  if (process.env.BENCH_GRAPH_MODEL === 'off') return undefined;
  try {
    return await embeddings.createEmbedder({
      EMBEDDINGS_PROVIDER: 'onnx',
      EMBEDDINGS_MODEL: 'bge-small-en-v1.5-q',
      EMBEDDINGS_REQUIRE_MODEL: 'true',
    });
  } catch (error) {
    console.log(`no embedding model (${error.message}): the rules alone`);
    return undefined;
  }
}

/** Precision and recall per set (and genre) of one extractor over the annotated texts. */
async function score(rows, extractor) {
  const key = ([source, predicate, target]) => JSON.stringify([keyOf(source), predicate, keyOf(target)]);
  const totals = new Map();
  for (const row of rows) {
    const { chunks } = await extractor.extract({
      chunks: [{ chunk_id: 'c', text: row.text }],
      reference_time,
    });
    const [chunk] = chunks;
    const got = new Set(
      chunk.relations.map((r) =>
        key([chunk.entities[r.source].name, r.canonical_predicate, chunk.entities[r.target].name]),
      ),
    );
    const want = new Set(row.triples.map(key));
    const hits = [...got].filter((t) => want.has(t)).length;
    for (const name of [row.set, `${row.set} · ${row.genre}`, 'all']) {
      const t = totals.get(name) ?? { texts: 0, hits: 0, got: 0, want: 0 };
      t.texts++;
      t.hits += hits;
      t.got += got.size;
      t.want += want.size;
      totals.set(name, t);
    }
  }
  return totals;
}

async function quality(model) {
  const rows = readFileSync(ANNOTATED, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const sentences = rows.reduce((sum, row) => sum + row.text.split(/(?<=[.!?])\s+/).length, 0);
  const rules = await score(rows, new OfflineExtractor());
  const learned = model ? await score(rows, new OfflineExtractor({ embedder: model })) : undefined;
  console.log(`\nExtraction quality (${rows.length} texts, ${sentences} sentences, ${ANNOTATED})\n`);
  const pr = (t) => {
    const p = t.got ? t.hits / t.got : 0;
    const r = t.want ? t.hits / t.want : 0;
    return `${t.got} | ${p.toFixed(3)} | ${r.toFixed(3)}`;
  };
  if (learned) {
    console.log(
      '| set | texts | annotated | rules: predicted | precision | recall | + learned: predicted | precision | recall |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  } else {
    console.log('| set | texts | annotated | predicted | precision | recall |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  }
  for (const [name, t] of [...rules].sort(([a], [b]) => a.localeCompare(b))) {
    const more = learned ? ` | ${pr(learned.get(name))}` : '';
    console.log(`| ${name} | ${t.texts} | ${t.want} | ${pr(t)}${more} |`);
  }
}

function hotpotChunks() {
  if (!existsSync(HOTPOT)) return undefined;
  const lines = readFileSync(HOTPOT, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const paragraphs = [...new Set(lines.flatMap((l) => l.context.map(([, s]) => s.join(''))))];
  const chunks = [];
  let current = '';
  for (const p of paragraphs) {
    current += (current ? '\n' : '') + p;
    if (current.length > 1100) {
      chunks.push(current);
      current = '';
    }
  }
  return chunks;
}

async function speed(model) {
  const chunks = hotpotChunks();
  if (!chunks) {
    console.log(`\nSpeed: skipped, ${HOTPOT} is not there`);
    return;
  }
  const texts = Array.from({ length: ROUNDS }, () => chunks).flat();
  const chars = Math.round(chunks.reduce((sum, c) => sum + c.length, 0) / chunks.length);
  await extractAll(chunks.slice(0, 20)); // load the models once before timing
  const oneStart = performance.now();
  const one = await extractAll(texts);
  const oneSeconds = (performance.now() - oneStart) / 1000;
  let withModel;
  if (model) {
    // One pass over distinct chunks with a fresh extractor: its embeddings cache would make later
    // passes free. (The model is warmed by another extractor first.)
    await extractAll(chunks.slice(0, 20), new OfflineExtractor({ embedder: model }));
    const start = performance.now();
    const counts = await extractAll(chunks, new OfflineExtractor({ embedder: model }));
    withModel = { ...counts, n: chunks.length, seconds: (performance.now() - start) / 1000 };
  }
  const cores = availableParallelism();
  const parts = Array.from({ length: cores }, (_, w) => texts.filter((_, i) => i % cores === w));
  const allStart = performance.now();
  await Promise.all(
    parts.map(
      (part) =>
        new Promise((done, fail) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { texts: part } });
          worker.once('message', done);
          worker.once('error', fail);
        }),
    ),
  );
  const allSeconds = (performance.now() - allStart) / 1000;
  console.log(
    `\nExtraction speed (${texts.length} chunks of ~${chars} characters, HotpotQA dev paragraphs)\n`,
  );
  console.log('| run | chunks/s | entities per chunk | relations per chunk |');
  console.log('| --- | ---: | ---: | ---: |');
  const per = (n) => (n / texts.length).toFixed(1);
  console.log(
    `| one core, rules | ${(texts.length / oneSeconds).toFixed(0)} | ${per(one.entities)} | ${per(one.relations)} |`,
  );
  if (withModel) {
    console.log(
      `| one pass, rules + learned reader (the model in its own process) | ${(withModel.n / withModel.seconds).toFixed(0)} | ${(withModel.entities / withModel.n).toFixed(1)} | ${(withModel.relations / withModel.n).toFixed(1)} |`,
    );
  }
  console.log(
    `| ${cores} worker threads (incl. their start) | ${(texts.length / allSeconds).toFixed(0)} | | |`,
  );
  console.log(`\nload average before/after: ${loadavg()[0].toFixed(2)}`);
}

async function main() {
  console.log(`load average: ${loadavg()[0].toFixed(2)}, cores: ${availableParallelism()}`);
  const model = await openModel();
  try {
    await quality(model);
    await speed(model);
  } finally {
    await model?.close();
  }
}
