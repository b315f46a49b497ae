#!/usr/bin/env node
// Speed of the embedders on this machine: model load time and RSS, query embedding latency,
// one-sentence texts per second and ~256-token chunks per second (SciFact abstracts cut by the
// service's own chunker), for the ONNX models in one model process on 1 and 2 ONNX Runtime
// threads and in two processes on one thread each (the default on 2 cores), with the hashing
// fallback beside them as the reference measured in the same run. RSS counts the model processes.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/embeddings-speed.bench.mjs [--models bge-small-en-v1.5-q,all-minilm-l6-v2-q] [--chunks 200]
//
// Each configuration runs in a fresh child process, so RSS and load time are its own.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import embeddings from '@trove/embeddings';
import text from '@trove/text';
import { loadSciFact } from './lib/quality-data.mjs';
import { argValue, percentile } from './lib/quality-stack.mjs';

const CHILD = process.argv.includes('--child');

/** Resident MB of this process and its model processes. */
function rssMb() {
  const of = (pid) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return of(process.pid) + embeddings.onnxModelProcesses().reduce((n, p) => n + (p.pid ? of(p.pid) : 0), 0);
}

async function measure(settings, chunkCount) {
  const rssBefore = rssMb();
  const t0 = performance.now();
  const embedder = await embeddings.createEmbedder({ ...settings, EMBEDDINGS_REQUIRE_MODEL: 'true' });
  const loadMs = performance.now() - t0;
  const { docs } = loadSciFact();
  const chunks = docs
    .slice(0, 400)
    .flatMap((d) => text.chunkText(`${d.title}\n\n${d.text}`).map((c) => c.text))
    .slice(0, chunkCount);
  const sentences = docs.slice(1000, 1000 + chunkCount).map((d) => d.title);
  const queries = docs
    .slice(2000, 2100)
    .map((d, i) => `what is known about ${d.title.split(' ').slice(0, 6).join(' ')} ${i}`);
  await embedder.embedQuery('warm up');
  const latencies = [];
  for (const q of queries) {
    const t = performance.now();
    await embedder.embedQuery(q);
    latencies.push(performance.now() - t);
  }
  const rate = async (texts) => {
    const t = performance.now();
    for (let i = 0; i < texts.length; i += 32) await embedder.embedDocuments(texts.slice(i, i + 32));
    return texts.length / ((performance.now() - t) / 1000);
  };
  const sentenceRate = await rate(sentences);
  const chunkRate = await rate(chunks);
  const tokens = chunks.reduce((n, c) => n + text.countTokens(c), 0) / chunks.length;
  const rss = rssMb();
  await embedder.close();
  return {
    model: embedder.modelId,
    threads: settings.EMBEDDINGS_THREADS ?? '-',
    processes: settings.EMBEDDINGS_PROCESSES ?? '-',
    loadMs,
    rssMb: rss,
    rssLoadMb: rss - rssBefore,
    queryP50: percentile(latencies, 50),
    queryP99: percentile(latencies, 99),
    sentenceRate,
    chunkRate,
    tokens,
  };
}

if (CHILD) {
  const settings = JSON.parse(argValue('settings', '{}'));
  console.log(JSON.stringify(await measure(settings, Number(argValue('chunks', '200')))));
  process.exit(0);
}

const models = argValue('models', embeddings.DEFAULT_ONNX_MODEL).split(',');
const chunkCount = argValue('chunks', '200');
const configs = [
  { EMBEDDINGS_PROVIDER: 'hashing' },
  ...models.flatMap((m) =>
    [
      [1, 1],
      [1, 2],
      [2, 1],
    ].map(([processes, threads]) => ({
      EMBEDDINGS_MODEL: m,
      EMBEDDINGS_PROCESSES: processes,
      EMBEDDINGS_THREADS: threads,
    })),
  ),
];
const flags =
  readFileSync('/proc/cpuinfo', 'utf8')
    .match(/^flags\s*:(.*)$/m)?.[1]
    .split(' ') ?? [];
console.log(
  `CPU: ${readFileSync('/proc/cpuinfo', 'utf8')
    .match(/^model name\s*:(.*)$/m)?.[1]
    .trim()}, ` +
    `${['avx2', 'avx512f', 'avx512_vnni', 'avx_vnni'].map((f) => `${f} ${flags.includes(f) ? 'yes' : 'no'}`).join(', ')}.\n`,
);
console.log(
  `| embedder | processes × threads | load ms | RSS MB (model's share) | query p50 / p99 ms | one-sentence texts/s | chunks/s (mean tokens) |`,
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const settings of configs) {
  const child = spawnSync(
    process.execPath,
    [import.meta.filename, '--child', '--settings', JSON.stringify(settings), '--chunks', chunkCount],
    { encoding: 'utf8', maxBuffer: 2 ** 24 },
  );
  if (child.status !== 0) {
    console.log(`| ${JSON.stringify(settings)} | failed: ${child.stderr.trim().split('\n').pop()} |`);
    continue;
  }
  const r = JSON.parse(child.stdout.trim().split('\n').pop());
  console.log(
    `| ${r.model} | ${r.processes} × ${r.threads} | ${r.loadMs.toFixed(0)} | ${r.rssMb.toFixed(0)} (${r.rssLoadMb.toFixed(0)}) | ` +
      `${r.queryP50.toFixed(2)} / ${r.queryP99.toFixed(2)} | ${r.sentenceRate.toFixed(0)} | ${r.chunkRate.toFixed(1)} (${r.tokens.toFixed(0)} tokens) |`,
  );
}
console.log(`\nnode ${process.version}, ${new Date().toISOString()}.`);
console.log(
  `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/embeddings-speed.bench.mjs --models ${models.join(',')} --chunks ${chunkCount}`,
);
