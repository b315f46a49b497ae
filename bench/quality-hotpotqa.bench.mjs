#!/usr/bin/env node
// Multi-hop retrieval quality of the real search stack on HotpotQA dev (distractor setting, the 53
// questions of ../shared/data/hotpotqa-dev): recall@2/@5/@10 of the supporting titles and the
// share of questions with both supporting titles in the top 2/5/10, per alpha, per embedder.
//
// In process, no HTTP (bench/lib/quality-stack.mjs): every context paragraph of the file pooled
// into one sub-tenant, one source per distinct title (text = title + sentences, chunkText
// defaults); each question is SearchService.hybrid with max_chunks 10, search_mode 'sources',
// recency_bias 0; a title's rank is that of its best chunk.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/quality-hotpotqa.bench.mjs                          (the service's default embedder)
//   node bench/quality-hotpotqa.bench.mjs --embedder hashing       (the offline embedder)
//   node bench/quality-hotpotqa.bench.mjs --embedder onnx --model bge-small-en-v1.5-q --alphas 0,0.5,0.8
//
// --embedder: EMBEDDINGS_PROVIDER (default: as the service reads it: the environment, else its
// default); --model: EMBEDDINGS_MODEL; --alphas: comma-separated numbers or `auto` (default 0 and
// the API's default 0.8). Every other EMBEDDINGS_* / MODELS_DIR / SEARCH_* variable of the
// environment applies as in the apps. An explicit --embedder onnx requires the model (no silent
// fallback to hashing); without --embedder a fallback is reported in the header.
// The data: ../shared/data beside the repository, or TROVE_EVAL_DATA / TROVE_DATA_DIR.
import { performance } from 'node:perf_hooks';
import search from '@trove/domain-search';
import config from '@trove/platform-config';
import { loadHotpotQA } from './lib/quality-data.mjs';
import { argValue, mapLimit, openSearchStack, indexParagraph, percentile } from './lib/quality-stack.mjs';
import { dedupe, f3 } from './lib/quality-metrics.mjs';

/** POST /search/hybrid-search's alpha when the request names none (docs/api.md, Search). */
const API_DEFAULT_ALPHA = 0.8;
const ALPHAS = argValue('alphas', `0,${API_DEFAULT_ALPHA}`)
  .split(',')
  .map((a) => a.trim())
  .filter(Boolean)
  .map((a) => (a === 'auto' ? 'auto' : Number(a)));
if (ALPHAS.some((a) => a !== 'auto' && !(a >= 0 && a <= 1))) {
  console.error(`--alphas: numbers from 0 to 1 or auto, got "${argValue('alphas', '')}"`);
  process.exit(2);
}
const MODES = argValue('modes', 'fast')
  .split(',')
  .map((m) => m.trim());
if (MODES.some((m) => m !== 'fast' && m !== 'accurate')) {
  console.error(`--modes: fast and/or accurate, got "${argValue('modes', '')}"`);
  process.exit(2);
}
const QUESTIONS = argValue('questions', undefined);
const EMBEDDER = argValue('embedder', undefined);
const MODEL = argValue('model', undefined);
const KS = [2, 5, 10];
const MAX_CHUNKS = 10;
const INDEX_CONCURRENCY = 8;
const SCOPE = { tenant_id: 'hotpotqa', sub_tenant_id: 'dev' };

/**
 * The embedder settings the search service would build from this environment (SearchSettings,
 * as openSearchStores passes them on), with --embedder / --model on top.
 */
function embedderSettings() {
  const env = { ...process.env };
  if (EMBEDDER !== undefined) env.EMBEDDINGS_PROVIDER = EMBEDDER;
  if (MODEL !== undefined) env.EMBEDDINGS_MODEL = MODEL;
  if (EMBEDDER === 'onnx' && env.EMBEDDINGS_REQUIRE_MODEL === undefined)
    env.EMBEDDINGS_REQUIRE_MODEL = 'true';
  const settings = config.loadConfig(search.SearchSettings, env);
  const out = {};
  for (const [name, value] of Object.entries(settings)) {
    if (!name.startsWith('EMBEDDINGS_') && name !== 'MODELS_DIR') continue;
    if (value === undefined || (name === 'EMBEDDINGS_DIMENSION' && Number(value) === 0)) continue;
    out[name] = String(value);
  }
  return out;
}

