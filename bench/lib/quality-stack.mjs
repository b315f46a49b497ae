// The real search stack, in process, from the compiled packages, for the quality benchmarks
// (bench/quality-scifact.bench.mjs, bench/quality-locomo.bench.mjs): SearchService over a
// SqlChunkStore on in-memory PGlite, the embedded usearch vector index and the embedded BM25
// keyword index in a temporary directory, and the default embedder. Nothing is kept afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import search from '@trove/domain-search';
import embeddings from '@trove/embeddings';
import text from '@trove/text';
import database from '@trove/platform-database';
import config from '@trove/platform-config';

const {
  SearchService,
  SearchSettings,
  SqlChunkStore,
  UsearchVectorIndex,
  EmbeddedKeywordIndex,
  indexKind,
  searchServiceOptions,
} = search;

/**
 * Opens the stack. `embedderSettings` go to createEmbedder (empty: the service's own embedding
 * settings, SearchSettings read from the environment, as the apps build them);
 * `embedderLog(level, message)`, when given, is told what createEmbedder reports (resolving a
 * model, falling back to hashing). Returns the service and the parts it is made of, so benchmarks
 * can also query each index alone.
 */
export async function openSearchStack({ embedderSettings = {}, embedderLog, defaultAlpha = 0.8 } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'trove-quality-'));
  const settings = config.loadConfig(SearchSettings, process.env);
  const db = await database.PgliteDatabase.open('memory://');
  const chunks = new SqlChunkStore(db);
  await chunks.migrate();
  const configured =
    Object.keys(embedderSettings).length > 0
      ? embedderSettings
      : {
          EMBEDDINGS_PROVIDER: settings.EMBEDDINGS_PROVIDER,
          EMBEDDINGS_MODEL: settings.EMBEDDINGS_MODEL,
          EMBEDDINGS_MODEL_DIR: settings.EMBEDDINGS_MODEL_DIR,
          EMBEDDINGS_THREADS: settings.EMBEDDINGS_THREADS,
          EMBEDDINGS_PROCESSES: settings.EMBEDDINGS_PROCESSES,
          MODELS_DIR: settings.MODELS_DIR,
        };
  const embedder = await embeddings.createEmbedder(configured, embedderLog ? { log: embedderLog } : {});
  const vectors = new UsearchVectorIndex({ dataDir: join(directory, 'vectors') });
  const keywords = await EmbeddedKeywordIndex.open({
    directory: join(directory, 'keywords'),
    analyze: text.analyze,
    analyzerId: 'trove-text-v1',
  });
  const spaces = search.openChunkSpaces(db, vectors, chunks, embedder, settings.MODELS_DIR);
  // The service's options as the apps map them from SearchSettings (each overridable from the
  // environment), but for the alpha `auto` falls back to, which each benchmark chooses.
  const service = new SearchService(embedder, vectors, keywords, chunks, spaces, {
    ...searchServiceOptions(settings),
    defaultAlpha,
  });
  return {
    service,
    /** Another SearchService over the same stores, with these options on top of the defaults. */
    serviceWith: (options) =>
      new SearchService(embedder, vectors, keywords, chunks, spaces, {
        ...searchServiceOptions(settings),
        defaultAlpha,
        ...options,
      }),
    embedder,
    vectors,
    keywords,
    chunks,
    /** Raw keyword hits (BM25 scores), as SearchService asks for them. */
    keywordHits: (scope, query, k, mode = 'sources') =>
      keywords.search(scope, query, k, { kinds: kindsOf(mode) }),
    /** Raw semantic hits (cosines), as SearchService asks for them. */
    semanticHits: async (scope, query, k, mode = 'sources') =>
      vectors.search(scope, 'chunks', await embedder.embedQuery(query), k, { kinds: kindsOf(mode) }),
    async close() {
      await keywords.close();
      await vectors.close();
      await db.close();
      // A model's worker thread would keep the process alive (embedders without close() have none).
      await embedder.close?.();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function kindsOf(mode) {
  return [indexKind(mode, 'original'), indexKind(mode, 'inferred')];
}

/** Runs `work(item)` over items with at most `limit` in flight; results in input order. */
export async function mapLimit(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** `--name value` from argv, else the fallback. */
export function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

export const hasFlag = (name) => process.argv.includes(`--${name}`);

/**
 * Indexes titled documents ({ id, title, text }) as sources through `service.indexChunks`, each
 * `chunkText(title + "\n\n" + text)` with chunk ids `${id}_${n}`, `concurrency` sources in flight.
 * Returns every chunk's text by id.
 */
export async function indexTitledDocuments(service, scope, docs, concurrency = 8) {
  const now = new Date().toISOString();
  const texts = new Map();
  await mapLimit(docs, concurrency, async (doc) => {
    const chunks = text.chunkText(`${doc.title}\n\n${doc.text}`).map((c, i) => ({
      chunk_uuid: `${doc.id}_${i}`,
      position: i,
      text: c.text,
      start: c.start,
      kind: 'original',
    }));
    for (const c of chunks) texts.set(c.chunk_uuid, c.text);
    await service.indexChunks({
      ...scope,
      source: {
        source_id: doc.id,
        source_type: 'document',
        title: doc.title,
        created_at: now,
        updated_at: now,
      },
      chunks,
    });
  });
  return texts;
}

/**
 * Indexes a HotpotQA paragraph as the benches do: source `p0001` (its index in the pool), a
 * document titled as the paragraph, chunked by the service's chunker, chunk ids `<source>_<k>`.
 * Resolves its source id and chunks.
 */
export async function indexParagraph(service, scope, paragraph, i, now = new Date().toISOString()) {
  const sourceId = `p${String(i).padStart(4, '0')}`;
  const chunks = text.chunkText(paragraph.text).map((c, k) => ({
    chunk_uuid: `${sourceId}_${k}`,
    position: k,
    text: c.text,
    start: c.start,
    kind: 'original',
  }));
  await service.indexChunks({
    ...scope,
    source: {
      source_id: sourceId,
      source_type: 'document',
      title: paragraph.title,
      created_at: now,
      updated_at: now,
    },
    chunks,
  });
  return { sourceId, chunks };
}
