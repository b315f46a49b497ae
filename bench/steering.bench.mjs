#!/usr/bin/env node
// Benchmark: does `extra_context` steer an ambiguous query to the meaning it names, both ways?
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node bench/steering.bench.mjs
//   options: --weights 0,0.5,1,1.5,2 (SEARCH_EXTRA_CONTEXT_WEIGHT values; 0 is no steering)
//            --personal-weights 0,0.15,0.3,0.5,0.7 (SEARCH_PERSONALISE_WEIGHT values)
//            --alpha 0.8 · --provider hashing (the offline fallback instead of the default model)
//
// Data: bench/data/steering.jsonl, 30 ambiguous queries (written before any steering code, by
// someone who had not seen it), each with two senses: a document answering the query in that
// sense, an extra_context a user might give for it (paraphrased, not copying the document's
// distinctive words) and four memories; bench/data/steering-distractors.jsonl, 20 documents near
// the topics answering none. Every document is one source of one sub-tenant, indexed by the real
// search stack in process (bench/lib/quality-stack.mjs). Per sense: hybrid search for the bare
// query with that sense's extra_context; "steered" counts the senses whose own document comes
// first, "both ways" the queries where each of its two contexts puts its own document first.
// Without a context one document comes first whichever sense is meant, so the bare query scores
// at most half of the senses. A context that outweighs its query would bring up a document of
// the context's topic that answers another question: counted when the first result is neither of
// the query's documents (a distractor or another query's). Also the time a context adds (p50).
// personalise_search: two users, each one sub-tenant with every document; user-0 holds the four
// memories of every query's first sense (120), user-1 the second's. Per query and user: the bare
// query, personalised; counted when the user's own sense's document comes first.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { argValue, openSearchStack, percentile } from './lib/quality-stack.mjs';

