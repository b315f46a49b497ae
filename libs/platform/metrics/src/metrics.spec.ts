import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorCodeNoted, errorCodeOf, noteErrorResponse, observeHttpResponse } from './http-metrics';
import {
  addScrapeCollector,
  collectorErrors,
  enableProcessMetrics,
  exposeMetrics,
  metricsRegistry,
  METRICS_CONTENT_TYPE,
  renderMetrics,
} from './metrics.registry';
import {
  chunksStored,
  embeddingBatchDuration,
  embeddingBatchSize,
  httpErrors,
  httpRequestDuration,
  httpRequests,
  ingestionMetrics,
  measureEmbedding,
  searchMetrics,
} from './trove-metrics';

type Metric = {
  get(): Promise<{ values: { value: number; labels: Record<string, unknown>; metricName?: string }[] }>;
};

/** The value of the series with exactly these labels (0 when absent). */
async function valueOf(metric: Metric, labels: Record<string, string>, metricName?: string): Promise<number> {
  const { values } = await metric.get();
  const match = values.find(
    (v) =>
      (metricName === undefined || v.metricName === metricName) &&
      Object.keys(labels).length === Object.keys(v.labels).filter((k) => k !== 'service').length &&
      Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value),
  );
  return match?.value ?? 0;
}

describe('errorCodeOf', () => {
  it("reads the spec's error code from an error body, as a string or bytes", () => {
    const body = JSON.stringify({ detail: { success: false, message: 'no', error_code: 'UNAUTHORIZED' } });
    assert.equal(errorCodeOf(body), 'UNAUTHORIZED');
    assert.equal(errorCodeOf(Buffer.from(body)), 'UNAUTHORIZED');
  });

  it('says unknown for anything else, so a label never carries what a client wrote', () => {
    for (const payload of [
      JSON.stringify({ detail: { error_code: 'tenant-acme' } }),
      JSON.stringify({ detail: { error_code: 42 } }),
      JSON.stringify({ error: 'Service Unavailable' }),
      '{not json',
      'plain text',
      undefined,
      null,
      { detail: { error_code: 'UNAUTHORIZED' } },
      `{"detail":{"error_code":"UNAUTHORIZED","pad":"${'x'.repeat(70_000)}"}}`,
    ]) {
      assert.equal(errorCodeOf(payload), 'unknown', String(payload).slice(0, 60));
    }
  });
});

describe('observeHttpResponse', () => {
  it('counts and times by method, route template and status; errors also by error code', async () => {
    const labels = { method: 'GET', route: '/unit/:id', status: '200' };
    const before = await valueOf(httpRequests, labels);
    observeHttpResponse({ method: 'GET', route: '/unit/:id', status: 200, elapsedMs: 12 });
    observeHttpResponse({ method: 'GET', route: '/unit/:id', status: 200, elapsedMs: 700 });
    assert.equal(await valueOf(httpRequests, labels), before + 2);
    const buckets = (await (httpRequestDuration as unknown as Metric).get()).values.filter(
      (v) =>
        v.metricName === 'trove_http_request_duration_seconds_bucket' && v.labels['route'] === '/unit/:id',
    );
    const at = (le: number) => buckets.find((b) => b.labels['le'] === le)?.value;
    assert.equal(at(0.01), 0);
    assert.equal(at(0.025), 1);
    assert.equal(at(1), 2);
    assert.equal(await valueOf(httpRequestDuration, labels, 'trove_http_request_duration_seconds_count'), 2);
    const sum = await valueOf(httpRequestDuration, labels, 'trove_http_request_duration_seconds_sum');
    assert.ok(Math.abs(sum - 0.712) < 1e-9, `sum ${sum}`);
    assert.equal(await valueOf(httpErrors, { ...labels, error_code: 'unknown' }), 0, 'a 200 is no error');

    observeHttpResponse({
      method: 'POST',
      route: '/unit',
      status: 403,
      elapsedMs: 1,
      errorCode: 'FORBIDDEN',
    });
    assert.equal(
      await valueOf(httpErrors, { method: 'POST', route: '/unit', status: '403', error_code: 'FORBIDDEN' }),
      1,
    );
  });

  it('labels an unrouted request "unmatched" and an unusual method "other"', async () => {
    observeHttpResponse({ method: 'PROPFIND', route: undefined, status: 404, elapsedMs: 1 });
    assert.equal(await valueOf(httpRequests, { method: 'other', route: 'unmatched', status: '404' }), 1);
    assert.equal(
      await valueOf(httpErrors, {
        method: 'other',
        route: 'unmatched',
        status: '404',
        error_code: 'unknown',
      }),
      1,
    );
  });

  it("carries an error response's code from onSend to onResponse, per request", () => {
    const [a, b, ok] = [{}, {}, {}];
    noteErrorResponse(a, 401, JSON.stringify({ detail: { error_code: 'UNAUTHORIZED' } }));
    noteErrorResponse(b, 503, 'Service Unavailable');
    noteErrorResponse(ok, 200, JSON.stringify({ detail: { error_code: 'UNAUTHORIZED' } }));
    assert.equal(errorCodeNoted(a), 'UNAUTHORIZED');
    assert.equal(errorCodeNoted(b), 'unknown');
    assert.equal(errorCodeNoted(ok), undefined);
  });
});

