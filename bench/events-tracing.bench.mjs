#!/usr/bin/env node
// Benchmark: how fast status changes reach a client (server-sent events and webhooks), and what
// OpenTelemetry tracing costs a request (docs/events-webhooks.md, docs/observability.md).
//
//   node bench/events-tracing.bench.mjs     (after `npx nx run-many -t build`)
//   BENCH_DOCUMENTS=40 BENCH_REQUESTS=2000 node bench/events-tracing.bench.mjs
//
// Two standalone processes run side by side on the same machine, the same data: one with tracing
// off, one exporting every span (sampling 1) to a collector in this process that only counts
// them.
// 1. Events: on the traced process, one SSE stream for the tenant and one webhook to a
//    receiver in this process. BENCH_DOCUMENTS small documents are uploaded one after another.
//    For every status event, delay = when it arrived here − its `at` (the server's time of the
//    change; same clock). Reported per channel, with the events counted against those polling
//    would see.
// 2. Tracing: hybrid searches, one at a time on one keep-alive connection, alternating between
//    the two processes request by request (so drift hits both alike); p50/p99 of each, their
//    ratio, and the spans the collector received.
//
// Last run (2026-11-26, 2 cores shared with other builds, hashing embedder, 20 documents, 1,000
// searches each): SSE delay p50 6 ms, p99 213 ms; webhook p50 11 ms, p99 295 ms; all 80 events
// (queued, processing, graph_creation, completed × 20) on both channels. Hybrid search p50 1.98 ms
// off vs 2.05 ms on (ratio 1.036), 3.1 spans per search.
import { createServer } from 'node:http';
import testing from '@trove/testing';

const { ApiClient, startTrove } = testing;
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

