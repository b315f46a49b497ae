#!/usr/bin/env node
// Memory retrieval by meaning: the PARAPHRASES set of @trove/testing (first-person memories, each
// with a question that shares no analysed term with it), through the HTTP memory API of a
// standalone, once per embedder. Prints the top-1 and top-3 rates and every miss.
//
// Per embedder, one standalone (startStandalone from @trove/testing, its own temp data dir) with
// EMBEDDINGS_PROVIDER (and EMBEDDINGS_MODEL) set; an owner key, a tenant and one sub-tenant; each
// pair's memory is POST /user_memory/add_user_memory {raw_text, memory_id}; each question is
// POST /user_memory/retrieve_user_memory with max_count 1 (top-1, exactly as the e2e suite
// apps/e2e/src/suites/paraphrase.suite.ts asks) and with max_count 3 (top-3).
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/quality-paraphrase.bench.mjs                         (the service's default embedder)
//   node bench/quality-paraphrase.bench.mjs --embedder hashing
//   node bench/quality-paraphrase.bench.mjs --embedder hashing,onnx --model bge-small-en-v1.5-q
//
// --embedder: comma-separated EMBEDDINGS_PROVIDER values, one standalone each (default: none set,
// i.e. the environment's, else the service default); --model: EMBEDDINGS_MODEL for them. An
// explicit onnx requires its model (EMBEDDINGS_REQUIRE_MODEL=true unless set): no silent fallback.
// Every other variable of the environment reaches the standalone (MEMORY_ALPHA, MODELS_DIR, …).
import { performance } from 'node:perf_hooks';
import testing from '@trove/testing';
import { argValue, mapLimit, percentile } from './lib/quality-stack.mjs';
import { f3 } from './lib/quality-metrics.mjs';

const { ApiClient, PARAPHRASES, startStandalone } = testing;
const EMBEDDERS = (argValue('embedder', '') || '')
  .split(',')
  .map((e) => e.trim())
  .filter(Boolean);
const MODEL = argValue('model', undefined);
const ADD_CONCURRENCY = 4;
const TENANT = 'paraphrase';
const SUB_TENANT = 'pairs';
const memoryId = (i) => `para-${String(i).padStart(2, '0')}`;

/** The checks /readyz reports that name the embedder, wherever they sit in its body. */
function embedderChecks(body) {
  const found = [];
  const walk = (value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      if (typeof value.name === 'string' && /embedder/i.test(value.name)) found.push(value);
      else Object.values(value).forEach(walk);
    }
  };
  walk(body);
  return found;
}

