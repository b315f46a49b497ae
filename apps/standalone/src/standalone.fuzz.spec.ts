import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createStandaloneApp, StandaloneApp } from './standalone.app';
import { loadStandaloneSettings } from './standalone-config';

/*
 * Fuzzing the whole HTTP API in process: every route and every field of the OpenAPI document the
 * app serves (built from the validating DTOs, so a new field is fuzzed as soon as it exists),
 * with wrong types, nulls, extremes, control characters, prototype keys, huge strings, deep
 * nesting and duplicate keys. Every answer must be below 500, in the spec's error shape when it
 * is an error, and come within FUZZ_TIMEOUT_MS. Seeded: FUZZ_SEED and FUZZ_RUNS reproduce a run
 * (bench/fuzz.bench.mjs runs it longer).
 */

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261125);
const FUZZ_TIMEOUT_MS = 10_000;
const ADMIN_KEY = `sk_live_${'Fz9'.repeat(13)}q`;
const TENANT = 'fuzz-tenant';

interface OpenApiOperation {
  parameters?: { name: string; in: 'query' | 'path' | 'header' }[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
}
interface Operation {
  method: string;
  path: string;
  query: string[];
  pathParams: string[];
  body: string[];
  contentType: string | undefined;
  /** Answers with a stream that stays open (server-sent events): answered once its head is. */
  streams: boolean;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      const ref = media?.schema?.$ref?.split('/').pop();
      const schema = ref ? document.components?.schemas?.[ref] : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        body: Object.keys(schema?.properties ?? {}),
        contentType,
        streams: Object.values(operation.responses ?? {}).some(
          (response) => response.content?.['text/event-stream'] !== undefined,
        ),
      });
    }
  }
  return operations;
}

/** Nesting too deep to build as a value (JSON.stringify would overflow): written out as text. */
class DeepNest {
  constructor(readonly depth: number) {}
}

const encode = (value: unknown): string =>
  value instanceof DeepNest
    ? '['.repeat(value.depth) + ']'.repeat(value.depth)
    : (JSON.stringify(value) ?? 'null');

/** Values a careless or hostile client sends in place of any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    TENANT,
    'default',
    '__proto__',
    'constructor',
    'toString',
    'a\u0000b',
    '\ud800',
    '💥'.repeat(50),
    '../../etc/passwd',
    'x'.repeat(300_000),
    [],
    {},
    [null],
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}}'),
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }),
  fc.array(fc.double(), { maxLength: 8 }),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
  fc.integer({ min: 40, max: 5000 }).map((depth) => new DeepNest(depth)),
);

/** A query-string value: what a URL can carry. */
const hostileQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  fc.constantFrom('', TENANT, '__proto__', 'a\u0000b', '%', '-1', '1e309', 'x'.repeat(10_000), 'a,b,,c'),
  fc.string({ maxLength: 30 }),
  fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 }),
);

interface Case {
  operation: Operation;
  query: Record<string, string | string[]>;
  pathValue: string;
  body: string | undefined;
  key: 'admin' | 'none' | 'bad';
}