const started = performance.now();
const { paragraphs, questions } = loadHotpotQA(QUESTIONS);
const settings = embedderSettings();
const stack = await openSearchStack({
  embedderSettings: settings,
  embedderLog: (level, message) => console.error(`[embedder ${level}] ${message}`),
  defaultAlpha: API_DEFAULT_ALPHA,
});

// ---- index: one source per title ----
const titleOf = new Map(); // source id → title
const now = new Date().toISOString();
let chunkCount = 0;
const tIndex = performance.now();
await mapLimit(paragraphs, INDEX_CONCURRENCY, async (paragraph, i) => {
  const { sourceId, chunks } = await indexParagraph(stack.service, SCOPE, paragraph, i, now);
  titleOf.set(sourceId, paragraph.title);
  chunkCount += chunks.length;
});
const indexSeconds = (performance.now() - tIndex) / 1000;

// ---- query embedding, once per question: timed alone, and every alpha row below then meets the
// same state (the ONNX embedder keeps recent query vectors; without this the first alpha that
// embeds would pay for all of them) ----
const embedLatencies = [];
for (const q of questions) {
  const e0 = performance.now();
  await stack.embedder.embedQuery(q.question);
  embedLatencies.push(performance.now() - e0);
}

// ---- query, alpha by alpha ----
const rows = [];
const degradedBy = new Map(); // mode/alpha → questions whose accurate search reported a failed stage
for (const mode of MODES)
  for (const alpha of ALPHAS) {
    const latencies = [];
    const resolved = new Map();
    const sums = Object.fromEntries(KS.map((k) => [k, { recall: 0, both: 0 }]));
    const byType = new Map(); // type → { n, both5 }
    for (const q of questions) {
      const q0 = performance.now();
      const result = await stack.service.hybrid({
        ...SCOPE,
        query: q.question,
        max_chunks: MAX_CHUNKS,
        alpha,
        recency_bias: 0,
        num_related_chunks: 0,
        search_mode: 'sources',
        ...(mode === 'accurate' ? { mode } : {}),
      });
      latencies.push(performance.now() - q0);
      if (result.accurate?.degraded)
        degradedBy.set(`${mode} ${alpha}`, (degradedBy.get(`${mode} ${alpha}`) ?? 0) + 1);
      resolved.set(result.alpha, (resolved.get(result.alpha) ?? 0) + 1);
      const titles = dedupe(
        result.chunks.map((c) => c.source_id),
        (id) => id,
      ).map((id) => titleOf.get(id));
      for (const k of KS) {
        const top = new Set(titles.slice(0, k));
        const hits = q.supportingTitles.filter((t) => top.has(t)).length;
        sums[k].recall += hits / q.supportingTitles.length;
        sums[k].both += hits === q.supportingTitles.length ? 1 : 0;
      }
      const t = byType.get(q.type) ?? { n: 0, both5: 0, both10: 0 };
      const top5 = new Set(titles.slice(0, 5));
      const top10 = new Set(titles.slice(0, 10));
      t.n++;
      t.both5 += q.supportingTitles.every((s) => top5.has(s)) ? 1 : 0;
      t.both10 += q.supportingTitles.every((s) => top10.has(s)) ? 1 : 0;
      byType.set(q.type, t);
    }
    rows.push({
      mode,
      alpha,
      resolved,
      byType,
      recall: Object.fromEntries(KS.map((k) => [k, sums[k].recall / questions.length])),
      both: Object.fromEntries(KS.map((k) => [k, sums[k].both / questions.length])),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
    });
  }
await stack.close();

