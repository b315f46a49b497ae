import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { expectError } from './expect-error';
import { checkHistogram, MetricFamily, parsePrometheusText, samplesOf, valueOf } from './prometheus-text';
import { uploadDocument, verifyProcessing } from './sources-fixtures';

type Scrape = Map<string, MetricFamily>;

/** The launcher's ports in distributed mode: the gateway on PORT, the services on PORT+1 … +5. */
const SERVICE_OFFSET = { tenant: 1, ingestion: 2, memory: 3, search: 4, graph: 5 } as const;

const ADD_MEMORY = '/user_memory/add_user_memory';
const UPLOAD = '/ingestion/upload-document';
const VERIFY = '/ingestion/verify-processing';

/**
 * GET /metrics: the admin key on the gateway (standalone), no key on a service's health port.
 * In distributed mode each process has its own numbers: HTTP on the gateway, queue depth on the
 * ingestion service, chunks on the search service.
 */
export function metricsSuite(mode: TroveMode): void {
  describe(`metrics (${mode})`, { timeout: 180_000 }, () => {
    let rig: TroveRig;
    let admin: ApiClient;
    let alice: ApiClient;
    const tenant = `metrics-${Date.now()}`;
    /** Every text scraped, to look for the tenant in all of them at the end. */
    const texts: string[] = [];

    /** Where a process's metrics are: the gateway's URL, or a service's health port. */
    const urlOf = (service?: keyof typeof SERVICE_OFFSET): string => {
      if (mode === 'standalone' || service === undefined) return `${rig.baseUrl}/metrics`;
      const url = new URL(rig.baseUrl);
      url.port = String(Number(url.port) + SERVICE_OFFSET[service]);
      return `${url.origin}/metrics`;
    };

    async function scrape(service?: keyof typeof SERVICE_OFFSET): Promise<Scrape> {
      const headers: Record<string, string> =
        service && mode !== 'standalone' ? {} : { authorization: `Bearer ${rig.adminKey}` };
      const response = await fetch(urlOf(service), { headers });
      const text = await response.text();
      assert.equal(response.status, 200, text.slice(0, 300));
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      texts.push(text);
      return parsePrometheusText(text);
    }

    before(async () => {
      rig = await startTrove(mode, { env: { EMBEDDINGS_PROVIDER: 'hashing' } });
      admin = new ApiClient(rig.baseUrl, rig.adminKey);
      const created = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
        json: { owner: 'metrics-alice' },
      });
      alice = new ApiClient(rig.baseUrl, created.body.full_api_key);
      assert.equal((await alice.post('/tenants/create', { json: { tenant_id: tenant } })).status, 200);
    });

    after(async () => {
      await rig?.dispose();
    });

    it('answers 401 without a key and 403 to a key without the admin scope, and stays out of the API docs', async () => {
      const anonymous = await new ApiClient(rig.baseUrl, '').get('/metrics');
      expectError(anonymous, 401, 'UNAUTHORIZED');
      expectError(await new ApiClient(rig.baseUrl, 'sk_live_nope').get('/metrics'), 401, 'UNAUTHORIZED');
      expectError(await alice.get('/metrics'), 403, 'FORBIDDEN');
      const docs = await fetch(`${rig.baseUrl}/openapi.json`);
      assert.equal(docs.status, 200);
      assert.ok(!('/metrics' in ((await docs.json()) as { paths: object }).paths));
    });

    it('counts and times the requests made, by route template, and their errors by code', async () => {
      const first = await scrape();
      const count = (s: Scrape, method: string, route: string, status: string) =>
        valueOf(s, 'trove_http_requests_total', { method, route, status });

      for (const [i, text] of [
        'The lighthouse keeper likes sencha.',
        'Kumquats ripen in winter.',
      ].entries()) {
        const added = await alice.post(ADD_MEMORY, {
          json: { tenant_id: tenant, raw_text: text, memory_id: `metrics-memory-${i}` },
        });
        assert.equal(added.status, 200, JSON.stringify(added.body));
      }
      const uploaded = await uploadDocument(
        alice,
        { tenant_id: tenant, file_id: 'metrics-doc' },
        {
          bytes: 'Notes on the zephyrine lighthouse.\n\nIts keeper counts ships at dusk.\n',
          name: 'notes.txt',
        },
      );
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      let verifies = 0;
      for (const deadline = Date.now() + 90_000; ;) {
        const answer = await verifyProcessing(alice, { tenant_id: tenant, file_id: 'metrics-doc' });
        verifies += 1;
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        if (answer.body.indexing_status === 'completed') break;
        assert.notEqual(answer.body.indexing_status, 'errored', JSON.stringify(answer.body));
        assert.ok(Date.now() < deadline, `still ${answer.body.indexing_status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Two errors: an unknown route, and a key without the scope.
      expectError(await alice.get('/no/such/route'), 404, 'NOT_FOUND');
      expectError(await alice.get('/metrics'), 403, 'FORBIDDEN');

      const second = await scrape();
      const delta = (method: string, route: string, status: string) =>
        count(second, method, route, status) - count(first, method, route, status);
      assert.equal(delta('POST', ADD_MEMORY, '200'), 2);
      assert.equal(delta('POST', UPLOAD, '200'), 1);
      assert.equal(delta('POST', VERIFY, '200'), verifies);
      // The first scrape is counted once it was answered, so it shows up in the second.
      assert.equal(delta('GET', '/metrics', '200'), 1);
      assert.equal(delta('GET', 'unmatched', '404'), 1);
      assert.equal(delta('GET', '/metrics', '403'), 1);
      const errors = (s: Scrape, labels: Record<string, string>) =>
        valueOf(s, 'trove_http_errors_total', labels);
      const notFound = { method: 'GET', route: 'unmatched', status: '404', error_code: 'NOT_FOUND' };
      assert.equal(errors(second, notFound) - errors(first, notFound), 1);
      const forbidden = { method: 'GET', route: '/metrics', status: '403', error_code: 'FORBIDDEN' };
      assert.equal(errors(second, forbidden) - errors(first, forbidden), 1);

      // The histogram agrees with the counter, and every one of its series is consistent.
      const histogramCount = (s: Scrape) =>
        valueOf(s, 'trove_http_request_duration_seconds_count', {
          method: 'POST',
          route: ADD_MEMORY,
          status: '200',
        });
      assert.equal(histogramCount(second) - histogramCount(first), 2);
      assert.ok(checkHistogram(second, 'trove_http_request_duration_seconds') >= 5);
      for (const sample of samplesOf(second, 'trove_http_requests_total')) {
        assert.equal(
          valueOf(second, 'trove_http_request_duration_seconds_count', sample.labels),
          sample.value,
          `count of ${JSON.stringify(sample.labels)}`,
        );
      }
      // Routes are templates or "unmatched", never a concrete path.
      for (const sample of samplesOf(second, 'trove_http_requests_total')) {
        assert.match(sample.labels['route']!, /^(\/[A-Za-z0-9_.:*-]*)+$|^unmatched$/, sample.labels['route']);
      }
      assert.equal(second.get('trove_http_requests_total')?.type, 'counter');
      assert.equal(second.get('trove_process_cpu_user_seconds_total')?.type, 'counter');
      const service = mode === 'standalone' ? 'standalone' : 'gateway';
      assert.ok(samplesOf(second, 'trove_http_requests_total').every((s) => s.labels['service'] === service));
    });

    it('counts the chunks indexed, the chunks stored and the queue, where each is done', async () => {
      const search = await scrape('search');
      const indexed = (kind: string) =>
        valueOf(search, 'trove_search_chunks_indexed_total', { source_kind: kind });
      assert.equal(search.get('trove_search_chunks_indexed_total')?.type, 'counter');
      // A fresh Trove: everything indexed is this suite's two memories and one document.
      assert.ok(indexed('memories') >= 2, `memories: ${indexed('memories')}`);
      assert.ok(indexed('sources') >= 1, `sources: ${indexed('sources')}`);
      assert.equal(valueOf(search, 'trove_search_chunks_stored'), indexed('memories') + indexed('sources'));
      assert.ok(checkHistogram(search, 'trove_embedding_batch_size') >= 1);
      assert.ok(checkHistogram(search, 'trove_embedding_batch_duration_seconds') >= 1);
      assert.ok(valueOf(search, 'trove_embedding_batch_size_sum', { operation: 'documents' }) >= 3);

      const ingestion = await scrape('ingestion');
      assert.equal(ingestion.get('trove_ingestion_jobs')?.type, 'gauge');
      for (const status of ['queued', 'processing', 'graph_creation']) {
        assert.equal(samplesOf(ingestion, 'trove_ingestion_jobs', { status }).length, 1, status);
      }
      // Nothing waits: the one document completed.
      assert.equal(valueOf(ingestion, 'trove_ingestion_jobs', { status: 'queued' }), 0);
      assert.equal(valueOf(ingestion, 'trove_ingestion_oldest_queued_job_age_seconds'), 0);
      if (mode !== 'standalone') {
        assert.equal(samplesOf(ingestion, 'trove_search_chunks_stored').length, 0, 'only the search service');
        const gateway = await scrape();
        assert.equal(gateway.get('trove_ingestion_jobs'), undefined, 'only the ingestion service');
        assert.equal(gateway.get('trove_search_chunks_stored'), undefined, 'only the search service');
        assert.ok(
          samplesOf(search, 'trove_process_cpu_user_seconds_total', { service: 'search' }).length === 1,
        );
      }
    });

    it('names no tenant, source, memory or key in any label or value', () => {
      assert.ok(texts.length >= 4);
      for (const text of texts) {
        for (const secret of [
          tenant,
          'metrics-doc',
          'metrics-memory-0',
          'lighthouse',
          rig.adminKey,
          'metrics-alice',
        ]) {
          assert.ok(!text.includes(secret), `"${secret}" appears in the metrics`);
        }
      }
    });
  });
}
