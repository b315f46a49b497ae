#!/usr/bin/env node
// What conversation context would buy memory retrieval on LoCoMo, and what it would cost
// memories that are not a conversation (issue 14: LoCoMo recall@10 ≥ 0.75). Not in the service:
// a measurement to decide on.
//
// LoCoMo dev (5 conversations, each turn a memory, as bench/quality-locomo.bench.mjs adds them),
// replayed in process: the real keyword index (BM25) and exact cosine over the model's vectors,
// fused as the memory service fuses (calibrated, alpha 0.5, relevant_only, top 10). Variants:
//   - the turn's vector blended with the previous turn's (normalise(own + g·prev)), ungated or
//     only when the two turns' cosine reaches a gate;
//   - the previous turn's text embedded with the turn's, alone or averaged with the turn's own;
//   - the previous turn's words added to the turn's keyword entry;
//   - query-time smoothing: a memory's fused score plus λ × its predecessor's;
//   - the memory service's lifts: a question's score lifts the other speaker's next turn (and a
//     turn the answer to a follow-up question about it), and a query naming one speaker lifts
//     that speaker's turns.
// Then the cost: the PARAPHRASES set of @trove/testing (independent first-person memories, added
// in list order), top-1 by cosine with each vector variant, where the "previous memory" is an
// unrelated one.
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node tools/fetch-model.mjs --all
//   node bench/locomo-context.bench.mjs [--model bge-small-en-v1.5-q|e5-small-v2-q]
import testing from '@trove/testing';
import memory from '@trove/domain-memory';
import { loadLocomo } from './lib/quality-data.mjs';
import { argValue, mapLimit, openSearchStack } from './lib/quality-stack.mjs';
import { f3, recallAt, reciprocalRank } from './lib/quality-metrics.mjs';
import { ExactCosine } from './lib/quality-bm25.mjs';

const MODEL = argValue('model', 'bge-small-en-v1.5-q');
const K = 10;
const N = 50; // the memory service asks search for max(50, 5 × max_count) chunks
const ALPHA = 0.5; // MEMORY_ALPHA's default
const started = performance.now();
const convs = loadLocomo();
const stack = await openSearchStack({
  embedderSettings: {
    EMBEDDINGS_PROVIDER: 'onnx',
    EMBEDDINGS_MODEL: MODEL,
    EMBEDDINGS_REQUIRE_MODEL: 'true',
  },
});
const { embedder } = stack;
const calibration = embedder.cosineCalibration;
const floor = embedder.relatedCosine;

const dot = (a, b) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
const normalise = (v) => {
  const n = Math.sqrt(dot(v, v));
  return v.map((x) => x / n);
};
const blend = (own, other, g) => normalise(own.map((x, i) => x + g * other[i]));
const embedAll = async (texts, query = false) => {
  const out = new Array(texts.length);
  await mapLimit([...texts.keys()], 8, async (i) => {
    out[i] = query ? await embedder.embedQuery(texts[i]) : (await embedder.embedDocuments([texts[i]]))[0];
  });
  return out;
};
const withoutHeader = (text) => text.replace(/^\[[^\]]*\] /, '');

// Every turn in conversation order; turns[j - 1] is the previous turn when x.i > 0.
const turns = convs.flatMap((c) => c.turns.map((t, i) => ({ c, t, i })));
const qas = convs.flatMap((c) => c.qa.map((qa) => ({ c, qa })));
const own = await embedAll(turns.map((x) => x.t.text));
const queries = await embedAll(
  qas.map((x) => x.qa.question),
  true,
);

