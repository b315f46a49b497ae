// The search engine alone, in a child process of bench/retrieval-speed.bench.mjs: the same
// SearchService, indexes, embedder and analyser as `standalone` builds (openSearchStores), from
// the compiled packages, without HTTP, the gateway, the transport or the memory service.
// Its own process, so its RSS is its own and its GC does not touch the HTTP client's timings.
//
// Driven over IPC ({ id, op, ...args } → { id, result } | { id, error }). Memories are generated
// here from (tenant, index) by speed-data.mjs, so the parent only names ranges, and chunked with
// @trove/text's chunkText exactly as the memory service does before it calls search.index.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import search from '@trove/domain-search';
import config from '@trove/platform-config';
import text from '@trove/text';
import database from '@trove/platform-database';
import { loadSentences, memoryAt } from './speed-data.mjs';

const {
  SearchService,
  SearchSettings,
  SqlChunkStore,
  openSearchStores,
  searchServiceOptions,
  fuse,
  candidateCount,
  DROPPED_WORD_WEIGHT,
} = search;

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
let engine;

async function open({ pgDir }) {
  const dir = mkdtempSync(join(tmpdir(), 'trove-speed-engine-'));
  // The brief's engine: chunk store on an in-memory PGlite unless asked for a directory (standalone
  // keeps it under DATA_DIR/postgres). Everything else as apps/standalone/src/standalone.app.ts
  // builds it, from the same settings read from the same environment, so that a new search
  // option (e.g. SEARCH_FEEDBACK_DOCS) reaches both sides.
  const settings = config.loadConfig(SearchSettings, process.env);
  const db = await database.PgliteDatabase.open(pgDir === 'disk' ? join(dir, 'postgres') : 'memory://');
  const chunks = new SqlChunkStore(db);
  await chunks.migrate();
  const {
    embedder,
    vectorIndex: vectors,
    keywordIndex: keywords,
  } = await openSearchStores(settings, join(dir, 'search'));
  const options = searchServiceOptions(settings);
  const spaces = search.openChunkSpaces(db, vectors, chunks, embedder, settings.MODELS_DIR);
  const service = new SearchService(embedder, vectors, keywords, chunks, spaces, options);
  engine = { dir, db, chunks, embedder, vectors, keywords, service, options, sentences: loadSentences() };
  return {
    modelId: embedder.modelId,
    dimension: embedder.dimension,
    pg: pgDir === 'disk' ? 'disk' : 'memory://',
    feedbackDocs: options.feedbackDocs ?? 0,
    feedbackWeight: options.feedbackWeight ?? 0,
    wordWeights: options.queryWordWeights !== false && embedder.weighsWords,
  };
}

/** What MemoryService.add hands search.index for one raw_text memory (no inference). */
function indexRequest(tenantId, memory) {
  const now = new Date().toISOString();
  const pieces = text.chunkText(memory.raw_text);
  return {
    tenant_id: tenantId,
    sub_tenant_id: tenantId,
    source: {
      source_id: memory.memory_id,
      source_type: 'memory',
      title: 'Memory',
      created_at: now,
      updated_at: now,
      document_metadata: { memory_id: memory.memory_id },
    },
    chunks: pieces.map((c, i) => ({
      chunk_uuid: `${memory.memory_id}_${i}`,
      position: i,
      text: c.text,
      start: c.start,
      kind: 'original',
    })),
  };
}

/**
 * Indexes memories [from, to) of a tenant `concurrency` at a time, each group in one indexMany call:
 * what the memory service sends when that many adds arrive together (its batches under the HTTP
 * load are smaller, as half the adds in flight wait for the batch being written).
 */
async function load({ tenantId, from, to, concurrency, chars }) {
  const start = process.hrtime.bigint();
  let chunkMs = 0;
  let chunks = 0;
  for (let first = from; first < to; first += concurrency) {
    const t = process.hrtime.bigint();
    const requests = [];
    for (let i = first; i < Math.min(to, first + concurrency); i++) {
      requests.push(indexRequest(tenantId, memoryAt(tenantId, i, engine.sentences, chars)));
    }
    chunkMs += ms(t);
    const { outcomes } = await engine.service.indexMany(requests);
    const failed = outcomes.find((outcome) => 'error' in outcome);
    if (failed) throw new Error(`indexMany: ${failed.error.code} ${failed.error.message}`);
    for (const request of requests) chunks += request.chunks.length;
  }
  return { chunks, ms: ms(start), chunkMs };
}

