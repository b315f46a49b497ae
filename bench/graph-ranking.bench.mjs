#!/usr/bin/env node
// Graph-aware ranking (docs/api.md, Search: graph-aware ranking) on HotpotQA dev: does re-scoring
// the search's candidates by their graph evidence bring both supporting paragraphs into the top 5?
//
//   node_modules/.bin/nx run @trove/domain-search:build --output-style=static
//   node_modules/.bin/nx run @trove/domain-graph:build --output-style=static
//   node bench/graph-ranking.bench.mjs [--modes fast,accurate] [--widths 10,20,30] [--weight 0.2]
//       [--weights 0.1,0.2,0.3,0.5,0.7,1] [--questions bench/data/graph-bridge.jsonl]
//
// In process, no HTTP, as the gateway does it: every context paragraph pooled into one sub-tenant
// (one source per title, bench/lib/quality-stack.mjs, the service's default embedder) and read by
// the offline extractor into an embedded graph (PGlite) under the same chunk ids. Per question and
// mode: the plain search (max_chunks 5, as without graph_context); today's graph_context (the same
// search, then the graph's context of its chunks: same ranking, the latency it costs); and per
// width W the graph-aware path: search with max_chunks W, graph context of those W chunks,
// rankByGraphEvidence (weight w; the graph domain's function, which the graph service runs for a
// context request with `rank`), the best 5 kept. Reported: recall@5 of the supporting titles,
// both in top 5, p50 latency of each path; then recall/both by weight (the sweep that chose the
// default) with and without co-mentions as evidence.
import { performance } from 'node:perf_hooks';
import graph from '@trove/domain-graph';
import database from '@trove/platform-database';
import { loadHotpotQA } from './lib/quality-data.mjs';
import { argValue, mapLimit, openSearchStack, indexParagraph, percentile } from './lib/quality-stack.mjs';
import { dedupe, f3 } from './lib/quality-metrics.mjs';

