// The write load and the final count for bench/faults.bench.mjs.
//
// Writers add one-sentence memories and upload small text documents, each with an id of its own
// and a marker word no other item holds. A writer behaves like a careful client: a network
// error, a 5xx or a 429 is tried again with the same id (an add or an upload with an existing id
// replaces it, so retrying is safe) until it is acknowledged with 200; a 4xx other than 429 is
// recorded as refused and not retried. Every attempt is recorded with its time and answer.
//
// The count, after the faults: each acknowledged item must be found by its marker word exactly
// once (full-text search in its mode), each document must have reached `completed`, and the
// tenant's totals must equal what was acknowledged. Anything missing is lost; anything found
// twice is duplicated.
import { performance } from 'node:perf_hooks';
import testing from '@trove/testing';
import { mulberry32 } from './speed-data.mjs';

const RETRYABLE = (status) => status === 0 || status === 429 || status >= 500;
const ATTEMPT_TIMEOUT_MS = 15_000;

/** A marker word for item n: consonants only, so no analyser stems or splits it. */
export function markerOf(n) {
  const letters = 'bcfghjkmnpqrtvwxz';
  let word = 'qx';
  let k = n + 1;
  while (k > 0) {
    word += letters[k % letters.length];
    k = Math.floor(k / letters.length);
  }
  return word + 'vq';
}

function multipartUpload(tenant, fileId, text) {
  const form = new FormData();
  form.append('tenant_id', tenant);
  form.append('file_id', fileId);
  form.append('file', new Blob([text], { type: 'text/plain' }), `${fileId}.txt`);
  return new Request('http://localhost/', { method: 'POST', body: form });
}

/** One HTTP attempt: { status, code, message, ms }; status 0 for a network error or a timeout. */
async function attempt(baseUrl, key, method, path, { json, request }) {
  const t0 = performance.now();
  try {
    const headers = { authorization: `Bearer ${key}` };
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else {
      headers['content-type'] = request.headers.get('content-type');
      body = Buffer.from(await request.arrayBuffer());
    }
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return {
      status: response.status,
      code: parsed?.detail?.error_code,
      message: parsed?.detail?.message,
      body: parsed,
      ms: performance.now() - t0,
    };
  } catch (error) {
    return { status: 0, code: error.name, message: String(error.message), ms: performance.now() - t0 };
  }
}

/**
 * Writers adding memories and uploading documents to one tenant until stopped.
 *   sentences: text to draw from; concurrency: writers; documentShare: fraction of uploads.
 */
export class WriteLoad {
  constructor({
    baseUrl,
    key,
    tenant,
    sentences,
    concurrency = 8,
    readers = 2,
    documentShare = 0.2,
    seed = 7,
  }) {
    Object.assign(this, { baseUrl, key, tenant, sentences, concurrency, readers, documentShare });
    this.random = mulberry32(seed);
    this.next = 0;
    this.attempts = [];
    /** id → { kind, marker, chunks } for every acknowledged item. */
    this.acknowledged = new Map();
    this.refused = [];
    this.opLatencies = [];
    this.stopping = false;
    this.started = performance.now();
  }

  /** Milliseconds since the load started. */
  now() {
    return performance.now() - this.started;
  }

  start() {
    this.runners = [
      ...Array.from({ length: this.concurrency }, () => this.run()),
      ...Array.from({ length: this.readers }, () => this.read()),
    ];
  }