const read = (name) =>
  readFileSync(resolve(import.meta.dirname, 'data', name), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
const lines = read('steering.jsonl');
const distractors = read('steering-distractors.jsonl');
const WEIGHTS = argValue('weights', '0,0.5,1,1.5,2').split(',').map(Number);
const PERSONAL_WEIGHTS = argValue('personal-weights', '0,0.15,0.3,0.5,0.7').split(',').map(Number);
const ALPHA = Number(argValue('alpha', '0.8'));
const PROVIDER = argValue('provider', undefined);
// One sub-tenant per "user": user-0 holds every document and the memories of every query's first
// sense, user-1 the same documents and the second senses' memories (120 memories each, on 30 topics).
const users = [0, 1].map((i) => ({ tenant_id: 'steering', sub_tenant_id: `user-${i}` }));

const documents = [
  ...lines.flatMap((line) => line.senses.map((sense, i) => ({ id: `${line.id}-${i}`, ...sense.document }))),
  ...distractors.map((d, i) => ({ id: `distractor-${i}`, ...d })),
];
const pct = (n, of) => `${n}/${of} (${((100 * n) / of).toFixed(0)}%)`;

/**
 * One stack with these weights, measuring `what`: 'context' (extra_context, in user-0's
 * sub-tenant) or 'personal' (personalise_search, each user in their own). Both index the same.
 */
async function run(what, weight, personalWeight) {
  process.env.SEARCH_EXTRA_CONTEXT_WEIGHT = String(weight ?? 1);
  process.env.SEARCH_PERSONALISE_WEIGHT = String(personalWeight ?? 0.5);
  const stack = await openSearchStack(
    PROVIDER ? { embedderSettings: { EMBEDDINGS_PROVIDER: PROVIDER } } : {},
  );
  try {
    const now = new Date().toISOString();
    const index = (scope, id, title, text, source_type) =>
      stack.service.indexChunks({
        ...scope,
        source: { source_id: id, source_type, title, created_at: now, updated_at: now },
        chunks: [{ chunk_uuid: `${id}_0`, position: 0, start: 0, text, kind: 'original' }],
      });
    for (const [u, scope] of users.entries()) {
      for (const doc of documents)
        await index(scope, doc.id, doc.title, `${doc.title}\n${doc.text}`, 'document');
      for (const line of lines) {
        for (const [m, memory] of line.senses[u].memories.entries()) {
          await index(scope, `${line.id}-memory-${m}`, memory, memory, 'memory');
        }
      }
    }
    const search = async (query, extra_context, personalise = false, scope = users[0]) => {
      const started = performance.now();
      const result = await stack.service.hybrid({
        ...scope,
        query,
        personalise,
        max_chunks: 10,
        alpha: ALPHA,
        recency_bias: 0,
        num_related_chunks: 0,
        search_mode: 'sources',
        ...(extra_context ? { extra_context } : {}),
      });
      return { first: result.chunks[0]?.source_id, ms: performance.now() - started };
    };
    let steered = 0;
    let bothWays = 0;
    let bare = 0;
    let offQuery = 0;
    const plainMs = [];
    const steeredMs = [];
    let personal = 0;
    let personalBoth = 0;
    const personalMs = [];
    for (const line of lines) {
      const plain = await search(line.query);
      plainMs.push(plain.ms);
      if (what === 'personal') {
        let mine = 0;
        for (const [u, scope] of users.entries()) {
          const found = await search(line.query, undefined, true, scope);
          personalMs.push(found.ms);
          if (found.first === `${line.id}-${u}`) mine++;
        }
        personal += mine;
        if (mine === users.length) personalBoth++;
        continue;
      }
      let own = 0;
      for (const [i, sense] of line.senses.entries()) {
        const found = await search(line.query, sense.extra_context);
        steeredMs.push(found.ms);
        if (found.first === `${line.id}-${i}`) own++;
        if (!found.first?.startsWith(`${line.id}-`)) offQuery++;
        if (plain.first === `${line.id}-${i}`) bare++;
      }
      steered += own;
      if (own === line.senses.length) bothWays++;
    }
    return {
      weight,
      embedder: stack.embedder.modelId,
      senses: lines.length * 2,
      steered,
      bothWays,
      bare,
      offQuery,
      personal,
      personalBoth,
      personalP50: percentile(personalMs, 50),
      plainP50: percentile(plainMs, 50),
      steeredP50: percentile(steeredMs, 50),
    };
  } finally {
    await stack.close();
  }
}

const rows = [];
for (const weight of WEIGHTS) rows.push(await run('context', weight, undefined));
const personalRows = [];
for (const weight of PERSONAL_WEIGHTS)
  personalRows.push({ ...(await run('personal', undefined, weight)), weight });
console.log(
  `\n${lines.length} ambiguous queries × 2 senses, ${documents.length} documents in one sub-tenant, alpha ${ALPHA}, embedder ${rows[0]?.embedder}\n`,
);
console.log(
  "| SEARCH_EXTRA_CONTEXT_WEIGHT | own document first, with its context | both senses first, each with its context | bare query: the sense it happens to pick | with context, first is neither of the query's documents | search p50 bare / with context ms |",
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.weight} | ${pct(r.steered, r.senses)} | ${pct(r.bothWays, lines.length)} | ${pct(r.bare, r.senses)} | ${r.offQuery} | ${r.plainP50.toFixed(1)} / ${r.steeredP50.toFixed(1)} |`,
  );
}
console.log(
  "\npersonalise_search: user-0 holds the first senses' memories, user-1 the second's (extra_context weight 1)\n",
);
console.log(
  "| SEARCH_PERSONALISE_WEIGHT | own sense's document first, for its user | both users get their own | search p50 bare / personalised ms |",
);
console.log('| ---: | ---: | ---: | ---: |');
for (const r of personalRows) {
  console.log(
    `| ${r.weight} | ${pct(r.personal, r.senses)} | ${pct(r.personalBoth, lines.length)} | ${r.plainP50.toFixed(1)} / ${r.personalP50.toFixed(1)} |`,
  );
}
console.log(`\n${process.argv.slice(1).join(' ')}`);
