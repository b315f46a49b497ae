#!/usr/bin/env node
// Benchmark: documents through the HTTP API into the index, in standalone mode (in-process
// transport, embedded stores) and in distributed mode (tools/run-distributed.mjs: NATS, PostgreSQL,
// separate processes), measured in the same run.
//
//   npm run bench -- sources        (builds first; distributed needs PostgreSQL and NATS running)
//   BENCH_MODES=standalone node bench/sources.bench.mjs
//
// Ingestion: BENCH_TEXT_DOCS text files of ~BENCH_TEXT_KB KB and BENCH_PDF_DOCS PDFs of
// BENCH_PDF_PAGES pages, uploaded BENCH_CONCURRENCY at a time; the clock runs from the first upload
// to the last document reported `completed` by verify-processing (polled), so documents/s and MB/s
// include extraction, chunking, embedding and indexing. Latency: BENCH_LATENCY_SAMPLES small text
// files uploaded one at a time on an idle server, each timed from the upload request to the first
// full-text search that returns it. Text: SciFact abstract sentences (../shared/data), deterministic.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import testing from '@trove/testing';
import { loadSentences, mulberry32 } from './lib/speed-data.mjs';

const { ApiClient, startTrove } = testing;
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const TEXT_DOCS = env('BENCH_TEXT_DOCS', 200);
const TEXT_KB = env('BENCH_TEXT_KB', 20);
const PDF_DOCS = env('BENCH_PDF_DOCS', 40);
const PDF_PAGES = env('BENCH_PDF_PAGES', 10);
const CONCURRENCY = env('BENCH_CONCURRENCY', 8);
const LATENCY_SAMPLES = env('BENCH_LATENCY_SAMPLES', 50);
const MODES = (process.env.BENCH_MODES ?? 'standalone,distributed').split(',');

const sentences = loadSentences();

/** ~`chars` characters of SciFact sentences, chosen by a seeded generator. */
function prose(seed, chars) {
  const random = mulberry32(seed);
  const parts = [];
  let length = 0;
  while (length < chars) {
    const s = sentences[Math.floor(random() * sentences.length)];
    parts.push(s);
    length += s.length + 1;
  }
  return parts.join(' ');
}

/** A PDF of `pages` pages of wrapped prose (about 2.5 KB of text a page). */
async function makePdf(seed, pages) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    const words = prose(seed * 1000 + p, 2500)
      .replace(/[^\x20-\x7e]/g, ' ')
      .split(' ');
    const lines = [];
    let line = '';
    for (const word of words) {
      if ((line + ' ' + word).length > 95) (lines.push(line), (line = word));
      else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
    lines.slice(0, 46).forEach((text, i) => page.drawText(text, { x: 40, y: 760 - i * 16, size: 9, font }));
  }
  return Buffer.from(await doc.save());
}

async function multipart(fields, bytes, name, type) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([bytes], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') };
}

async function upload(api, tenant, fileId, bytes, name, type) {
  const response = await api.post('/ingestion/upload-document', {
    raw: await multipart({ tenant_id: tenant, file_id: fileId }, bytes, name, type),
  });
  if (response.status !== 200)
    throw new Error(`upload ${fileId}: ${response.status} ${JSON.stringify(response.body)}`);
}

