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
// predicate; every predicted relation counts in precision, vocabulary or not (a last column also
// counts a symmetric predicate's names in either order). The sets: "dev"
// (the rules were written against it), "held-out" (written with dev, seen from the first run on),
// "fresh" (written after the rules, scored once before any change, then seen too). A set nobody
// tuned on is the only honest figure: add new rows as "fresh-N" before looking at their results.
//
// The extractor is the shipped one: the rules and the learned pair model (tools/train-pair-model.mjs),
// which was trained on every set here, so its figures on them are seen ones; `--rules` scores the
// rules alone, and bench/graph-pair-classifier.bench.mjs scores the model on sets it did not learn
// from. A new blind set is scored once with the model as shipped, before it is retrained.
//
// Speed: HotpotQA dev paragraphs (../shared/data/hotpotqa-dev, read in place) joined into chunks
// of ~1,500 characters (~330 tokens), extracted on one core, then on every core with one worker
// thread each (what the graph service does). BENCH_GRAPH_ROUNDS sets the passes (default 3).
// `--against <dir>` times another build instead, side by side on one core, alternating pass by
// pass: <dir> is that build's libs/domain/graph/dist (a worktree of an older commit, built with
// `npx tsc -p libs/domain/graph/tsconfig.json`), so a rule change's cost is read on the same
// machine in the same minute.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import graph from '@trove/domain-graph';

const { OfflineExtractor, keyOf } = graph;
// `--file <jsonl>` scores another file of the same shape instead: a new blind set, once, before it
// is added here (quality only).
const FILE = process.argv.includes('--file') ? process.argv[process.argv.indexOf('--file') + 1] : undefined;
const ANNOTATED = FILE ? resolve(FILE) : resolve(import.meta.dirname, 'data/graph-extraction.jsonl');
const HOTPOT = resolve(import.meta.dirname, '../../shared/data/hotpotqa-dev/questions.jsonl');
const ROUNDS = Number(process.env.BENCH_GRAPH_ROUNDS ?? 3);
const reference_time = new Date('2026-01-01T00:00:00Z');
const RULES_ALONE = process.argv.includes('--rules') || workerData?.rulesAlone === true;
const newExtractor = (Extractor = OfflineExtractor) => new Extractor(RULES_ALONE ? { pairModel: null } : {});
const AGAINST = process.argv.includes('--against')
  ? process.argv[process.argv.indexOf('--against') + 1]
  : undefined;
/** Predicates that say the same read either way round (docs/api.md's vocabulary). */
const SYMMETRIC = new Set(['married to', 'sibling of', 'friend of', 'works with', 'partner of']);