describe('domain metrics', () => {
  it('appear only once their module exposes them, and only once however often it does', async () => {
    assert.doesNotMatch(await renderMetrics(), /trove_ingestion_/);
    exposeMetrics(ingestionMetrics);
    exposeMetrics(ingestionMetrics);
    const text = await renderMetrics();
    assert.equal(
      (text.match(/^# TYPE trove_ingestion_oldest_queued_job_age_seconds gauge$/gm) ?? []).length,
      1,
    );
    assert.match(text, /^trove_ingestion_oldest_queued_job_age_seconds 0$/m);
  });
});

describe('scrape collectors', () => {
  it('run before each scrape and set their gauges', async () => {
    exposeMetrics(searchMetrics);
    let calls = 0;
    const remove = addScrapeCollector('unit-chunks', async () => {
      calls += 1;
      chunksStored.set(1234);
    });
    try {
      const text = await renderMetrics();
      assert.equal(calls, 1);
      assert.match(text, /^trove_search_chunks_stored(\{[^}]*\})? 1234$/m);
      await renderMetrics();
      assert.equal(calls, 2);
    } finally {
      remove();
    }
    await renderMetrics();
    assert.equal(calls, 2, 'removed');
  });

  it('count a collector that fails or hangs, and still answer the scrape', async () => {
    const failing = await valueOf(collectorErrors, { collector: 'unit-fails' });
    const hanging = await valueOf(collectorErrors, { collector: 'unit-hangs' });
    const removeFailing = addScrapeCollector('unit-fails', () => Promise.reject(new Error('store down')));
    const removeHanging = addScrapeCollector('unit-hangs', () => new Promise<void>(() => undefined));
    try {
      const started = Date.now();
      const text = await renderMetrics(100);
      assert.ok(Date.now() - started < 1000, 'waited past the deadline');
      assert.match(text, /trove_metrics_collector_errors_total\{[^}]*collector="unit-fails"[^}]*\} 1/);
      assert.equal(await valueOf(collectorErrors, { collector: 'unit-fails' }), failing + 1);
      assert.equal(await valueOf(collectorErrors, { collector: 'unit-hangs' }), hanging + 1);
    } finally {
      removeFailing();
      removeHanging();
    }
  });

  it('a removal does not remove a newer collector of the same name', async () => {
    let newer = 0;
    const removeOld = addScrapeCollector('unit-replaced', async () => undefined);
    const removeNew = addScrapeCollector('unit-replaced', async () => {
      newer += 1;
    });
    removeOld();
    await renderMetrics();
    assert.equal(newer, 1);
    removeNew();
  });
});

describe('the registry', () => {
  it('has Node process metrics prefixed trove_ and a service label on every series', async () => {
    enableProcessMetrics('unit-service');
    enableProcessMetrics('unit-service');
    const text = await renderMetrics();
    assert.match(text, /^trove_process_cpu_user_seconds_total\{service="unit-service"\} /m);
    assert.match(text, /^trove_nodejs_eventloop_lag_seconds\{service="unit-service"\} /m);
    assert.equal(
      (text.match(/^# TYPE trove_process_cpu_user_seconds_total /gm) ?? []).length,
      1,
      'registered once',
    );
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      assert.match(line, /^trove_[a-z0-9_]+(\{.*\})? \S+$/, line);
      assert.match(line, /service="unit-service"/, line);
    }
    assert.equal(METRICS_CONTENT_TYPE, metricsRegistry.contentType);
    assert.match(METRICS_CONTENT_TYPE, /^text\/plain; version=0\.0\.4/);
  });
});

describe('measureEmbedding', () => {
  it('records the batch size and time of an embedder call, even when it fails', async () => {
    const count = () =>
      valueOf(embeddingBatchSize, { operation: 'documents' }, 'trove_embedding_batch_size_count');
    const before = await count();
    const sumBefore = await valueOf(
      embeddingBatchSize,
      { operation: 'documents' },
      'trove_embedding_batch_size_sum',
    );
    assert.equal(await measureEmbedding('documents', 7, async () => 'vectors'), 'vectors');
    await assert.rejects(
      measureEmbedding('documents', 3, () => Promise.reject(new Error('model gone'))),
      /model gone/,
    );
    assert.equal(await count(), before + 2);
    assert.equal(
      await valueOf(embeddingBatchSize, { operation: 'documents' }, 'trove_embedding_batch_size_sum'),
      sumBefore + 10,
    );
    assert.equal(
      await valueOf(
        embeddingBatchDuration,
        { operation: 'documents' },
        'trove_embedding_batch_duration_seconds_count',
      ),
      before + 2,
    );
  });
});
