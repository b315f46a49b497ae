#!/usr/bin/env node
// Benchmark: does graph_context reach the second paragraph of a multi-hop question?
//
//   node_modules/.bin/nx run @trove/domain-graph:build && node bench/graph-hotpotqa.bench.mjs
//   (or `npm run bench -- graph-hotpotqa`, which builds everything first)
//   --questions bench/data/graph-bridge.jsonl: 30 bridge questions in the same shape, written
//   blind (without looking at the graph code) after the walk was tuned on HotpotQA's.
//
// Data: ../shared/data/hotpotqa-dev/questions.jsonl (read in place, never copied). Every context
// paragraph of every question is one source of one sub-tenant (the pooled setting: 500+
// paragraphs), extracted by the offline extractor into the embedded graph store (PGlite, in
// process). For each "bridge" question, graph context is built from the question alone (no
// search results, so nothing but the graph helps) and we check whether one of its query paths
// holds a relation read from the second supporting paragraph: the one whose title the question
// does not name (the paragraph a reader only finds through the first). Reported: that rate, the
// rate for either supporting paragraph, how many questions found no entity at all, and the time
// per question.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import graph from '@trove/domain-graph';
import database from '@trove/platform-database';

const { GraphContextBuilder, OfflineExtractor, SqlGraphStore } = graph;
const { PgliteDatabase } = database;
const option = process.argv.indexOf('--questions');
const FILE =
  option > 0
    ? resolve(process.argv[option + 1])
    : resolve(import.meta.dirname, '../../shared/data/hotpotqa-dev/questions.jsonl');

const questions = readFileSync(FILE, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
const paragraphs = new Map();
for (const q of questions)
  for (const [title, sentences] of q.context) paragraphs.set(title, sentences.join(''));
const ids = new Map([...paragraphs.keys()].map((title, i) => [title, `p${i}`]));

const db = await PgliteDatabase.open('memory://');
const store = new SqlGraphStore(db);
await store.migrate();
const extractor = new OfflineExtractor(process.argv.includes('--rules') ? { pairModel: null } : {});
const scope = { tenant_id: 'bench', sub_tenant_id: 'hotpotqa' };
const reference_time = new Date('2026-01-01T00:00:00Z');
const started = performance.now();
let relations = 0;
for (const [title, text] of paragraphs) {
  const id = ids.get(title);
  const { chunks } = await extractor.extract({ chunks: [{ chunk_id: `${id}_0`, text }], reference_time });
  relations += chunks[0].relations.length;
  await store.replaceSource(scope, id, chunks);
}
const buildSeconds = (performance.now() - started) / 1000;
const counts = await store.counts(scope);

const builder = new GraphContextBuilder(store);
const bridge = questions.filter((q) => q.type === 'bridge');
let second = 0;
let either = 0;
let noEntity = 0;
const times = [];
for (const q of bridge) {
  const titles = [...new Set(q.supporting_facts.map(([title]) => title))];
  const unnamed = titles.filter(
    (t) => !q.question.toLowerCase().includes(t.toLowerCase().replace(/ \(.*\)$/, '')),
  );
  const target = unnamed.length === 1 ? unnamed[0] : titles[1];
  const t0 = performance.now();
  const context = await builder.build(scope, q.question, []);
  times.push(performance.now() - t0);
  const sources = new Set(
    context.query_paths.flatMap((p) => p.triplets.map((t) => t.relation.chunk_id?.replace(/_0$/, ''))),
  );
  if (context.query_paths.length === 0) noEntity++;
  if (sources.has(ids.get(target))) second++;
  if (titles.some((t) => sources.has(ids.get(t)))) either++;
}
times.sort((a, b) => a - b);
const pct = (n) => `${((100 * n) / bridge.length).toFixed(1)}%`;
console.log(
  `\nGraph built from ${paragraphs.size} paragraphs in ${buildSeconds.toFixed(1)} s: ${counts.entities} entities, ${counts.relations} relations\n`,
);
console.log(
  '| bridge questions | path into the second paragraph | path into either supporting paragraph | no query path | context p50 ms |',
);
console.log('| ---: | ---: | ---: | ---: | ---: |');
console.log(
  `| ${bridge.length} | ${second} (${pct(second)}) | ${either} (${pct(either)}) | ${noEntity} | ${times[Math.floor(times.length / 2)].toFixed(1)} |`,
);
await db.close();