async function extractAll(texts, Extractor = OfflineExtractor) {
  const extractor = newExtractor(Extractor);
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

async function quality() {
  const rows = readFileSync(ANNOTATED, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const extractor = newExtractor();
  const key = ([source, predicate, target]) => JSON.stringify([keyOf(source), predicate, keyOf(target)]);
  // The same with a symmetric predicate's two names in either order: "Rui sibling of Nuno" is
  // "Nuno sibling of Rui", which the annotators wrote either way round.
  const either = ([source, predicate, target]) =>
    SYMMETRIC.has(predicate)
      ? JSON.stringify([[keyOf(source), keyOf(target)].sort(), predicate])
      : key([source, predicate, target]);
  const totals = new Map();
  let sentences = 0;
  for (const row of rows) {
    sentences += row.text.split(/(?<=[.!?])\s+/).length;
    const { chunks } = await extractor.extract({
      chunks: [{ chunk_id: 'c', text: row.text }],
      reference_time,
    });
    const [chunk] = chunks;
    const triples = chunk.relations.map((r) => [
      chunk.entities[r.source].name,
      r.canonical_predicate,
      chunk.entities[r.target].name,
    ]);
    const got = new Set(triples.map(key));
    const want = new Set(row.triples.map(key));
    const hits = [...got].filter((t) => want.has(t)).length;
    const gotEither = new Set(triples.map(either));
    const wantEither = new Set(row.triples.map(either));
    const hitsEither = [...gotEither].filter((t) => wantEither.has(t)).length;
    for (const name of [row.set, `${row.set} · ${row.genre}`, 'all']) {
      const t = totals.get(name) ?? {
        texts: 0,
        hits: 0,
        got: 0,
        want: 0,
        eitherHits: 0,
        eitherGot: 0,
        eitherWant: 0,
      };
      t.texts++;
      t.hits += hits;
      t.got += got.size;
      t.want += want.size;
      t.eitherHits += hitsEither;
      t.eitherGot += gotEither.size;
      t.eitherWant += wantEither.size;
      totals.set(name, t);
    }
  }
  console.log(
    `\nExtraction quality (${rows.length} texts, ${sentences} sentences, ${FILE ?? 'bench/data/graph-extraction.jsonl'}; ` +
      `${RULES_ALONE ? 'the rules alone' : 'the rules and the shipped pair model, which learned from these texts'})\n`,
  );
  console.log(
    '| set | texts | predicted | annotated | precision | recall | P / R, symmetric predicates either way |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, t] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    const p = t.got ? t.hits / t.got : 0;
    const r = t.want ? t.hits / t.want : 0;
    const pe = t.eitherGot ? t.eitherHits / t.eitherGot : 0;
    const re = t.eitherWant ? t.eitherHits / t.eitherWant : 0;
    console.log(
      `| ${name} | ${t.texts} | ${t.got} | ${t.want} | ${p.toFixed(3)} | ${r.toFixed(3)} | ${pe.toFixed(3)} / ${re.toFixed(3)} |`,
    );
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

async function speed() {
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
  const cores = availableParallelism();
  const parts = Array.from({ length: cores }, (_, w) => texts.filter((_, i) => i % cores === w));
  const allStart = performance.now();
  await Promise.all(
    parts.map(
      (part) =>
        new Promise((done, fail) => {
          const worker = new Worker(new URL(import.meta.url), {
            workerData: { texts: part, rulesAlone: RULES_ALONE },
          });
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
    `| one core | ${(texts.length / oneSeconds).toFixed(0)} | ${per(one.entities)} | ${per(one.relations)} |`,
  );
  console.log(
    `| ${cores} worker threads (incl. their start) | ${(texts.length / allSeconds).toFixed(0)} | | |`,
  );
  console.log(`\nload average before/after: ${loadavg()[0].toFixed(2)}`);
}

/** This build against another, one core, alternating pass by pass (`--against`). */
async function sideBySide(dir) {
  const chunks = hotpotChunks();
  if (!chunks) return console.log(`\nSpeed: skipped, ${HOTPOT} is not there`);
  const { OfflineExtractor: Other } = createRequire(import.meta.url)(resolve(dir, 'index.js'));
  const rate = async (Extractor) => {
    const started = performance.now();
    await extractAll(chunks, Extractor);
    return (chunks.length / ((performance.now() - started) / 1000)).toFixed(0);
  };
  await extractAll(chunks.slice(0, 20), Other);
  await extractAll(chunks.slice(0, 20));
  console.log(`\nSide by side (${chunks.length} chunks per pass, one core, chunks/s)\n`);
  console.log(`| pass | this build | ${dir} |`);
  console.log('| ---: | ---: | ---: |');
  const sums = [0, 0];
  for (let pass = 1; pass <= ROUNDS; pass++) {
    const [mine, other] = [await rate(), await rate(Other)];
    sums[0] += Number(mine);
    sums[1] += Number(other);
    console.log(`| ${pass} | ${mine} | ${other} |`);
  }
  // (The passes summed: what the README compares, one machine's noise shared by both builds.)
  const change = ((sums[0] / sums[1] - 1) * 100).toFixed(0);
  console.log(`| sum | ${sums[0]} | ${sums[1]} (this build ${change >= 0 ? '+' : ''}${change}%) |`);
}

async function main() {
  console.log(`load average: ${loadavg()[0].toFixed(2)}, cores: ${availableParallelism()}`);
  if (AGAINST) return sideBySide(AGAINST);
  await quality();
  if (!FILE) await speed();
}
