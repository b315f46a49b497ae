#!/usr/bin/env node
// Ingestion and search with the embedding model, end to end over HTTP on `standalone` (the
// default configuration), with the hashing fallback as the reference in the same run:
//
//   1. one-sentence memory adds (SciFact abstract sentences), CONCURRENCY in flight, then one at a
//      time: adds/s and latency p50 / p99 per add;
//   2. SciFact train documents (title + abstract, ~1.8 chunks each) uploaded as text files through
//      POST /ingestion/upload-document, 8 at a time; two clocks run from the first upload, one to
//      the last document searchable (verify-processing says `graph_creation` or `completed`), one
//      to the last `completed` (its graph read too): chunks/s for both (chunks counted with the
//      service's own chunker, @trove/text chunkText);
//   3. hybrid search at the default alpha over what was ingested (SciFact train claims, one at a
//      time): p50 / p99.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/model-ingestion.bench.mjs                     (≈ 6 min on 2 cores)
//   node bench/model-ingestion.bench.mjs --docs 1000 --sentences 1000   (quicker)
//   node bench/model-ingestion.bench.mjs --env EMBEDDINGS_PROCESSES=1,EMBEDDINGS_THREADS=2
//
// Options: --sentences 2000 · --single 100 · --concurrency 16 · --docs 0 (all 5,183) ·
// --queries 200 · --env K=V,... (extra settings for the model run) · --no-reference.
import { performance } from 'node:perf_hooks';
import testing from '@trove/testing';
import { readyzCheck } from './lib/bench-http.mjs';
import text from '@trove/text';
import { loadSciFact } from './lib/quality-data.mjs';
import { argValue, hasFlag, mapLimit, percentile } from './lib/quality-stack.mjs';
import { loadQueries, loadSentences } from './lib/speed-data.mjs';