/** An HTTP sink on loopback: `onBody(url, text)` for each POST; answers 200. */
async function sink(onBody) {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      onBody(request.url, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

async function provision(rig, tenant) {
  const admin = new ApiClient(rig.baseUrl, rig.adminKey);
  const key = (await admin.post('/api-keys/create_api_key', { json: { owner: tenant } })).body.full_api_key;
  const api = new ApiClient(rig.baseUrl, key);
  const created = await api.post('/tenants/create', { json: { tenant_id: tenant } });
  if (created.status !== 200) throw new Error(`tenant: ${created.status} ${JSON.stringify(created.body)}`);
  return { key, api };
}

/** Reads an SSE stream, calling `onEvent(data)` for each `data:` line, until `signal` aborts. */
async function readEvents(url, key, signal, onEvent) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` }, signal });
  if (response.status !== 200) throw new Error(`events: ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of message.split('\n'))
          if (line.startsWith('data: ')) onEvent(JSON.parse(line.slice(6)));
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

async function uploadDocument(rig, key, tenant, id, text) {
  const form = new FormData();
  form.set('tenant_id', tenant);
  form.set('file_id', id);
  form.set('file', new Blob([text], { type: 'text/plain' }), `${id}.txt`);
  const answer = await fetch(`${rig.baseUrl}/ingestion/upload-document`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
}

const spans = { count: 0 };
const collector = await sink((_url, body) => {
  for (const resource of JSON.parse(body).resourceSpans ?? [])
    for (const scope of resource.scopeSpans ?? []) spans.count += scope.spans?.length ?? 0;
});
const env = {
  EMBEDDINGS_PROVIDER: 'hashing',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '1000000',
  WEB_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
};
const [plain, traced] = await Promise.all([
  startTrove('standalone', { env }),
  startTrove('standalone', {
    env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '500' },
  }),
]);
try {
  const tenant = `bench-${Date.now()}`;
  const [a, b] = await Promise.all([provision(plain, tenant), provision(traced, tenant)]);

  // ---- 1. events -------------------------------------------------------------------------------
  const delays = { sse: [], webhook: [] };
  const seen = { sse: new Set(), webhook: new Set() };
  const record = (channel, event) => {
    delays[channel].push(Date.now() - Date.parse(event.at));
    seen[channel].add(`${event.file_id}/${event.status}`);
  };
  const receiver = await sink((_url, body) => record('webhook', JSON.parse(body).data));
  const hook = await b.api.post('/webhooks/create', {
    json: { tenant_id: tenant, url: `${receiver.url}/hook`, events: ['status.changed'] },
  });
  if (hook.status !== 200) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
  const stop = new AbortController();
  const stream = readEvents(
    `${traced.baseUrl}/ingestion/events?tenant_id=${tenant}`,
    b.key,
    stop.signal,
    (event) => record('sse', event),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = Date.now();
  for (let i = 0; i < DOCUMENTS; i++) {
    const text = `Document ${i}. The river Avon flows through Bath. Report number ${i} was written in 2024.`;
    await Promise.all([
      uploadDocument(traced, b.key, tenant, `doc-${i}`, text),
      uploadDocument(plain, a.key, tenant, `doc-${i}`, text),
    ]);
  }
  // Wait until both channels saw every document completed (or 60 s).
  const done = (channel) =>
    [...Array(DOCUMENTS).keys()].every((i) => seen[channel].has(`doc-${i}/completed`));
  const deadline = Date.now() + 60_000;
  while (!(done('sse') && done('webhook')) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const elapsed = (Date.now() - started) / 1000;
  stop.abort();
  await stream;
  receiver.close();
  console.log(
    `\n## Status events: ${DOCUMENTS} documents uploaded one after another (${elapsed.toFixed(1)} s)\n`,
  );
  console.log('| channel | events | documents seen completed | delay p50 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const channel of ['sse', 'webhook']) {
    const completed = [...Array(DOCUMENTS).keys()].filter((i) =>
      seen[channel].has(`doc-${i}/completed`),
    ).length;
    const d = delays[channel];
    console.log(
      `| ${channel === 'sse' ? 'SSE (GET /ingestion/events)' : 'webhook (signed POST)'} | ${d.length} | ${completed} / ${DOCUMENTS} | ` +
        `${ms(percentile(d, 50))} | ${ms(percentile(d, 99))} | ${ms(Math.max(...d))} |`,
    );
  }

  // ---- 2. tracing overhead --------------------------------------------------------------------
  const query = { tenant_id: tenant, query: 'Which river flows through Bath?', max_chunks: 10 };
  const timings = { plain: [], traced: [] };
  for (let i = 0; i < 50; i++) {
    await a.api.post('/search/hybrid-search', { json: query });
    await b.api.post('/search/hybrid-search', { json: query });
  }
  const spansBefore = spans.count;
  for (let i = 0; i < REQUESTS; i++) {
    for (const [name, client] of i % 2
      ? [
          ['plain', a.api],
          ['traced', b.api],
        ]
      : [
          ['traced', b.api],
          ['plain', a.api],
        ]) {
      const t0 = performance.now();
      const answer = await client.post('/search/hybrid-search', { json: query });
      timings[name].push(performance.now() - t0);
      if (answer.status !== 200) throw new Error(`search: ${answer.status}`);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const p50 = (name) => percentile(timings[name], 50);
  console.log(`\n## Tracing: ${REQUESTS} hybrid searches on each process, alternating\n`);
  console.log('| process | p50 ms | p99 ms |');
  console.log('|---|---:|---:|');
  for (const name of ['plain', 'traced']) {
    console.log(
      `| ${name === 'plain' ? 'tracing off' : 'tracing on, every span exported'} | ${p50(name).toFixed(2)} | ${percentile(timings[name], 99).toFixed(2)} |`,
    );
  }
  console.log(
    `\np50 ratio on/off: ${(p50('traced') / p50('plain')).toFixed(3)}; spans received during the searches: ` +
      `${spans.count - spansBefore} (${((spans.count - spansBefore) / REQUESTS).toFixed(1)} per search).`,
  );
  console.log(
    `\nmachine: ${(await import('node:os')).cpus().length} cores; command: node bench/events-tracing.bench.mjs`,
  );
} finally {
  await Promise.all([plain.dispose(), traced.dispose()]);
  collector.close();
}