  /** A reader: hybrid searches for the marker of an item acknowledged earlier, one at a time, not retried. */
  async read() {
    while (!this.stopping) {
      const ids = [...this.acknowledged.keys()];
      if (ids.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const id = ids[Math.floor(this.random() * ids.length)];
      const item = this.acknowledged.get(id);
      const at = this.now();
      const answer = await attempt(this.baseUrl, this.key, 'POST', '/search/hybrid-search', {
        json: {
          tenant_id: this.tenant,
          query: item.marker,
          max_chunks: 5,
          search_mode: item.kind === 'document' ? 'sources' : 'memories',
        },
      });
      this.attempts.push({ id, kind: 'search', at, ...answer, body: undefined });
      if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Lets each writer finish the item it holds (retrying until it is acknowledged), then resolves. */
  async stop() {
    this.stopping = true;
    await Promise.all(this.runners);
  }

  async run() {
    while (!this.stopping) {
      const n = this.next++;
      const marker = markerOf(n);
      const sentence = this.sentences[Math.floor(this.random() * this.sentences.length)];
      const isDocument = this.random() < this.documentShare;
      const id = isDocument ? `doc-${n}` : `mem-${n}`;
      const t0 = performance.now();
      for (let tries = 1; ; tries++) {
        const at = this.now();
        const answer = isDocument
          ? await attempt(this.baseUrl, this.key, 'POST', '/ingestion/upload-document', {
              request: multipartUpload(this.tenant, id, `${sentence} Filed under ${marker}.`),
            })
          : await attempt(this.baseUrl, this.key, 'POST', '/user_memory/add_user_memory', {
              json: { tenant_id: this.tenant, memory_id: id, raw_text: `${sentence} Tagged ${marker}.` },
            });
        this.attempts.push({ id, kind: isDocument ? 'document' : 'memory', at, ...answer, body: undefined });
        if (answer.status === 200) {
          this.acknowledged.set(id, {
            kind: isDocument ? 'document' : 'memory',
            marker,
            chunks: isDocument ? 1 : answer.body?.chunks_created,
            tries,
          });
          break;
        }
        if (!RETRYABLE(answer.status)) {
          this.refused.push({ id, status: answer.status, code: answer.code, message: answer.message });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * tries, 2000)));
      }
      this.opLatencies.push(performance.now() - t0);
    }
  }
}

/** A key and a tenant of its own on a running rig: { key, api } (an ApiClient with the key). */
export async function provision(rig, tenant) {
  const admin = new testing.ApiClient(rig.baseUrl, rig.adminKey);
  const created = await admin.post('/api-keys/create_api_key', { json: { owner: tenant } });
  const key = created.body.full_api_key;
  const api = admin.withKey(key);
  const made = await api.post('/tenants/create', { json: { tenant_id: tenant } });
  if (made.status !== 200) throw new Error(`create tenant: ${made.status} ${JSON.stringify(made.body)}`);
  return { key, api };
}

/** Attempts in [from, to) ms, summarised: counts by "status code" and the distinct messages. */
export function summariseAttempts(attempts, from, to, kinds = ['memory', 'document']) {
  const inside = attempts.filter((a) => a.at >= from && a.at < to && kinds.includes(a.kind));
  const byAnswer = new Map();
  const messages = new Map();
  for (const a of inside) {
    const label = a.status === 200 ? '200' : `${a.status} ${a.code ?? ''}`.trim();
    byAnswer.set(label, (byAnswer.get(label) ?? 0) + 1);
    if (a.status !== 200 && a.message) {
      // Ids and addresses vary; the shape of the message is what matters.
      const shape = a.message.replace(/\b\d+(\.\d+)*\b/g, 'N').slice(0, 160);
      messages.set(shape, (messages.get(shape) ?? 0) + 1);
    }
  }
  return { total: inside.length, byAnswer, messages };
}

/** Polls verify-processing until every acknowledged document is completed or errored. */
export async function waitForDocuments(api, tenant, load, timeoutMs = 180_000) {
  const pending = new Set(
    [...load.acknowledged].filter(([, item]) => item.kind === 'document').map(([id]) => id),
  );
  const statuses = new Map();
  const deadline = Date.now() + timeoutMs;
  while (pending.size > 0 && Date.now() < deadline) {
    for (const id of [...pending]) {
      const answer = await api.post('/ingestion/verify-processing', {
        query: { tenant_id: tenant, file_id: id },
      });
      const status = answer.body?.indexing_status;
      statuses.set(id, status ?? `${answer.status}`);
      if (status === 'completed' || status === 'errored') pending.delete(id);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return statuses;
}

/**
 * Counts each acknowledged item by its marker word: lost (not found), duplicated (found more than
 * once, or with more chunks than it was given), and the tenant's totals against what was
 * acknowledged.
 */
export async function countItems(api, tenant, load, documentStatuses) {
  const lost = [];
  const duplicated = [];
  const notCompleted = [];
  for (const [id, item] of load.acknowledged) {
    if (item.kind === 'document' && documentStatuses.get(id) !== 'completed') {
      notCompleted.push(`${id}: ${documentStatuses.get(id)}`);
    }
    const answer = await api.post('/search/full-text-search', {
      json: {
        tenant_id: tenant,
        query: item.marker,
        max_chunks: 10,
        search_mode: item.kind === 'document' ? 'sources' : 'memories',
      },
    });
    if (answer.status !== 200)
      throw new Error(`search for ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
    const hits = (answer.body.chunks ?? []).filter((chunk) => chunk.source_id === id);
    const strangers = (answer.body.chunks ?? []).filter((chunk) => chunk.source_id !== id);
    if (hits.length === 0) lost.push(id);
    else if (hits.length > (item.chunks ?? 1) || new Set(hits.map((h) => h.chunk_uuid)).size < hits.length) {
      duplicated.push(id);
    }
    if (strangers.length > 0)
      duplicated.push(`${id} (its marker also in ${strangers.map((s) => s.source_id).join(', ')})`);
  }
  const stats = await api.get('/tenants/stats', { query: { tenant_id: tenant } });
  const kinds = [...load.acknowledged.values()];
  const expected = {
    memories: kinds.filter((item) => item.kind === 'memory').length,
    documents: kinds.filter((item) => item.kind === 'document').length,
  };
  return { lost, duplicated, notCompleted, totals: stats.body?.totals, expected };
}