/** Keyword hits and idf mass per question, from a keyword index of `textOf(turn)` per turn. */
async function keywordLists(name, textOf) {
  for (const c of convs)
    await stack.keywords.upsert(
      { tenantId: name, subTenantId: c.id },
      turns
        .filter((x) => x.c === c)
        .map((x) => ({ id: x.t.diaId, sourceId: x.t.diaId, kind: 'original', text: textOf(x) })),
    );
  const lists = [];
  for (const { c, qa } of qas) {
    const scope = { tenantId: name, subTenantId: c.id };
    const hits = await stack.keywords.search(scope, qa.question, N, {});
    const words = [...new Set(qa.question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
    let mass = 0;
    for (const idf of (await stack.keywords.idf(scope, words)).values()) mass += idf;
    lists.push({ hits, mass });
  }
  return lists;
}

const byConversation = (vectors) =>
  new Map(
    convs.map((c) => {
      const mine = turns.flatMap((x, j) => (x.c === c ? [j] : []));
      return [
        c.id,
        new ExactCosine(
          mine.map((j) => turns[j].t.diaId),
          mine.map((j) => vectors[j]),
        ),
      ];
    }),
  );

/** recall@10 and MRR (overall, per category) of the memory service's fusion over these lists. */
function evaluate(vectorIndex, keyword, { smooth = 0, reply = 0, speakers = 0 } = {}) {
  const sem = (cos) => 1 / (1 + Math.exp(-(cos - calibration.mid) / calibration.scale));
  const kw = (bm25, mass) => (mass > 0 ? 1 - Math.exp(-bm25 / mass) : 0);
  let recall = 0;
  let mrr = 0;
  const byCategory = new Map();
  qas.forEach(({ c, qa }, q) => {
    const semantic = vectorIndex.get(c.id).search(queries[q], N);
    const cosine = new Map(semantic.map((h) => [h.id, h.score]));
    const below = semantic.length ? sem(semantic[semantic.length - 1].score) : 0;
    const fused = new Map(semantic.map((h) => [h.id, ALPHA * sem(h.score)]));
    const matched = new Set();
    for (const h of keyword[q].hits) {
      matched.add(h.id);
      fused.set(h.id, (fused.get(h.id) ?? ALPHA * below) + (1 - ALPHA) * kw(h.score, keyword[q].mass));
    }
    for (const id of [...fused.keys()])
      if (!matched.has(id) && !((cosine.get(id) ?? -1) >= floor)) fused.delete(id);
    let scored = fused;
    // The memory service's own lifts (@trove/domain-memory: liftReplies, liftNamedSpeakers), on
    // the turns as memories, in conversation order.
    if (reply > 0 || speakers > 0) {
      const position = new Map(c.turns.map((t, i) => [t.diaId, i]));
      const asMemory = (t) => ({ memory_id: t.diaId, content: t.text, user_name: t.speaker });
      const memories = new Map(c.turns.map((t) => [t.diaId, asMemory(t)]));
      const after = new Map(
        [...fused.keys()].map((id) => [
          id,
          c.turns.slice(position.get(id) + 1, position.get(id) + 1 + memory.THREAD_LENGTH).map(asMemory),
        ]),
      );
      scored = memory.liftReplies(fused, memories, after, reply).scores;
      scored = memory.liftNamedSpeakers(scored, memories, qa.question, speakers);
    }
    if (smooth > 0) {
      const position = new Map(c.turns.map((t, i) => [t.diaId, i]));
      scored = new Map();
      const ids = new Set(fused.keys());
      for (const id of fused.keys()) {
        const next = c.turns[position.get(id) + 1];
        if (next) ids.add(next.diaId);
      }
      for (const id of ids) {
        const previous = c.turns[position.get(id) - 1];
        scored.set(id, (fused.get(id) ?? 0) + smooth * (previous ? (fused.get(previous.diaId) ?? 0) : 0));
      }
    }
    const ranked = [...scored].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    const relevant = new Set(qa.evidence);
    const r = recallAt(ranked, relevant, K);
    recall += r;
    mrr += reciprocalRank(ranked, relevant, K);
    const e = byCategory.get(qa.category) ?? { r: 0, n: 0 };
    e.r += r;
    e.n++;
    byCategory.set(qa.category, e);
  });
  return {
    recall: recall / qas.length,
    mrr: mrr / qas.length,
    categories: [1, 2, 3, 4].map((k) => byCategory.get(k).r / byCategory.get(k).n),
  };
}

const previousOf = (j) => (turns[j].i > 0 ? j - 1 : -1);
const gated = (gate, g) =>
  own.map((v, j) => {
    const p = previousOf(j);
    return p >= 0 && dot(v, own[p]) >= gate ? blend(v, own[p], g) : v;
  });
const contextText = (j) =>
  (previousOf(j) >= 0 ? `${withoutHeader(turns[j - 1].t.text)}\n` : '') + turns[j].t.text;
const withContext = await embedAll(turns.map((_, j) => contextText(j)));

const plainKeywords = await keywordLists('plain', (x) => x.t.text);
const contextKeywords = await keywordLists('context', (x) =>
  x.i > 0 ? `${withoutHeader(x.c.turns[x.i - 1].text)} ${x.t.text}` : x.t.text,
);
const ownIndex = byConversation(own);
const rows = [
  ['own vector, own words (the service before the reply lift)', ownIndex, plainKeywords],
  ['vector + 0.5 × previous turn’s', byConversation(gated(-1, 0.5)), plainKeywords],
  ['vector + 1 × previous turn’s', byConversation(gated(-1, 1)), plainKeywords],
  ['vector + 0.5 × previous, only at cosine ≥ 0.65', byConversation(gated(0.65, 0.5)), plainKeywords],
  ['previous turn’s text embedded with the turn', byConversation(withContext), plainKeywords],
  [
    'mean of own and with-previous vectors',
    byConversation(own.map((v, j) => normalise(v.map((x, i) => x + withContext[j][i])))),
    plainKeywords,
  ],
  ['previous turn’s words in the keyword entry', ownIndex, contextKeywords],
  ['previous words + vector 0.5 × previous at ≥ 0.65', byConversation(gated(0.65, 0.5)), contextKeywords],
];
console.log(
  `LoCoMo dev, ${embedder.modelId}: ${turns.length} turns, ${qas.length} questions; memory fusion at alpha ${ALPHA}, relevant_only, top ${K}.\n`,
);
console.log('| variant | R@10 | MRR | cat 1 | cat 2 | cat 3 | cat 4 |\n|---|---:|---:|---:|---:|---:|---:|');
const row = (name, r) =>
  console.log(`| ${name} | ${f3(r.recall)} | ${f3(r.mrr)} | ${r.categories.map(f3).join(' | ')} |`);
for (const [name, index, keyword] of rows) row(name, evaluate(index, keyword));
for (const reply of [0.3, 0.5, 0.7])
  row(`replies and follow-up answers lifted, weight ${reply}`, evaluate(ownIndex, plainKeywords, { reply }));
for (const speakers of [0.1, 0.2, 0.3])
  row(
    `the speakers the query names lifted, weight ${speakers}`,
    evaluate(ownIndex, plainKeywords, { speakers }),
  );
row(
  'reply 0.5 + speakers 0.2 (the service today)',
  evaluate(ownIndex, plainKeywords, { reply: 0.5, speakers: 0.2 }),
);
row(
  'reply lift 0.5 + previous words + vector 0.5 × previous at ≥ 0.65',
  evaluate(byConversation(gated(0.65, 0.5)), contextKeywords, { reply: 0.5 }),
);
for (const smooth of [0.2, 0.3])
  row(`query time: + ${smooth} × predecessor’s score`, evaluate(ownIndex, plainKeywords, { smooth }));

const consecutive = turns.flatMap((x, j) => (x.i > 0 ? [dot(own[j], own[j - 1])] : [])).sort((a, b) => a - b);
const at = (xs, p) => f3(xs[Math.floor(p * (xs.length - 1))]);

// The cost: independent memories, each with an unrelated "previous" one.
const pairs = testing.PARAPHRASES;
const memories = await embedAll(pairs.map((p) => p.memory));
const questions = await embedAll(
  pairs.map((p) => p.question),
  true,
);
const memoryContext = await embedAll(pairs.map((p, i) => (i ? `${pairs[i - 1].memory}\n` : '') + p.memory));
const top1 = (vectors) =>
  questions.filter((q, i) => {
    let best = 0;
    vectors.forEach((v, j) => {
      if (dot(q, v) > dot(q, vectors[best])) best = j;
    });
    return best === i;
  }).length;
const gatedPairs = (gate, g) =>
  memories.map((v, i) => (i && dot(v, memories[i - 1]) >= gate ? blend(v, memories[i - 1], g) : v));
const pairCos = memories
  .slice(1)
  .map((v, i) => dot(v, memories[i]))
  .sort((a, b) => a - b);
console.log(
  `\nCosine of consecutive memories: LoCoMo turns p10 ${at(consecutive, 0.1)} / p50 ${at(consecutive, 0.5)}; ` +
    `paraphrase memories (unrelated) p50 ${at(pairCos, 0.5)} / max ${at(pairCos, 1)}.`,
);
console.log(`\nParaphrase set (${pairs.length} independent memories), top-1 by cosine:\n`);
console.log('| vectors | top-1 |\n|---|---:|');
for (const [name, vectors] of [
  ['own', memories],
  ['+ 0.5 × previous', gatedPairs(-1, 0.5)],
  ['+ 1 × previous', gatedPairs(-1, 1)],
  ['+ 0.5 × previous at cosine ≥ 0.65', gatedPairs(0.65, 0.5)],
  ['previous text embedded with it', memoryContext],
  [
    'mean of own and with-previous',
    memories.map((v, j) => normalise(v.map((x, i) => x + memoryContext[j][i]))),
  ],
])
  console.log(`| ${name} | ${top1(vectors)}/${pairs.length} |`);

await stack.close();
console.log(
  `\n${((performance.now() - started) / 1000).toFixed(0)} s. Reproduce: node bench/locomo-context.bench.mjs${MODEL === 'bge-small-en-v1.5-q' ? '' : ` --model ${MODEL}`}`,
);
