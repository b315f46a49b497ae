#!/usr/bin/env node
// Benchmark: graph lag at steady load: how long after a document is searchable its knowledge
// graph is done (verify-processing's progress: indexed_at → finished_at), over HTTP, in the same
// run as a reference with graph creation off (INGESTION_GRAPH=false).
//
//   npm run bench -- graph-lag          (builds first)
//   BENCH_MODES=standalone,distributed node bench/graph-lag.bench.mjs
//
// Load: BENCH_DOCS documents (default 120), each BENCH_PARAGRAPHS (5) HotpotQA context paragraphs
// (Wikipedia prose full of names: ../shared/data/hotpotqa-dev, read in place), uploaded at a
// steady BENCH_RATE documents a second (2), whatever the service does. Reported per setting:
// upload → searchable (queued_at → indexed_at), graph lag (indexed_at → finished_at) and
// upload → completed, p50 and p95, and what the graph made of the documents.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import testing from '@trove/testing';

const { ApiClient, startTrove } = testing;
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const DOCS = env('BENCH_DOCS', 120);
const PARAGRAPHS = env('BENCH_PARAGRAPHS', 5);
const RATE = env('BENCH_RATE', 2);
const MODES = (process.env.BENCH_MODES ?? 'standalone').split(',');
const FILE = resolve(import.meta.dirname, '../../shared/data/hotpotqa-dev/questions.jsonl');

const paragraphs = [
  ...new Map(
    readFileSync(FILE, 'utf8')
      .trim()
      .split('\n')
      .flatMap((line) => JSON.parse(line).context.map(([title, sentences]) => [title, sentences.join('')])),
  ).values(),
];
const docs = Array.from({ length: DOCS }, (_, i) => ({
  id: `lag-${i}`,
  text: Array.from(
    { length: PARAGRAPHS },
    (_, j) => paragraphs[(i * PARAGRAPHS + j) % paragraphs.length],
  ).join('\n\n'),
}));

async function upload(api, tenant, doc) {
  const form = new FormData();
  form.append('tenant_id', tenant);
  form.append('file_id', doc.id);
  form.append('file', new Blob([doc.text], { type: 'text/plain' }), `${doc.id}.txt`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const raw = {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type'),
  };
  const response = await api.post('/ingestion/upload-document', { raw });
  if (response.status !== 200)
    throw new Error(`upload ${doc.id}: ${response.status} ${JSON.stringify(response.body)}`);
}

async function progressWhenDone(api, tenant, id) {
  for (;;) {
    const { status, body } = await api.post('/ingestion/verify-processing', {
      query: { tenant_id: tenant, file_id: id },
    });
    if (status !== 200) throw new Error(`verify ${id}: ${status} ${JSON.stringify(body)}`);
    if (body.indexing_status === 'errored')
      throw new Error(`${id} errored: ${body.error_code} ${body.message}`);
    if (body.indexing_status === 'completed') return body.progress;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ms = (from, to) => Date.parse(to) - Date.parse(from);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function measure(mode, graph) {
  const rig = await startTrove(mode, { env: { LOG_LEVEL: 'warn', INGESTION_GRAPH: String(graph) } });
  try {
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const key = (await admin.post('/api-keys/create_api_key', { json: { owner: 'bench' } })).body
      .full_api_key;
    const api = admin.withKey(key);
    const tenant = 'bench-graph-lag';
    await api.post('/tenants/create', { json: { tenant_id: tenant } });
    // Warm-up (JIT, worker threads, model, first index files) under other ids.
    const warm = docs.slice(0, 3).map((d) => ({ ...d, id: `warm-${d.id}` }));
    await Promise.all(warm.map((d) => upload(api, tenant, d)));
    await Promise.all(warm.map((d) => progressWhenDone(api, tenant, d.id)));

    const started = performance.now();
    const uploads = [];
    for (let i = 0; i < docs.length; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      uploads.push(upload(api, tenant, docs[i]));
    }
    await Promise.all(uploads);
    const progress = await Promise.all(docs.map((d) => progressWhenDone(api, tenant, d.id)));
    const wallS = (performance.now() - started) / 1000;
    const searchable = progress.map((p) => ms(p.queued_at, p.indexed_at));
    const lag = progress.map((p) => ms(p.indexed_at, p.finished_at));
    const total = progress.map((p) => ms(p.queued_at, p.finished_at));
    const sum = (field) => progress.reduce((s, p) => s + (p.graph?.[field] ?? 0), 0);
    return {
      mode,
      graph,
      wallS,
      chunks: progress.reduce((s, p) => s + p.chunks_total, 0),
      searchable: [percentile(searchable, 50), percentile(searchable, 95)],
      lag: [percentile(lag, 50), percentile(lag, 95)],
      total: [percentile(total, 50), percentile(total, 95)],
      entities: sum('entities'),
      relations: sum('relations'),
    };
  } finally {
    await rig.dispose();
  }
}

const rows = [];
for (const mode of MODES) for (const graph of [false, true]) rows.push(await measure(mode, graph));
const chars = docs.reduce((s, d) => s + d.text.length, 0) / docs.length;
console.log(
  `\nGraph lag at steady load: ${DOCS} documents of ${PARAGRAPHS} HotpotQA paragraphs (~${Math.round(chars)} chars), ` +
    `${RATE} uploads a second; times from verify-processing's progress (ms)\n`,
);
console.log(
  '| mode | graph | chunks | upload → searchable p50 / p95 | graph lag p50 / p95 | upload → completed p50 / p95 | entities per doc (sum of per-doc counts) | relations per doc | wall s |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.mode} | ${r.graph ? 'on' : 'off (reference)'} | ${r.chunks} | ${r.searchable.join(' / ')} | ${r.lag.join(' / ')} | ${r.total.join(' / ')} | ${(r.entities / DOCS).toFixed(1)} | ${(r.relations / DOCS).toFixed(1)} | ${r.wallS.toFixed(1)} |`,
  );
}
const settings = Object.keys(process.env)
  .filter((name) => name.startsWith('BENCH_'))
  .sort()
  .map((name) => `${name}=${process.env[name]} `)
  .join('');
console.log(`\nCommand: ${settings}node bench/graph-lag.bench.mjs`);