// ---- report ----
const embedder = stack.embedder;
const label = (alpha) =>
  alpha === 0
    ? '0 (keyword only)'
    : alpha === 1
      ? '1 (semantic only)'
      : alpha === API_DEFAULT_ALPHA
        ? `${alpha} (API default)`
        : alpha === 'auto'
          ? 'auto'
          : String(alpha);
const requested = EMBEDDER
  ? `--embedder ${EMBEDDER}${MODEL ? ` --model ${MODEL}` : ''}`
  : `the service default${process.env.EMBEDDINGS_PROVIDER ? ` (EMBEDDINGS_PROVIDER=${process.env.EMBEDDINGS_PROVIDER})` : ''}`;
console.log(
  `HotpotQA dev pooled: ${questions.length} questions (${[...new Set(questions.map((q) => q.type))]
    .map((t) => `${questions.filter((q) => q.type === t).length} ${t}`)
    .join(
      ', ',
    )}), ${paragraphs.length} paragraphs (distinct titles) → ${chunkCount} chunks in one sub-tenant.\n` +
    `Embedder: ${requested} → \`${embedder.modelId}\` (${embedder.dimension}-d)` +
    (embedder.fallback
      ? `, a FALLBACK: ${embedder.fallback.wanted} could not be loaded (${embedder.fallback.reason}).`
      : '.') +
    `\nIndexing through SearchService.indexChunks, ${INDEX_CONCURRENCY} sources in flight: ${indexSeconds.toFixed(1)} s ` +
    `(${Math.round(paragraphs.length / indexSeconds)} paragraphs/s). Queries: hybrid, max_chunks ${MAX_CHUNKS}, one at a time; ` +
    `embedding a question alone: p50 ${percentile(embedLatencies, 50).toFixed(2)} ms (each embedded once before the table).\n`,
);
console.log(
  `| mode | alpha | ${KS.map((k) => `recall@${k}`).join(' | ')} | ${KS.map((k) => `both in top ${k}`).join(' | ')} | query p50 ms | p95 ms |`,
);
console.log(`|---|---|${KS.map(() => '---:|').join('')}${KS.map(() => '---:|').join('')}---:|---:|`);
for (const r of rows) {
  const auto =
    r.alpha === 'auto'
      ? ` → ${[...r.resolved]
          .sort((a, b) => b[1] - a[1])
          .map(([a, n]) => `${a}×${n}`)
          .join(', ')}`
      : '';
  console.log(
    `| ${r.mode} | ${label(r.alpha)}${auto} | ${KS.map((k) => f3(r.recall[k])).join(' | ')} | ${KS.map((k) => f3(r.both[k])).join(' | ')} | ` +
      `${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
  );
}
console.log(
  `\nBoth in top 5 / top 10 by question type: ` +
    rows
      .map(
        (r) =>
          `${r.mode} α ${r.alpha}: ` +
          [...r.byType]
            .map(([type, t]) => `${type} ${f3(t.both5 / t.n)} / ${f3(t.both10 / t.n)} (${t.n})`)
            .join(', '),
      )
      .join('; ') +
    '.',
);
if (degradedBy.size > 0)
  console.log(
    `Accurate searches that degraded (a stage failed): ${[...degradedBy].map(([k, n]) => `${k}: ${n}`).join(', ')}.`,
  );
console.log(
  'Anchors (../shared/data/README.md): BM25 on this pool recall@2 0.50, recall@5 0.69, both-in-top-5 0.42, ' +
    'both-in-top-10 0.81; HippoRAG paper (1,000 questions, ~10k passages) recall@2 / @5: BM25 0.554 / 0.722, ' +
    'Contriever 0.572 / 0.755, ColBERTv2 0.647 / 0.793.',
);
console.log(`\nnode ${process.version}, ${((performance.now() - started) / 1000).toFixed(1)} s in all.`);
const argsUsed = process.argv.slice(2).join(' ');
console.log(
  `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/quality-hotpotqa.bench.mjs${argsUsed ? ` ${argsUsed}` : ''}`,
);
