// Deterministic test data for bench/retrieval-speed.bench.mjs, shared by the HTTP driver and the
// in-process engine (bench/lib/speed-engine.mjs), so that both hold exactly the same memories:
// memory `i` of tenant `t` is a function of (t, i) alone, whichever process generates it.
//
// Text: SciFact abstracts (read-only, from SCIFACT_DIR) split into sentences; a memory is random
// sentences joined until it reaches ~MEMORY_CHARS characters (1 chunk of ≤256 tokens).
// Queries: SciFact train claims (short natural-language statements).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DATA_DIR as QUALITY_DATA_DIR } from './quality-data.mjs';

export const DATA_DIR = process.env.SCIFACT_DIR ?? join(QUALITY_DATA_DIR, 'scifact');
/** Target length of a memory: ~1 KB, which @trove/text's chunker keeps to one chunk. */
export const MEMORY_CHARS = 900;

let sentencesCache;

/** SciFact abstract sentences of 40–400 characters, in corpus order. */
export function loadSentences() {
  if (sentencesCache) return sentencesCache;
  const out = [];
  const lines = gunzipSync(readFileSync(join(DATA_DIR, 'corpus.jsonl.gz')))
    .toString('utf8')
    .trim()
    .split('\n');
  for (const line of lines) {
    const doc = JSON.parse(line);
    for (const s of doc.text.split(/(?<=[.!?])\s+(?=[A-Z(])/)) {
      const t = s.trim();
      if (t.length >= 40 && t.length <= 400) out.push(t);
    }
  }
  sentencesCache = out;
  return out;
}

/** SciFact train claims, in file order. */
export function loadQueries() {
  return readFileSync(join(DATA_DIR, 'queries-train.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).text);
}

export function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(tenantId, i) {
  let h = 2166136261;
  for (const c of `${tenantId}#${i}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * Length of a document-sized memory: ~20 KB, about 22 chunks, for ingestion throughput that
 * is not bound by the per-request cost of one-chunk adds.
 */
export const DOCUMENT_CHARS = 20_000;
export const DOCUMENTS_TENANT = 'speed-documents';

/** The i-th memory of a tenant: { memory_id, raw_text } of about `chars` characters. */
export function memoryAt(tenantId, i, sentences = loadSentences(), chars = MEMORY_CHARS) {
  const random = mulberry32(seedOf(tenantId, i));
  const parts = [];
  let size = 0;
  while (size < chars) {
    const s = sentences[Math.floor(random() * sentences.length)];
    parts.push(s);
    size += s.length + 1;
  }
  return { memory_id: `${tenantId}-m${i}`, raw_text: parts.join(' ') };
}

/** A word no sentence contains, lower-case letters only (the analyser keeps it whole). */
export function uniqueWord(random) {
  let w = 'zq';
  for (let i = 0; i < 10; i++) w += String.fromCharCode(97 + Math.floor(random() * 26));
  return w;
}

export const TARGET_TENANT = 'speed-target';
export const otherTenant = (t) => `speed-other-${String(t).padStart(2, '0')}`;

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** Runs `work(i)` for i in [from, to) with `concurrency` in flight; returns results in order. */
export async function pool(from, to, concurrency, work) {
  const results = new Array(to - from);
  let next = from;
  const runner = async () => {
    for (;;) {
      const i = next++;
      if (i >= to) return;
      results[i - from] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, to - from) }, runner));
  return results;
}