function caseOf(operations: Operation[]): fc.Arbitrary<Case> {
  return fc
    .record({
      index: fc.nat({ max: operations.length - 1 }),
      queryPicks: fc.array(fc.tuple(fc.nat(), hostileQueryValue), { maxLength: 5 }),
      bodyPicks: fc.array(fc.tuple(fc.nat(), hostileValue), { maxLength: 6 }),
      extraKeys: fc.array(
        fc.tuple(fc.constantFrom('__proto__', 'constructor', 'unknown_field', 'tenant_id'), hostileValue),
        {
          maxLength: 2,
        },
      ),
      shape: fc.constantFrom('object', 'object', 'object', 'array', 'scalar', 'broken', 'duplicate', 'empty'),
      withTenant: fc.boolean(),
      pathValue: fc.oneof(
        fc.constantFrom('key_x', '%2e%2e', 'a b', '__proto__'),
        fc.string({ maxLength: 20 }),
      ),
      key: fc.constantFrom('admin', 'admin', 'admin', 'none', 'bad') as fc.Arbitrary<Case['key']>,
    })
    .map(({ index, queryPicks, bodyPicks, extraKeys, shape, withTenant, pathValue, key }) => {
      const operation = operations[index]!;
      const query: Record<string, string | string[]> = {};
      if (withTenant && operation.query.includes('tenant_id')) query['tenant_id'] = TENANT;
      for (const [n, value] of queryPicks) {
        if (operation.query.length > 0) query[operation.query[n % operation.query.length]!] = value;
      }
      const fields: [string, unknown][] =
        withTenant && operation.body.includes('tenant_id') ? [['tenant_id', TENANT]] : [];
      for (const [n, value] of bodyPicks) {
        if (operation.body.length > 0) fields.push([operation.body[n % operation.body.length]!, value]);
      }
      const json = (entries: [string, unknown][]) =>
        `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${encode(v)}`).join(',')}}`;
      const body =
        shape === 'object'
          ? json([...fields, ...extraKeys])
          : shape === 'duplicate'
            ? json([...fields, ...fields.map(([k]) => [k, 'dup'] as [string, unknown])])
            : shape === 'array'
              ? `[${fields.map(([, v]) => encode(v)).join(',')}]`
              : shape === 'scalar'
                ? encode(fields[0]?.[1] ?? 42)
                : shape === 'broken'
                  ? json(fields).slice(0, -1)
                  : undefined;
      return { operation, query, pathValue, body, key };
    });
}

describe('fuzzing every route and field (in process)', { timeout: 600_000 }, () => {
  let standalone: StandaloneApp;
  let dataDir: string;
  let operations: Operation[];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'trove-fuzz-'));
    const config = loadStandaloneSettings({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_API_KEY: ADMIN_KEY,
      EMBEDDINGS_PROVIDER: 'hashing',
      INGESTION_CONCURRENCY: '1',
    });
    standalone = await createStandaloneApp(config);
    await standalone.app.init();
    const fastify = standalone.app.getHttpAdapter().getInstance();
    await fastify.ready();
    const created = await fastify.inject({
      method: 'POST',
      url: '/tenants/create',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      payload: { tenant_id: TENANT },
    });
    assert.equal(created.statusCode, 200, created.body);
    const document = (
      await fastify.inject({ method: 'GET', url: '/openapi.json' })
    ).json() as OpenApiDocument;
    operations = operationsOf(document);
  });

  after(async () => {
    await standalone?.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers ${RUNS} hostile requests below 500, in the error shape, each within ${FUZZ_TIMEOUT_MS} ms (seed ${SEED})`, async () => {
    // Every route and field the document names is reachable by the generator.
    assert.ok(operations.length >= 20, `only ${operations.length} operations in the OpenAPI document`);
    assert.ok(
      operations.some((o) => o.streams),
      'no event-stream route in the document',
    );
    assert.ok(operations.reduce((n, o) => n + o.body.length + o.query.length, 0) >= 60);
    const fastify = standalone.app.getHttpAdapter().getInstance();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(caseOf(operations), async ({ operation, query, pathValue, body, key }) => {
        let url = operation.path;
        for (const name of operation.pathParams)
          url = url.replace(`{${name}}`, encodeURIComponent(pathValue));
        const headers: Record<string, string> = {};
        if (key === 'admin') headers['authorization'] = `Bearer ${ADMIN_KEY}`;
        if (key === 'bad') headers['authorization'] = 'Bearer sk_live_wrong';
        if (body !== undefined)
          headers['content-type'] = operation.contentType?.startsWith('multipart')
            ? 'application/json'
            : (operation.contentType ?? 'application/json');
        const answer = await Promise.race([
          fastify
            .inject({
              method: operation.method as 'GET',
              url,
              query,
              headers,
              ...(body !== undefined && operation.method !== 'GET' ? { payload: body } : {}),
              // An event stream that opens stays open: the head is its answer; an error ends it.
              ...(operation.streams ? { payloadAsStream: true } : {}),
            })
            .then(async (response) => {
              if (!operation.streams) return response;
              const stream = response.stream();
              if (response.statusCode < 400) {
                stream.destroy();
                return { statusCode: response.statusCode, body: '', json: () => ({}) };
              }
              const chunks: Buffer[] = [];
              for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
              const text = Buffer.concat(chunks).toString('utf8');
              return { statusCode: response.statusCode, body: text, json: () => JSON.parse(text) as unknown };
            }),
          new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error(`no answer within ${FUZZ_TIMEOUT_MS} ms`)),
              FUZZ_TIMEOUT_MS,
            ).unref(),
          ),
        ]);
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        const described = `${operation.method} ${url} ${JSON.stringify(query).slice(0, 300)} ${String(body).slice(0, 300)}`;
        assert.ok(
          answer.statusCode < 500,
          `${answer.statusCode} for ${described}: ${answer.body.slice(0, 300)}`,
        );
        if (answer.statusCode >= 400) {
          const detail = (answer.json() as { detail?: { success?: unknown; error_code?: unknown } }).detail;
          assert.equal(detail?.success, false, `${described}: ${answer.body.slice(0, 300)}`);
          assert.equal(typeof detail?.error_code, 'string', `${described}: ${answer.body.slice(0, 300)}`);
        }
        assert.equal(
          ({} as Record<string, unknown>)['polluted'],
          undefined,
          `prototype polluted by ${described}`,
        );
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The run got past the front door: most requests reached validation or the handlers.
    const count = (keep: (status: number) => boolean) =>
      [...statuses].filter(([status]) => keep(status)).reduce((n, [, c]) => n + c, 0);
    assert.ok(count((s) => s !== 401) > RUNS * 0.4, `statuses: ${JSON.stringify([...statuses])}`);
    assert.ok(count((s) => s < 300) > 0, `nothing was accepted: ${JSON.stringify([...statuses])}`);
    const report = process.env['FUZZ_REPORT'];
    if (report)
      writeFileSync(
        report,
        JSON.stringify({ runs: RUNS, seed: SEED, statuses: Object.fromEntries(statuses) }),
      );
  });
});