const { GraphContextBuilder, OfflineExtractor, SqlGraphStore, rankByGraphEvidence } = graph;
const list = (name, fallback) =>
  argValue(name, fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const MODES = list('modes', 'fast,accurate');
const WIDTHS = list('widths', '10,20,30').map(Number);
const WEIGHT = Number(argValue('weight', '0.2'));
const WEIGHTS = [...new Set([...list('weights', '0.1,0.2,0.3,0.5,0.7,1').map(Number), WEIGHT])].sort(
  (a, b) => a - b,
);
const QUESTIONS = argValue('questions', undefined);
const K = 5;
const SCOPE = { tenant_id: 'hotpotqa', sub_tenant_id: 'dev' };

const started = performance.now();
const { paragraphs, questions } = loadHotpotQA(QUESTIONS);
const stack = await openSearchStack({
  embedderLog: (level, message) => console.error(`[embedder ${level}] ${message}`),
});
const db = await database.PgliteDatabase.open('memory://');
const store = new SqlGraphStore(db);
await store.migrate();
const extractor = new OfflineExtractor();
const reference_time = new Date('2026-01-01T00:00:00Z');

// ---- index: one source per title, in the search indexes and in the graph, same chunk ids ----
const titleOf = new Map();
const now = new Date().toISOString();
let chunkCount = 0;
const t0 = performance.now();
await mapLimit(paragraphs, 8, async (paragraph, i) => {
  const { sourceId, chunks } = await indexParagraph(stack.service, SCOPE, paragraph, i, now);
  titleOf.set(sourceId, paragraph.title);
  chunkCount += chunks.length;
  const extracted = await extractor.extract({
    chunks: chunks.map((c) => ({ chunk_id: c.chunk_uuid, text: c.text })),
    reference_time,
  });
  await store.replaceSource(SCOPE, sourceId, extracted.chunks);
});
const indexSeconds = (performance.now() - t0) / 1000;
const counts = await store.counts(SCOPE);
const builder = new GraphContextBuilder(store);
for (const q of questions) await stack.embedder.embedQuery(q.question); // every path meets warm query vectors

// ---- measure ----
const score = (q, chunks) => {
  const titles = dedupe(
    chunks.map((c) => c.source_id),
    (id) => id,
  )
    .slice(0, K)
    .map((id) => titleOf.get(id));
  const hits = q.supportingTitles.filter((t) => titles.includes(t)).length;
  return { recall: hits / q.supportingTitles.length, both: hits === q.supportingTitles.length ? 1 : 0 };
};
const request = (q, mode, max_chunks) => ({
  ...SCOPE,
  query: q.question,
  max_chunks,
  alpha: 0.8,
  recency_bias: 0,
  num_related_chunks: 0,
  search_mode: 'sources',
  ...(mode === 'accurate' ? { mode } : {}),
});
const rows = [];
const sweep = [];
for (const mode of MODES) {
  const plain = { recall: 0, both: 0, ms: [], ctxMs: [] };
  const byWidth = new Map(WIDTHS.map((w) => [w, { ms: [], graphMs: [], sums: new Map() }]));
  for (const q of questions) {
    // Accurate mode embeds its second-hop queries (question + passage) and the embedder keeps
    // recent query vectors: one untimed search first, so that every path below meets the same state.
    if (mode === 'accurate') await stack.service.hybrid(request(q, mode, Math.max(...WIDTHS)));
    let s0 = performance.now();
    const base = await stack.service.hybrid(request(q, mode, K));
    plain.ms.push(performance.now() - s0);
    const m = score(q, base.chunks);
    plain.recall += m.recall;
    plain.both += m.both;
    s0 = performance.now();
    await builder.build(
      SCOPE,
      q.question,
      base.chunks.map((c) => c.chunk_uuid),
    );
    plain.ctxMs.push(plain.ms.at(-1) + performance.now() - s0);
    for (const width of WIDTHS) {
      const row = byWidth.get(width);
      const w0 = performance.now();
      const wide = await stack.service.hybrid(request(q, mode, width));
      const g0 = performance.now();
      const context = await builder.build(
        SCOPE,
        q.question,
        wide.chunks.map((c) => c.chunk_uuid),
      );
      row.graphMs.push(performance.now() - g0);
      // What the graph service does with `rank`, and the gateway's reordering of its chunks.
      const candidates = wide.chunks.map((c) => ({ chunk_id: c.chunk_uuid, score: c.relevancy_score }));
      const byId = new Map(wide.chunks.map((c) => [c.chunk_uuid, c]));
      const chunksOf = (ranking) =>
        ranking.map((r) => ({ ...byId.get(r.chunk_id), relevancy_score: r.score }));
      chunksOf(
        rankByGraphEvidence(candidates, context, { weight: WEIGHT, keep: K, query: q.question }).ranking,
      );
      row.ms.push(performance.now() - w0);
      for (const co of [true, false])
        for (const weight of WEIGHTS) {
          const key = `${co}|${weight}`;
          const ranked = rankByGraphEvidence(candidates, context, {
            weight,
            keep: K,
            query: q.question,
            coMentions: co,
          });
          const r = score(q, chunksOf(ranked.ranking));
          const sum = row.sums.get(key) ?? { recall: 0, both: 0 };
          sum.recall += r.recall;
          sum.both += r.both;
          row.sums.set(key, sum);
        }
    }
  }
  const n = questions.length;
  rows.push({
    mode,
    what: 'search alone',
    recall: plain.recall / n,
    both: plain.both / n,
    p50: percentile(plain.ms, 50),
  });
  rows.push({
    mode,
    what: 'graph_context today (no re-ranking)',
    recall: plain.recall / n,
    both: plain.both / n,
    p50: percentile(plain.ctxMs, 50),
  });
  for (const [width, row] of byWidth) {
    const s = row.sums.get(`true|${WEIGHT}`);
    rows.push({
      mode,
      what: `graph-aware, width ${width}, w ${WEIGHT}`,
      recall: s.recall / n,
      both: s.both / n,
      p50: percentile(row.ms, 50),
      graphP50: percentile(row.graphMs, 50),
    });
    for (const co of [true, false])
      sweep.push({
        mode,
        width,
        co,
        cells: WEIGHTS.map((w) => row.sums.get(`${co}|${w}`)).map(
          (s) => `${f3(s.recall / n)} / ${f3(s.both / n)}`,
        ),
      });
  }
}
await stack.close();
await db.close();

// ---- report ----
console.log(
  `\n${QUESTIONS ?? 'HotpotQA dev'}: ${questions.length} questions, ${paragraphs.length} paragraphs → ${chunkCount} chunks in one sub-tenant; ` +
    `graph ${counts.entities} entities, ${counts.relations} relations (offline extractor); embedder \`${stack.embedder.modelId}\`; ` +
    `indexing ${indexSeconds.toFixed(1)} s. Top ${K}, alpha 0.8, one question at a time.\n`,
);
console.log(`| mode | ranking | recall@${K} | both in top ${K} | p50 ms | graph call p50 ms |`);
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.mode} | ${r.what} | ${f3(r.recall)} | ${f3(r.both)} | ${r.p50.toFixed(1)} | ${r.graphP50 === undefined ? '' : r.graphP50.toFixed(1)} |`,
  );
console.log(
  `\nrecall@${K} / both in top ${K} by weight w (co-mentions on paths counted as evidence, or not):\n`,
);
console.log(`| mode | width | co-mentions | ${WEIGHTS.map((w) => `w ${w}`).join(' | ')} |`);
console.log(`|---|---:|---|${WEIGHTS.map(() => '---:|').join('')}`);
for (const s of sweep)
  console.log(`| ${s.mode} | ${s.width} | ${s.co ? 'yes' : 'no'} | ${s.cells.join(' | ')} |`);
console.log(`\nnode ${process.version}, ${((performance.now() - started) / 1000).toFixed(1)} s in all.`);
const argsUsed = process.argv.slice(2).join(' ');
console.log(
  'Reproduce: node_modules/.bin/nx run @trove/domain-search:build && node_modules/.bin/nx run @trove/domain-graph:build && ' +
    `node bench/graph-ranking.bench.mjs${argsUsed ? ` ${argsUsed}` : ''}`,
);
