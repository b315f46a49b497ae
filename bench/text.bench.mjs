#!/usr/bin/env node
// Benchmark: the text library's chunker and keyword analyser on a few MB of English prose.
//
//   node_modules/.bin/tsc -b libs/text/tsconfig.json && node bench/text.bench.mjs
//   (or `npm run bench -- text`, which builds everything first)
//
// Prose: SciFact abstracts from ../shared/data/scifact/corpus.jsonl.gz when that file is there
// (read in place, never copied), otherwise (or with BENCH_TEXT_SOURCE=generated) generated
// sentences. BENCH_TEXT_MB sets the amount (default 4). Throughput is MB (10^6 bytes of UTF-8)
// per second on one core: "cold" is the first pass over the text in this process (the token-count
// and stem caches fill up), "warm" the median of three more (a long-running service). "chunkText,
// all as one document" runs after the per-document passes, so its cold pass finds the caches
// already filled. Model loading is timed separately. Times are wall-clock: the load average
// printed says whether other processes competed for the cores.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import text from '@trove/text';

const { analyze, chunkText, countTokens, DEFAULT_MAX_TOKENS, DEFAULT_OVERLAP_TOKENS } = text;
const TARGET_BYTES = Number(process.env.BENCH_TEXT_MB ?? 4) * 1e6;
const SCIFACT = resolve(import.meta.dirname, '../../shared/data/scifact/corpus.jsonl.gz');

function scifactDocuments() {
  const documents = [];
  let bytes = 0;
  for (const line of gunzipSync(readFileSync(SCIFACT)).toString('utf8').split('\n')) {
    if (!line || bytes >= TARGET_BYTES) continue;
    const { title, text: body } = JSON.parse(line);
    const document = `${title}\n\n${body}`;
    documents.push(document);
    bytes += Buffer.byteLength(document);
  }
  return documents;
}

/** Deterministic prose: sentences of 8-30 words, 3-8 sentences a paragraph, 2-6 paragraphs. */
function generatedDocuments() {
  const words = (
    'the of and to in a is that for it as was with be by on not he this are or his from at which ' +
    'but have an they you were her she there been one all we their has would when if so no will ' +
    'protein cell patients study results analysis expression increased significantly treatment ' +
    'response clinical data model levels risk associated effect receptor activity gene function ' +
    'disease mice human role mechanism pathway cancer tumor infection immune during after between'
  ).split(' ');
  let seed = 42;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const documents = [];
  let bytes = 0;
  while (bytes < TARGET_BYTES) {
    const paragraphs = [];
    for (let p = 2 + random(5); p > 0; p--) {
      const sentences = [];
      for (let s = 3 + random(6); s > 0; s--) {
        const sentence = Array.from({ length: 8 + random(23) }, () => words[random(words.length)]);
        sentence[0] = sentence[0][0].toUpperCase() + sentence[0].slice(1);
        sentences.push(`${sentence.join(' ')}${random(10) === 0 ? '?' : '.'}`);
      }
      paragraphs.push(sentences.join(' '));
    }
    const document = paragraphs.join('\n\n');
    documents.push(document);
    bytes += Buffer.byteLength(document);
  }
  return documents;
}

const useScifact = existsSync(SCIFACT) && process.env.BENCH_TEXT_SOURCE !== 'generated';
const source = useScifact ? 'SciFact abstracts' : 'generated prose';
const documents = useScifact ? scifactDocuments() : generatedDocuments();
const joined = documents.join('\n\n');
const megabytes = Buffer.byteLength(joined) / 1e6;

function timed(run) {
  const started = process.hrtime.bigint();
  const result = run();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, result };
}

const loading = timed(() => [countTokens('warm up'), analyze('warm up')]);

const WARM_RUNS = 3;
const rows = [];
/** One cold run, then the median of WARM_RUNS warm runs; `count` turns a result into a rate. */
function measure(name, run, count, unit) {
  const cold = timed(run);
  const warm = Array.from({ length: WARM_RUNS }, () => timed(run)).sort((a, b) => a.seconds - b.seconds)[
    WARM_RUNS >> 1
  ];
  for (const [pass, { seconds, result }] of [
    ['cold', cold],
    ['warm', warm],
  ]) {
    rows.push([`${name} (${pass})`, seconds, `${Math.round(count(result) / seconds)} ${unit}/s`]);
  }
}

measure(
  'chunkText, per document',
  () => documents.map((d) => chunkText(d)),
  (r) => r.flat().length,
  'chunks',
);
measure(
  'chunkText, all as one document',
  () => chunkText(joined),
  (r) => r.length,
  'chunks',
);
measure(
  'analyze, per document',
  () => documents.map((d) => analyze(d)),
  (r) => r.flat().length,
  'terms',
);

const perDocument = documents.map((d) => chunkText(d));
const chunkStats = perDocument.flat();
const tokens = chunkStats.map((c) => c.tokenCount);
const withOverlap = perDocument.reduce(
  (n, cs) => n + cs.filter((c, i) => i > 0 && cs[i - 1].end > c.start).length,
  0,
);
console.log(
  `${source}: ${documents.length} documents, ${megabytes.toFixed(2)} MB; ` +
    `defaults maxTokens ${DEFAULT_MAX_TOKENS}, overlapTokens ${DEFAULT_OVERLAP_TOKENS}; ` +
    `model loading ${(loading.seconds * 1000).toFixed(0)} ms; node ${process.version}; ` +
    `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores\n`,
);
console.log('| operation | seconds | MB/s | rate |');
console.log('| --- | --- | --- | --- |');
for (const [name, seconds, rate] of rows) {
  console.log(`| ${name} | ${seconds.toFixed(3)} | ${(megabytes / seconds).toFixed(1)} | ${rate} |`);
}
console.log(
  `\nchunks: ${chunkStats.length}, tokens mean ${(tokens.reduce((a, b) => a + b, 0) / tokens.length).toFixed(0)}, ` +
    `max ${Math.max(...tokens)}; ${withOverlap} of ${chunkStats.length - documents.length} follow-on chunks overlap ` +
    `the previous one. Targets: chunkText >= 5 MB/s, analyze >= 3 MB/s.`,
);
console.log('\nReproduce: node_modules/.bin/tsc -b libs/text/tsconfig.json && node bench/text.bench.mjs');