const scopeOf = (tenantId) => ({ tenantId, subTenantId: tenantId });

/** One SearchService.hybrid call, as the search service's message handler makes it. */
async function hybrid({ tenantId, query, alpha, maxChunks }) {
  const start = process.hrtime.bigint();
  const result = await engine.service.hybrid({
    tenant_id: tenantId,
    sub_tenant_id: tenantId,
    query,
    max_chunks: maxChunks,
    alpha,
    recency_bias: 0,
    num_related_chunks: 0,
    search_mode: 'memories',
  });
  return { ms: ms(start), ids: result.chunks.map((c) => c.chunk_uuid) };
}

/**
 * The parts of one hybrid query (alpha 0.8), each timed alone, in SearchService.hybrid's order:
 * keyword search first, then the feedback fetch (chunk store read of the best keyword hits), the
 * word weights (idf of every word of the query and hits, from the keyword index), the embedding
 * of the query and hits into one vector, the vector search, fusion and the final chunk read.
 */
async function parts({ tenantId, query, maxChunks }) {
  const scope = scopeOf(tenantId);
  const n = candidateCount(maxChunks);
  const filter = { kinds: ['memories:original', 'memories:inferred'] };
  const { embedder, options } = engine;
  const out = {};
  let t = process.hrtime.bigint();
  const keyword = await engine.keywords.search(scope, query, n, filter);
  out.keyword = ms(t);
  t = process.hrtime.bigint();
  const docs = options.feedbackDocs ?? 0;
  const records =
    docs > 0 && keyword.length > 0
      ? await engine.chunks.getMany(
          scope,
          keyword.slice(0, docs).map((h) => h.id),
        )
      : [];
  const texts = [query, ...records.map((r) => r.content)];
  out.feedback = ms(t);
  t = process.hrtime.bigint();
  let weights;
  if (options.queryWordWeights !== false && embedder.weighsWords) {
    const words = [...new Set(texts.flatMap((x) => embedder.wordsOf(x)))];
    const idf = await engine.keywords.idf(scope, words);
    if (idf.size > 0)
      weights = new Map(words.map((w) => [w, Math.max(DROPPED_WORD_WEIGHT, idf.get(w) ?? 0)]));
  }
  out.weights = ms(t);
  t = process.hrtime.bigint();
  const [vector, ...hits] = weights
    ? await embedder.embedWeighted(texts, weights)
    : [
        await embedder.embedQuery(query),
        ...(records.length ? await embedder.embedDocuments(texts.slice(1)) : []),
      ];
  const mixed = Float32Array.from(vector);
  const weight = (options.feedbackWeight ?? 1) / Math.max(1, hits.length);
  for (const v of hits) for (let i = 0; i < mixed.length; i++) mixed[i] += weight * v[i];
  out.embed = ms(t); // the index normalises the mixed vector
  t = process.hrtime.bigint();
  const semantic = await engine.vectors.search(scope, 'chunks', mixed, n, filter);
  out.vector = ms(t);
  t = process.hrtime.bigint();
  const fused = fuse({ keyword, semantic, alpha: 0.8 });
  out.fuse = ms(t);
  t = process.hrtime.bigint();
  await engine.chunks.getMany(
    scope,
    fused.map((s) => s.id),
  );
  out.getMany = ms(t);
  out.candidates = fused.length;
  return out;
}

function memory() {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
}

async function close() {
  await Promise.all([engine.vectors.close(), engine.keywords.close()]);
  await engine.db.close();
  rmSync(engine.dir, { recursive: true, force: true });
  return {};
}

/** Indexes given memories (the time-to-searchable probes), so both sides keep the same data. */
async function add({ tenantId, memories }) {
  for (const m of memories) await engine.service.indexChunks(indexRequest(tenantId, m));
  return {};
}

const ops = { open, load, add, hybrid, parts, memory, close };

process.on('message', async ({ id, op, args }) => {
  try {
    process.send({ id, result: await ops[op](args ?? {}) });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
