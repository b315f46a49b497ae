#!/usr/bin/env node
// Memory retrieval quality through the HTTP memory API on LoCoMo (the 5 dev conversations):
// evidence recall@10 and MRR over the questions of categories 1–4, with infer false and true,
// at MEMORY_ALPHA 0 (keyword only), 0.3, 0.5 (the memory service's default) and 0.8, each with a
// conversation's lifts (--lifts): `none` (MEMORY_REPLY_WEIGHT and MEMORY_SPEAKER_WEIGHT 0), `replies`
// (a question's reply, 0.5), `speakers` (a speaker the query names, 0.2), `both` (the defaults).
// Default: none,both.
//
// Per configuration, one standalone (startStandalone from @trove/testing, its own temp data dir)
// with MEMORY_ALPHA set; an owner key and a tenant; each conversation in its own sub-tenant; each
// turn one memory: memory_id = dia_id, raw_text "[<session date>] <speaker>: <text>" (plus
// " (shares an image: <blip_caption>)"), user_name = speaker. Each question is
// POST /user_memory/retrieve_user_memory?tenant_id&sub_tenant_id&max_count=10 {query}; recall@10 =
// share of its evidence dia_ids among the returned memory_ids, MRR = 1 / rank of the first.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/quality-locomo.bench.mjs                        (≈ 8 min: 8 HTTP runs, then --explore)
//   node bench/quality-locomo.bench.mjs --alphas 0.5 --infer false --convs 1   (a quick run)
//   node bench/quality-locomo.bench.mjs --no-explore
//   node bench/quality-locomo.bench.mjs --conversations bench/data/conversations-blind.json --no-explore
//        (conversations written blind, in loadConversations' shape)
//
// --explore (on by default) replays memory retrieval in process on the real search stack (the
// memory service's exact request: max_chunks 50, relevant_only, best chunk per memory, top 10), checks it against
// the HTTP numbers, then prototypes other fusion normalisations, RM3 and larger hashing dimensions.
import { performance } from 'node:perf_hooks';
import testing from '@trove/testing';
import text from '@trove/text';
import embeddings from '@trove/embeddings';
import memory from '@trove/domain-memory';
import search from '@trove/domain-search';
import { loadConversations, loadLocomo } from './lib/quality-data.mjs';
import { argValue, hasFlag, mapLimit, openSearchStack, percentile } from './lib/quality-stack.mjs';
import {
  dedupe,
  f3,
  fuseWith,
  identity,
  maxOnly,
  minMax,
  rrf,
  recallAt,
  reciprocalRank,
  zScore,
} from './lib/quality-metrics.mjs';
import { ExactCosine, PrototypeBm25 } from './lib/quality-bm25.mjs';

const { ApiClient, startStandalone } = testing;
const ALPHAS = argValue('alphas', '0,0.3,0.5,0.8').split(',').map(Number);
const LIFTS = new Map([
  ['none', { MEMORY_REPLY_WEIGHT: '0', MEMORY_SPEAKER_WEIGHT: '0' }],
  ['replies', { MEMORY_REPLY_WEIGHT: '0.5', MEMORY_SPEAKER_WEIGHT: '0' }],
  ['speakers', { MEMORY_REPLY_WEIGHT: '0', MEMORY_SPEAKER_WEIGHT: '0.2' }],
  ['both', { MEMORY_REPLY_WEIGHT: '0.5', MEMORY_SPEAKER_WEIGHT: '0.2' }],
]);
const LIFT_NAMES = argValue('lifts', 'none,both').split(',');
for (const name of LIFT_NAMES) if (!LIFTS.has(name)) throw new Error(`--lifts: unknown ${name}`);
const INFERS = { both: [false, true], false: [false], true: [true] }[argValue('infer', 'both')];
const CONVS = Number(argValue('convs', '0'));
const EXPLORE = !hasFlag('no-explore');
const K = 10;
const TENANT = 'locomo';

