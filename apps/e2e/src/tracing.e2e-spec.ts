import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Map<string, unknown>;
}

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}

/** OTLP JSON carries ids in hex; accept base64 too (the protobuf-JSON mapping). */
function hexId(id: unknown): string {
  if (typeof id !== 'string' || id === '') return '';
  return /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

function attributes(list: OtlpAttribute[] | undefined): Map<string, unknown> {
  return new Map((list ?? []).map((a) => [a.key, Object.values(a.value)[0]]));
}

/** A collector standing in for an OpenTelemetry one: it keeps every span it is sent. */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[]; server: Server }> {
  const spans: ExportedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      assert.equal(request.url, '/v1/traces');
      assert.match(request.headers['content-type'] ?? '', /json/);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: OtlpAttribute[] };
          scopeSpans: {
            spans: {
              traceId: string;
              spanId: string;
              parentSpanId?: string;
              name: string;
              kind: number;
              attributes?: OtlpAttribute[];
            }[];
          }[];
        }[];
      };
      for (const resource of body.resourceSpans) {
        const service = String(attributes(resource.resource.attributes).get('service.name'));
        for (const scope of resource.scopeSpans) {
          for (const span of scope.spans) {
            spans.push({
              service,
              traceId: hexId(span.traceId),
              spanId: hexId(span.spanId),
              parentSpanId: hexId(span.parentSpanId),
              name: span.name,
              kind: span.kind,
              attributes: attributes(span.attributes),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('collector has no port');
  return { url: `http://127.0.0.1:${address.port}`, spans, server };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SpanKind in OTLP: 2 server, 3 client. */
const SERVER = 2;
const CLIENT = 3;

function tracingSuite(mode: TroveMode): void {
  describe(`traces (${mode})`, { timeout: 120_000 }, () => {
    let rig: TroveRig;
    let collector: Awaited<ReturnType<typeof startCollector>>;

    before(async () => {
      collector = await startCollector();
      rig = await startTrove(mode, {
        env: {
          EMBEDDINGS_PROVIDER: 'hashing',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_BSP_SCHEDULE_DELAY: '100',
        },
      });
    });

    after(async () => {
      await rig?.dispose();
      collector?.server.close();
    });

    it('continues the caller’s trace from the gateway across the transport into the service', async () => {
      const traceId = randomBytes(16).toString('hex');
      const callerSpan = randomBytes(8).toString('hex');
      const admin = new ApiClient(rig.baseUrl, rig.adminKey);
      const answer = await admin.get('/api-keys/list', {
        headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
      });
      assert.equal(answer.status, 200);

      const inTrace = () => collector.spans.filter((s) => s.traceId === traceId);
      const http = await until('HTTP span', () =>
        inTrace().find((s) => s.kind === SERVER && s.name === 'GET /api-keys/list'),
      );
      assert.equal(http.parentSpanId, callerSpan, 'the HTTP span is a child of the caller’s');
      assert.equal(http.attributes.get('http.response.status_code'), 200);
      assert.equal(http.service, mode === 'standalone' ? 'trove-standalone' : 'trove-gateway');
      const send = await until('client span', () =>
        inTrace().find((s) => s.kind === CLIENT && s.parentSpanId === http.spanId),
      );
      assert.match(send.name, /^send tenant\./);
      const pattern = send.name.slice('send '.length);
      const handled = await until('handler span', () =>
        inTrace().find((s) => s.kind === SERVER && s.parentSpanId === send.spanId),
      );
      assert.equal(handled.name, `handle ${pattern}`);
      assert.equal(handled.service, mode === 'standalone' ? 'trove-standalone' : 'trove-tenant');
      assert.equal(handled.attributes.get('messaging.system'), 'nats');
    });

    it('starts a new trace for a caller that sends none, and keeps tenants’ ids out of span names', async () => {
      const before = new Set(collector.spans.map((s) => s.traceId));
      const admin = new ApiClient(rig.baseUrl, rig.adminKey);
      assert.equal(
        (await admin.get('/tenants/stats', { query: { tenant_id: 'tenant-xyz-secret' } })).status < 500,
        true,
      );
      const span = await until('HTTP span of the stats request', () =>
        collector.spans.find(
          (s) => s.kind === SERVER && s.name === 'GET /tenants/stats' && !before.has(s.traceId),
        ),
      );
      assert.equal(span.parentSpanId, '');
      assert.ok(
        collector.spans.every((s) => !s.name.includes('tenant-xyz-secret')),
        'a span name carries a tenant id',
      );
    });
  });
}

tracingSuite('standalone');
tracingSuite('distributed');