const { ApiClient, startStandalone } = testing;
const SENTENCES = Number(argValue('sentences', '2000'));
const SINGLE = Number(argValue('single', '100'));
const CONCURRENCY = Number(argValue('concurrency', '16'));
const DOCS = Number(argValue('docs', '0'));
const QUERIES = Number(argValue('queries', '200'));
const EXTRA = Object.fromEntries(
  argValue('env', '')
    .split(',')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
const TENANT = 'ingest';

const sentences = loadSentences().filter((s) => s.length <= 160);
const scifact = loadSciFact();
const docs = DOCS > 0 ? scifact.docs.slice(0, DOCS) : scifact.docs;
const claims = loadQueries().slice(0, QUERIES);

async function multipart(fields, bytes, name) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([bytes], { type: 'text/plain' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') };
}

/**
 * Resolves when every id has reached one of `statuses`. Documents finish roughly in order: polls
 * the oldest first.
 */
async function allReached(api, ids, statuses) {
  const pending = [...ids];
  while (pending.length > 0) {
    const { status, body } = await api.post('/ingestion/verify-processing', {
      query: { tenant_id: TENANT, sub_tenant_id: 'documents', file_id: pending[0] },
    });
    if (status !== 200) throw new Error(`verify ${pending[0]}: ${status} ${JSON.stringify(body)}`);
    if (body.indexing_status === 'errored') throw new Error(`${pending[0]} errored: ${body.error_code}`);
    if (statuses.includes(body.indexing_status)) pending.shift();
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function run(label, env) {
  const rig = await startStandalone({ env: { LOG_LEVEL: 'warn', ...env } });
  try {
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const created = await admin.post('/api-keys/create_api_key', { json: { owner: 'bench' } });
    const api = admin.withKey(created.body.full_api_key);
    const tenant = await api.post('/tenants/create', { json: { tenant_id: TENANT } });
    if (tenant.status !== 200) throw new Error(`tenant: ${tenant.status} ${JSON.stringify(tenant.body)}`);
    const ready = await admin.get('/readyz');
    const embedder = readyzCheck(ready.body, 'embedder') ?? {};

    const add = async (i, latencies) => {
      const t = performance.now();
      const res = await api.post('/user_memory/add_user_memory', {
        json: { tenant_id: TENANT, sub_tenant_id: 'memories', memory_id: `m${i}`, raw_text: sentences[i] },
      });
      latencies.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`add ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    const inFlight = [];
    let t0 = performance.now();
    await mapLimit(
      Array.from({ length: SENTENCES }, (_, i) => i),
      CONCURRENCY,
      (i) => add(i, inFlight),
    );
    const addRate = SENTENCES / ((performance.now() - t0) / 1000);
    const single = [];
    t0 = performance.now();
    for (let i = 0; i < SINGLE; i++) await add(SENTENCES + i, single);
    const singleRate = SINGLE / ((performance.now() - t0) / 1000);

    t0 = performance.now();
    let next = 0;
    const upload = async () => {
      while (next < docs.length) {
        const doc = docs[next++];
        const res = await api.post('/ingestion/upload-document', {
          raw: await multipart(
            { tenant_id: TENANT, sub_tenant_id: 'documents', file_id: `d${doc.id}` },
            Buffer.from(`${doc.title}\n\n${doc.text}`),
            `${doc.id}.txt`,
          ),
        });
        if (res.status !== 200)
          throw new Error(`upload ${doc.id}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, upload));
    const ids = docs.map((d) => `d${d.id}`);
    // Searchable from graph_creation on (docs/api.md, Processing status); completed once the
    // graph is read too.
    await allReached(api, ids, ['graph_creation', 'completed']);
    const searchableSeconds = (performance.now() - t0) / 1000;
    await allReached(api, ids, ['completed']);
    const docSeconds = (performance.now() - t0) / 1000;
    const chunks = docs.reduce((n, d) => n + text.chunkText(`${d.title}\n\n${d.text}`).length, 0);

    const searches = [];
    for (const claim of claims) {
      const t = performance.now();
      const res = await api.post('/search/hybrid-search', {
        json: { tenant_id: TENANT, sub_tenant_id: 'documents', query: claim, max_chunks: 10 },
      });
      searches.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`search: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return {
      label,
      model: embedder.model_id ?? '?',
      processes: embedder.model_processes ?? '-',
      addRate,
      addP50: percentile(inFlight, 50),
      addP99: percentile(inFlight, 99),
      singleRate,
      singleP50: percentile(single, 50),
      searchableSeconds,
      searchableChunkRate: chunks / searchableSeconds,
      docSeconds,
      docRate: docs.length / docSeconds,
      chunkRate: chunks / docSeconds,
      chunks,
      searchP50: percentile(searches, 50),
      searchP99: percentile(searches, 99),
    };
  } catch (error) {
    console.error(rig.output());
    throw error;
  } finally {
    await rig.dispose();
  }
}

const started = performance.now();
const rows = [await run('default', EXTRA)];
if (!hasFlag('no-reference')) rows.push(await run('hashing (fallback)', { EMBEDDINGS_PROVIDER: 'hashing' }));
console.log(
  `${SENTENCES} one-sentence memories (${CONCURRENCY} in flight), then ${SINGLE} one at a time; ` +
    `${docs.length} SciFact train documents (${rows[0].chunks} chunks) 8 at a time; ${claims.length} hybrid searches.\n`,
);
console.log(
  '| embedder | model processes | sentence adds/s (p50 / p99 ms) | one at a time: adds/s (p50 ms) | documents searchable: s, chunks/s | documents completed (graph read): s, docs/s, chunks/s | hybrid p50 / p99 ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.label}: ${r.model} | ${r.processes} | ${r.addRate.toFixed(0)} (${r.addP50.toFixed(0)} / ${r.addP99.toFixed(0)}) | ` +
      `${r.singleRate.toFixed(0)} (${r.singleP50.toFixed(1)}) | ${r.searchableSeconds.toFixed(0)}, ${r.searchableChunkRate.toFixed(1)} | ${r.docSeconds.toFixed(0)}, ${r.docRate.toFixed(1)}, ${r.chunkRate.toFixed(1)} | ` +
      `${r.searchP50.toFixed(1)} / ${r.searchP99.toFixed(1)} |`,
  );
}
console.log(`\nnode ${process.version}, ${((performance.now() - started) / 1000).toFixed(0)} s in all.`);
const argsUsed = process.argv.slice(2).join(' ');
console.log(
  `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/model-ingestion.bench.mjs${argsUsed ? ` ${argsUsed}` : ''}`,
);