const started = performance.now();
const CONVERSATIONS = argValue('conversations', undefined);
const allConvs = CONVERSATIONS ? loadConversations(CONVERSATIONS) : loadLocomo();
const convs = CONVS > 0 ? allConvs.slice(0, CONVS) : allConvs;
const turnCount = convs.reduce((n, c) => n + c.turns.length, 0);
const qaCount = convs.reduce((n, c) => n + c.qa.length, 0);

/** recall@10 and MRR of per-question ranked memory ids, overall and by category. */
function score(results) {
  const by = new Map();
  const add = (key, r, rr) => {
    const e = by.get(key) ?? { n: 0, recall: 0, mrr: 0 };
    e.n++;
    e.recall += r;
    e.mrr += rr;
    by.set(key, e);
  };
  for (const { qa, ids } of results) {
    const relevant = new Set(qa.evidence);
    const r = recallAt(ids, relevant, K);
    const rr = reciprocalRank(ids, relevant, K);
    add('all', r, rr);
    add(qa.category, r, rr);
  }
  const out = {};
  for (const [key, e] of by) out[key] = { recall: e.recall / e.n, mrr: e.mrr / e.n, n: e.n };
  return out;
}

async function httpRun(alpha, infer, lift) {
  const rig = await startStandalone({
    env: { MEMORY_ALPHA: String(alpha), ...LIFTS.get(lift), LOG_LEVEL: 'warn' },
  });
  try {
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const created = await admin.post('/api-keys/create_api_key', { json: { owner: 'quality' } });
    const api = admin.withKey(created.body.full_api_key);
    const tenant = await api.post('/tenants/create', { json: { tenant_id: TENANT } });
    if (tenant.status !== 200)
      throw new Error(`tenant create: ${tenant.status} ${JSON.stringify(tenant.body)}`);
    const t0 = performance.now();
    // A chat adds its turns as they are said: one conversation's in order (a reply is the memory
    // saved after its question), the conversations side by side.
    await mapLimit(convs, convs.length, async (conv) => {
      for (const turn of conv.turns) {
        const res = await api.post('/user_memory/add_user_memory', {
          json: {
            tenant_id: TENANT,
            sub_tenant_id: conv.id,
            memory_id: turn.diaId,
            raw_text: turn.text,
            user_name: turn.speaker,
            infer,
          },
        });
        if (res.status !== 200)
          throw new Error(`add ${conv.id}/${turn.diaId}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    });
    const addSeconds = (performance.now() - t0) / 1000;
    const latencies = [];
    const results = [];
    for (const conv of convs) {
      for (const qa of conv.qa) {
        const q0 = performance.now();
        const res = await api.post('/user_memory/retrieve_user_memory', {
          query: { tenant_id: TENANT, sub_tenant_id: conv.id, max_count: K },
          json: { query: qa.question },
        });
        latencies.push(performance.now() - q0);
        if (res.status !== 200) throw new Error(`retrieve: ${res.status} ${JSON.stringify(res.body)}`);
        results.push({ qa, ids: res.body.user_memories.map((m) => m.memory_id) });
      }
    }
    return {
      alpha,
      infer,
      lift,
      ...score(results),
      addRate: turnCount / addSeconds,
      addSeconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
    };
  } catch (error) {
    console.error(rig.output());
    throw error;
  } finally {
    await rig.dispose();
  }
}

console.log(
  `${CONVERSATIONS ?? 'LoCoMo dev'}: ${convs.length} conversations, ${turnCount} turns (memories), ${qaCount} questions of categories 1–4 ` +
    `with evidence; retrieve max_count=${K}; each conversation's turns added in order, ${convs.length} conversations side by side.\n`,
);
const rows = [];
for (const infer of INFERS)
  for (const alpha of ALPHAS) for (const lift of LIFT_NAMES) rows.push(await httpRun(alpha, infer, lift));
const cats = [1, 2, 3, 4];
console.log(
  `| infer | MEMORY_ALPHA | lifts | recall@10 | MRR | ${cats.map((c) => `R@10 cat ${c}`).join(' | ')} | add memories/s | retrieve p50 ms | p95 ms |`,
);
console.log(`|---|---|---:|---:|---:|${cats.map(() => '---:|').join('')}---:|---:|---:|`);
for (const r of rows) {
  const a = r.alpha === 0 ? '0 (keyword only)' : r.alpha === 0.5 ? '0.5 (default)' : String(r.alpha);
  console.log(
    `| ${r.infer} | ${a} | ${r.lift} | ${f3(r.all.recall)} | ${f3(r.all.mrr)} | ${cats.map((c) => (r[c] ? `${f3(r[c].recall)} (${r[c].n})` : '–')).join(' | ')} | ` +
      `${Math.round(r.addRate)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
  );
}

if (EXPLORE) await explore();
console.log(`\nnode ${process.version}, ${((performance.now() - started) / 1000).toFixed(0)} s in all.`);
const argsUsed = process.argv.slice(2).join(' ');
console.log(
  `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/quality-locomo.bench.mjs${argsUsed ? ` ${argsUsed}` : ''}`,
);

// ---------------------------------------------------------------------------------------------
async function explore() {
  const t0 = performance.now();
  console.log('\n### Explore: memory retrieval replayed in process\n');
  const maxChunks = Math.min(1001, Math.max(50, K * 5)); // memory.service.ts retrieve()
  const n = search.candidateCount(maxChunks);
  for (const infer of INFERS) {
    const stack = await openSearchStack();
    const texts = new Map(); // chunk id → text
    const now = new Date();
    for (const conv of convs) {
      await mapLimit(conv.turns, 8, async (turn) => {
        const originals = text.chunkText(turn.text);
        const inferred = infer
          ? memory
              .inferStatements({ raw_text: turn.text, user_name: turn.speaker, reference_time: now })
              .map((s) => s.text)
          : [];
        const chunks = [
          ...originals.map((c, i) => ({
            chunk_uuid: `${turn.diaId}_${i}`,
            position: i,
            text: c.text,
            start: c.start,
            kind: 'original',
          })),
          ...inferred.map((t, i) => ({
            chunk_uuid: `${turn.diaId}_inferred_${i}`,
            position: originals.length + i,
            text: t,
            start: 0,
            kind: 'inferred',
          })),
        ];
        for (const c of chunks) texts.set(`${conv.id}/${c.chunk_uuid}`, c.text);
        await stack.service.indexChunks({
          tenant_id: TENANT,
          sub_tenant_id: conv.id,
          source: {
            source_id: turn.diaId,
            source_type: 'memory',
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          },
          chunks,
        });
      });
    }
    // Raw lists per question, as SearchService.hybrid asks for them.
    const questions = [];
    for (const conv of convs) {
      const scope = { tenantId: TENANT, subTenantId: conv.id };
      for (const qa of conv.qa) {
        questions.push({
          conv,
          qa,
          kw: await stack.keywordHits(scope, qa.question, n, 'memories'),
          sem: await stack.semanticHits(scope, qa.question, n, 'memories'),
        });
      }
    }
    const memoryOf = (chunkId) => chunkId.replace(/_(inferred_)?\d+$/, '');
    // Memory retrieval asks for relevant_only (search.service.ts relevant()): a candidate stays
    // when it matched a keyword or its cosine reaches the embedder's relatedCosine.
    const floor = stack.embedder.relatedCosine;
    const relevantOnly = (fused, kw, sem) => {
      const matched = new Set(kw.map((h) => h.id));
      const cosine = new Map(sem.map((h) => [h.id, h.score]));
      return fused.filter(
        (h) => matched.has(h.id) || (floor !== undefined && (cosine.get(h.id) ?? -1) >= floor),
      );
    };
    const evalFused = (alpha, semNorm, kwNorm, kwOf = (q) => q.kw, semOf = (q) => q.sem) =>
      score(
        questions.map((q) => ({
          qa: q.qa,
          ids: dedupe(
            relevantOnly(fuseWith(semOf(q), kwOf(q), alpha, semNorm, kwNorm), kwOf(q), semOf(q))
              .slice(0, maxChunks)
              .map((h) => h.id),
            memoryOf,
          ).slice(0, K),
        })),
      ).all;
    const cell = (r) => `${f3(r.recall)} / ${f3(r.mrr)}`;
    const http = rows.filter((r) => r.infer === infer);
    console.log(
      `infer ${infer}: the replay with min-max reproduces HTTP: ` +
        http
          .map(
            (r) => `α ${r.alpha} ${f3(evalFused(r.alpha, minMax, minMax).recall)} (HTTP ${f3(r.all.recall)})`,
          )
          .join(', ') +
        '.\n',
    );
    const norms = [
      ['min-max both (the library)', minMax, minMax],
      ['z-score both', zScore, zScore],
      ['weighted RRF (k 60)', rrf(60), rrf(60)],
      ['semantic raw cosine, keyword min-max', identity, minMax],
      ['semantic raw cosine, keyword ÷ max', identity, maxOnly],
    ];
    const alphas = [0.3, 0.5, 0.8];
    console.log(
      `| infer ${infer}: fusion normalisation | ${alphas.map((a) => `α ${a} R@10 / MRR`).join(' | ')} |`,
    );
    console.log(`|---|${alphas.map(() => '---:|').join('')}`);
    for (const [name, sn, kn] of norms)
      console.log(`| ${name} | ${alphas.map((a) => cell(evalFused(a, sn, kn))).join(' | ')} |`);

    // Keyword and embedder variants, per conversation (each sub-tenant is its own index).
    const byConv = new Map(
      convs.map((c) => [c.id, [...texts.keys()].filter((id) => id.startsWith(`${c.id}/`))]),
    );
    const bm25s = new Map(
      convs.map((c) => [
        c.id,
        new PrototypeBm25(
          byConv
            .get(c.id)
            .map((id) => ({ id: id.slice(c.id.length + 1), terms: text.analyze(texts.get(id)) })),
        ),
      ]),
    );
    const rm3Lists = questions.map((q) => bm25s.get(q.conv.id).rm3(text.analyze(q.qa.question), n));
    const rm3 = (q) => rm3Lists[questions.indexOf(q)];
    console.log(
      `\n| infer ${infer}: variant | kw alone R@10 / MRR | α 0.5 min-max | α 0.8 min-max | α 0.5 sem cos + kw ÷ max | α 0.8 sem cos + kw ÷ max |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    const variantRow = (name, kwOf, semOf) =>
      console.log(
        `| ${name} | ${cell(evalFused(0, minMax, minMax, kwOf, semOf))} | ${cell(evalFused(0.5, minMax, minMax, kwOf, semOf))} | ` +
          `${cell(evalFused(0.8, minMax, minMax, kwOf, semOf))} | ${cell(evalFused(0.5, identity, maxOnly, kwOf, semOf))} | ` +
          `${cell(evalFused(0.8, identity, maxOnly, kwOf, semOf))} |`,
      );
    variantRow(
      'index BM25 + 1024-d hashing (the default)',
      (q) => q.kw,
      (q) => q.sem,
    );
    variantRow('BM25 + RM3 (10, 10, 0.5)', rm3, (q) => q.sem);
    for (const dimension of [2048, 4096]) {
      const embedder = new embeddings.NgramHashingEmbedder({ dimension });
      const exact = new Map();
      for (const c of convs) {
        const ids = byConv.get(c.id);
        exact.set(
          c.id,
          new ExactCosine(
            ids.map((id) => id.slice(c.id.length + 1)),
            await embedder.embedDocuments(ids.map((id) => texts.get(id))),
          ),
        );
      }
      const semLists = [];
      for (const q of questions)
        semLists.push(exact.get(q.conv.id).search(await embedder.embedQuery(q.qa.question), n));
      const semOf = (q) => semLists[questions.indexOf(q)];
      variantRow(`hashing ${dimension}-d (exact cosine)`, (q) => q.kw, semOf);
      variantRow(`hashing ${dimension}-d + RM3`, rm3, semOf);
    }
    console.log('');
    await stack.close();
  }
  console.log(`Explore part: ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
}
