#!/usr/bin/env node
// Benchmark: the Elasticsearch keyword adapter against the embedded keyword index, in one run, on
// BEIR SciFact (train split): the same documents through the same analyser (@trove/text), BM25
// in each engine. Reports nDCG@10 and recall@100 of each, how often their top 10 agree, bulk
// indexing speed (batches of 256 documents) and query latency.
//
//   bash tools/ensure-elasticsearch.sh        (a real Elasticsearch 8.19 from Maven Central)
//   nx run-many -t build && node bench/elasticsearch-parity.bench.mjs [--queries N]
//   ELASTICSEARCH_URL (default http://127.0.0.1:9200)
//
// Each SciFact document is one keyword document: title, blank line, abstract.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from '@elastic/elasticsearch';
import text from '@trove/text';
import search from '@trove/domain-search';
import { loadSciFact } from './lib/quality-data.mjs';
import { f3, ndcgAt, recallAt } from './lib/quality-metrics.mjs';

const { values } = parseArgs({ options: { queries: { type: 'string' } } });
const url = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const BATCH = 256;
const ANALYZER = 'trove-text-v1';

const data = loadSciFact();
const queries = values.queries ? data.queries.slice(0, Number(values.queries)) : data.queries;
const docs = data.docs.map((d) => ({
  id: d.id,
  sourceId: d.id,
  kind: 'chunk',
  text: `${d.title}\n\n${d.text}`,
}));
const scope = { tenantId: `bench-${randomUUID().slice(0, 8)}`, subTenantId: 'scifact' };
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// Analysis is the same work for both engines; do it once up front and time it on its own, so the
// bulk figures are the engines' own cost.
let started = performance.now();
const analysed = new Map(docs.map((d) => [d.text, text.analyze(d.text)]));
const analyseMs = performance.now() - started;
const analysis = {
  analyze: (value) => analysed.get(value) ?? text.analyze(value),
  analyzerId: ANALYZER,
};

const client = new Client({ node: url });
const indexName = `trove-keywords-bench-${randomUUID()}`;
const directory = mkdtempSync(join(tmpdir(), 'es-parity-'));
const engines = [
  ['embedded', await search.EmbeddedKeywordIndex.open({ directory, ...analysis })],
  ['elasticsearch', new search.ElasticsearchKeywordIndex({ client, index: indexName, ...analysis })],
];

console.log(
  `SciFact train: ${docs.length} documents, ${queries.length} queries; Elasticsearch at ${url}` +
    ` (${(await client.info()).version.number}); analysis ${Math.round(analyseMs)} ms (${Math.round((docs.length / analyseMs) * 1000)} docs/s, not counted below)`,
);

const results = new Map();
for (const [name, index] of engines) {
  started = performance.now();
  for (let at = 0; at < docs.length; at += BATCH) await index.upsert(scope, docs.slice(at, at + BATCH));
  const bulkMs = performance.now() - started;
  const lists = [];
  const latencies = [];
  for (const query of queries) {
    const t0 = performance.now();
    lists.push((await index.search(scope, query.text, 100)).map((hit) => hit.id));
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const mean = (f) =>
    queries.reduce((sum, q, i) => sum + f(lists[i], data.qrels.get(q.id)), 0) / queries.length;
  results.set(name, {
    lists,
    ndcg: mean((ranked, relevant) => ndcgAt(ranked, relevant, 10)),
    recall: mean((ranked, relevant) => recallAt(ranked, relevant, 100)),
    docsPerSecond: (docs.length / bulkMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  });
}

const [embedded, elastic] = [results.get('embedded'), results.get('elasticsearch')];
let sameTop10 = 0;
let sameFirst = 0;
for (let i = 0; i < queries.length; i++) {
  const [a, b] = [embedded.lists[i].slice(0, 10), elastic.lists[i].slice(0, 10)];
  if (a.length === b.length && a.every((id) => b.includes(id))) sameTop10++;
  if (a[0] === b[0]) sameFirst++;
}

console.log(
  '\n| engine | nDCG@10 | recall@100 | bulk docs/s (batches of 256, refresh wait_for) | query p50 / p99 ms (k 100) |',
);
console.log('|---|---|---|---|---|');
for (const [name, r] of results) {
  console.log(
    `| ${name} | ${f3(r.ndcg)} | ${f3(r.recall)} | ${Math.round(r.docsPerSecond)} | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} |`,
  );
}
console.log(
  `\nnDCG@10 difference (elasticsearch − embedded): ${(elastic.ndcg - embedded.ndcg).toFixed(4)}; ` +
    `same top-10 set for ${sameTop10}/${queries.length} queries, same first hit for ${sameFirst}/${queries.length}`,
);

for (const [, index] of engines) await index.close();
await client.indices.delete({ index: indexName, ignore_unavailable: true });
await client.close();
rmSync(directory, { recursive: true, force: true });