/** Resolves when every id is completed (polling verify-processing); throws on errored. */
async function allCompleted(api, tenant, ids) {
  const pending = new Set(ids);
  while (pending.size > 0) {
    for (const fileId of [...pending]) {
      const { status, body } = await api.post('/ingestion/verify-processing', {
        query: { tenant_id: tenant, file_id: fileId },
      });
      if (status !== 200) throw new Error(`verify ${fileId}: ${status} ${JSON.stringify(body)}`);
      if (body.indexing_status === 'errored') throw new Error(`${fileId} errored: ${body.error_code}`);
      if (body.indexing_status === 'completed') pending.delete(fileId);
    }
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads every document CONCURRENCY at a time and waits for all; documents/s and MB/s. */
async function ingest(api, tenant, docs) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < docs.length) {
      const doc = docs[next++];
      await upload(api, tenant, doc.id, doc.bytes, doc.name, doc.type);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const uploadedMs = performance.now() - started;
  await allCompleted(
    api,
    tenant,
    docs.map((d) => d.id),
  );
  const seconds = (performance.now() - started) / 1000;
  const bytes = docs.reduce((sum, d) => sum + d.bytes.length, 0);
  return {
    docs: docs.length,
    mb: bytes / 1e6,
    seconds,
    docsPerS: docs.length / seconds,
    mbPerS: bytes / 1e6 / seconds,
    uploadS: uploadedMs / 1000,
  };
}

/** A word of letters only, unique per sample, that no SciFact text holds. */
const marker = (i) =>
  'zqv' + [...i.toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('') + 'xw';

async function timeToSearchable(api, tenant, samples) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const word = marker(i + 1);
    const text = `${prose(90_000 + i, 1500)} The registry entry ${word} closes this note.`;
    const started = performance.now();
    await upload(api, tenant, `latency-${i}`, Buffer.from(text), `latency-${i}.txt`, 'text/plain');
    for (;;) {
      const { status, body } = await api.post('/search/full-text-search', {
        json: { tenant_id: tenant, query: word, max_chunks: 1 },
      });
      if (status !== 200) throw new Error(`search: ${status} ${JSON.stringify(body)}`);
      if (body.chunks.some((c) => c.source_id === `latency-${i}`)) break;
      if (performance.now() - started > 120_000) throw new Error(`latency-${i} not searchable after 120 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(mode, textDocs, pdfDocs) {
  const rig = await startTrove(mode, { env: { LOG_LEVEL: 'warn', REQUEST_TIMEOUT_MS: '30000' } });
  try {
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const key = (await admin.post('/api-keys/create_api_key', { json: { owner: 'bench' } })).body
      .full_api_key;
    const api = admin.withKey(key);
    const tenants = ['text', 'pdf', 'latency'].map((kind) => `bench-${kind}`);
    for (const tenant_id of tenants) {
      const created = await api.post('/tenants/create', { json: { tenant_id } });
      if (created.status !== 200)
        throw new Error(`tenant create: ${created.status} ${JSON.stringify(created.body)}`);
    }
    // Warm-up (JIT, worker pools, first index files), in a tenant of its own.
    await ingest(
      api,
      tenants[2],
      textDocs.slice(0, 4).map((d) => ({ ...d, id: `warm-${d.id}` })),
    );
    const text = await ingest(api, tenants[0], textDocs);
    const pdf = await ingest(api, tenants[1], pdfDocs);
    const latency = await timeToSearchable(api, tenants[2], LATENCY_SAMPLES);
    return {
      mode,
      text,
      pdf,
      p50: percentile(latency, 50),
      p99: percentile(latency, 99),
      samples: latency.length,
    };
  } finally {
    await rig.dispose();
  }
}

const textDocs = Array.from({ length: TEXT_DOCS }, (_, i) => ({
  id: `text-${i}`,
  bytes: Buffer.from(prose(i + 1, TEXT_KB * 1000)),
  name: `doc-${i}.txt`,
  type: 'text/plain',
}));
const pdfDocs = [];
for (let i = 0; i < PDF_DOCS; i++) {
  pdfDocs.push({
    id: `pdf-${i}`,
    bytes: await makePdf(50_000 + i, PDF_PAGES),
    name: `doc-${i}.pdf`,
    type: 'application/pdf',
  });
}

const rows = [];
for (const mode of MODES) rows.push(await measure(mode, textDocs, pdfDocs));
const fmt = (n, digits = 1) => n.toFixed(digits);
console.log(
  `\nSources: upload → completed, ${CONCURRENCY} uploads in flight; text ${TEXT_DOCS} × ~${TEXT_KB} KB, ` +
    `PDF ${PDF_DOCS} × ${PDF_PAGES} pages (~${fmt(pdfDocs.reduce((s, d) => s + d.bytes.length, 0) / PDF_DOCS / 1000, 0)} KB); ` +
    `upload → searchable over ${LATENCY_SAMPLES} sequential ~1.5 KB text files\n`,
);
console.log(
  '| mode | text docs/s | text MB/s | PDF docs/s | PDF MB/s | upload → searchable p50 ms | p99 ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.mode} | ${fmt(r.text.docsPerS)} | ${fmt(r.text.mbPerS, 2)} | ${fmt(r.pdf.docsPerS)} | ${fmt(r.pdf.mbPerS, 2)} | ${fmt(r.p50, 0)} | ${fmt(r.p99, 0)} |`,
  );
}
console.log(
  '\n(wall time: text ' +
    rows
      .map((r) => `${r.mode} ${fmt(r.text.seconds)} s, uploads done at ${fmt(r.text.uploadS)} s`)
      .join('; ') +
    ')',
);
console.log(
  '(wall time: PDF ' +
    rows.map((r) => `${r.mode} ${fmt(r.pdf.seconds)} s, uploads done at ${fmt(r.pdf.uploadS)} s`).join('; ') +
    ')',
);
const settings = Object.keys(process.env)
  .filter((name) => name.startsWith('BENCH_'))
  .sort()
  .map((name) => `${name}=${process.env[name]} `)
  .join('');
console.log(`\nCommand: ${settings}node bench/sources.bench.mjs`);