async function run(provider) {
  const env = { LOG_LEVEL: 'warn' };
  if (provider !== undefined) env.EMBEDDINGS_PROVIDER = provider;
  if (MODEL !== undefined) env.EMBEDDINGS_MODEL = MODEL;
  if (provider === 'onnx' && process.env.EMBEDDINGS_REQUIRE_MODEL === undefined)
    env.EMBEDDINGS_REQUIRE_MODEL = 'true';
  const t0 = performance.now();
  const rig = await startStandalone({ env });
  const startSeconds = (performance.now() - t0) / 1000;
  try {
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const ready = await admin.get('/readyz', { key: null });
    const embedder = embedderChecks(ready.body).map((c) => JSON.stringify(c.info ?? c));
    const created = await admin.post('/api-keys/create_api_key', { json: { owner: 'quality' } });
    const api = admin.withKey(created.body.full_api_key);
    const tenant = await api.post('/tenants/create', { json: { tenant_id: TENANT } });
    if (tenant.status !== 200)
      throw new Error(`tenant create: ${tenant.status} ${JSON.stringify(tenant.body)}`);
    const tAdd = performance.now();
    await mapLimit(PARAPHRASES, ADD_CONCURRENCY, async (pair, i) => {
      const res = await api.post('/user_memory/add_user_memory', {
        json: { tenant_id: TENANT, sub_tenant_id: SUB_TENANT, memory_id: memoryId(i), raw_text: pair.memory },
      });
      if (res.status !== 200)
        throw new Error(`add ${memoryId(i)}: ${res.status} ${JSON.stringify(res.body)}`);
    });
    const addSeconds = (performance.now() - tAdd) / 1000;
    const retrieve = async (question, maxCount) => {
      const q0 = performance.now();
      const res = await api.post('/user_memory/retrieve_user_memory', {
        query: { tenant_id: TENANT, sub_tenant_id: SUB_TENANT, max_count: maxCount },
        json: { query: question },
      });
      if (res.status !== 200) throw new Error(`retrieve: ${res.status} ${JSON.stringify(res.body)}`);
      return { memories: res.body.user_memories, ms: performance.now() - q0 };
    };
    const latencies = [];
    let top1 = 0;
    let top3 = 0;
    let empty = 0;
    const misses = [];
    for (const [i, pair] of PARAPHRASES.entries()) {
      const one = await retrieve(pair.question, 1);
      const three = await retrieve(pair.question, 3);
      latencies.push(one.ms);
      const ids3 = three.memories.map((m) => m.memory_id);
      const hit1 = one.memories[0]?.memory_id === memoryId(i);
      const rank = ids3.indexOf(memoryId(i)) + 1;
      if (hit1) top1++;
      if (rank > 0) top3++;
      if (one.memories.length === 0) empty++;
      if (!hit1) {
        const got = one.memories[0];
        misses.push(
          `"${pair.question}" → ${got ? `"${got.source_content}" (${got.score.toFixed(3)})` : 'nothing'}; ` +
            `wanted "${pair.memory}"${rank > 0 ? ` (rank ${rank} of 3)` : ' (not in top 3)'}`,
        );
      }
    }
    return {
      requested:
        provider ??
        `default${process.env.EMBEDDINGS_PROVIDER ? ` (${process.env.EMBEDDINGS_PROVIDER})` : ''}`,
      embedder: embedder.length ? embedder.join(' ') : '(not reported by /readyz)',
      top1: top1 / PARAPHRASES.length,
      top3: top3 / PARAPHRASES.length,
      empty,
      misses,
      startSeconds,
      addSeconds,
      p50: percentile(latencies, 50),
    };
  } catch (error) {
    console.error(rig.output());
    throw error;
  } finally {
    await rig.dispose();
  }
}

const started = performance.now();
console.log(
  `PARAPHRASES (@trove/testing): ${PARAPHRASES.length} memories in one sub-tenant, one question each ` +
    `(no analysed term shared with its memory); retrieve max_count 1 (top-1) and 3 (top-3).\n`,
);
const rows = [];
for (const provider of EMBEDDERS.length ? EMBEDDERS : [undefined]) {
  const row = await run(provider);
  rows.push(row);
  console.log(
    `### ${row.requested}: top-1 ${f3(row.top1)}, top-3 ${f3(row.top3)}; ${row.misses.length} top-1 misses ` +
      `(${row.empty} with nothing returned)\nembedder (/readyz): ${row.embedder}`,
  );
  for (const miss of row.misses) console.log(`- ${miss}`);
  console.log('');
}
console.log('| embedder | top-1 | top-3 | misses (nothing returned) | start s | add s | retrieve p50 ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.requested} | ${f3(r.top1)} | ${f3(r.top3)} | ${r.misses.length} (${r.empty}) | ${r.startSeconds.toFixed(1)} | ` +
      `${r.addSeconds.toFixed(1)} | ${r.p50.toFixed(1)} |`,
  );
console.log(`\nnode ${process.version}, ${((performance.now() - started) / 1000).toFixed(1)} s in all.`);
const argsUsed = process.argv.slice(2).join(' ');
console.log(
  `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/quality-paraphrase.bench.mjs${argsUsed ? ` ${argsUsed}` : ''}`,
);
