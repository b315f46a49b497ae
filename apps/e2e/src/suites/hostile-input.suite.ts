import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { expectError } from './expect-error';

/** Sends bytes on a raw socket and resolves what came back before the server closed it. */
function rawExchange(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/**
 * Sends a request's headers and only the first bytes of its declared body, and resolves the
 * answer the server gives while the rest is still owed (or null after `waitMs`).
 */
function answerBeforeBody(baseUrl: string, head: string, waitMs: number): Promise<string | null> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(head));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, waitMs);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\r\n\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
  });
}

/**
 * Input an attacker (or a careless client) sends, over HTTP against a running Trove, once per
 * mode (the defects an attack on Trove found, each reproduced before its fix; docs/security.md): every answer is a 4xx in the spec's
 * error shape, and nobody else's request fails because of it.
 */
export function hostileInputSuite(mode: TroveMode): void {
  describe(`hostile input (${mode})`, { timeout: 180_000 }, () => {
    let rig: TroveRig;
    let api: ApiClient;
    let key: string;
    const tenants = Array.from({ length: 10 }, (_, i) => `hostile-${i}-${Date.now()}`);
    const [tenant] = tenants as [string];

    before(async () => {
      // Debug logging: the redaction test reads everything the processes print.
      rig = await startTrove(mode, { env: { EMBEDDINGS_PROVIDER: 'hashing', LOG_LEVEL: 'debug' } });
      const admin = new ApiClient(rig.baseUrl, rig.adminKey);
      const created = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
        json: { owner: 'hostile' },
      });
      key = created.body.full_api_key;
      api = admin.withKey(key);
      for (const id of tenants) {
        assert.equal((await api.post('/tenants/create', { json: { tenant_id: id } })).status, 200);
      }
    });

    after(async () => {
      await rig?.dispose();
    });

    const addMemory = (body: Record<string, unknown>) =>
      api.post('/user_memory/add_user_memory', { json: { tenant_id: tenant, ...body } });

    it('refuses NUL characters and unpaired surrogates with 422 naming the field, on every body and query', async () => {
      const nul = expectError(await addMemory({ raw_text: 'before\u0000after' }), 422, 'VALIDATION_ERROR');
      assert.deepEqual(
        nul.errors?.map((e) => e.field),
        ['raw_text'],
      );
      // JSON.stringify keeps a lone surrogate as the escape \ud800, which JSON.parse restores.
      const lone = expectError(await addMemory({ raw_text: 'half \ud800 a pair' }), 422, 'VALIDATION_ERROR');
      assert.match(lone.message, /unpaired UTF-16 surrogates/);
      const search = await api.post('/search/hybrid-search', {
        json: { tenant_id: tenant, query: 'a\u0000' },
      });
      expectError(search, 422, 'VALIDATION_ERROR');
      const pairs = await addMemory({ user_assistant_pairs: [{ user: 'hi', assistant: 'x\u0000' }] });
      assert.deepEqual(
        expectError(pairs, 422, 'VALIDATION_ERROR').errors?.map((e) => e.field),
        ['user_assistant_pairs[0].assistant'],
      );
      const key = await addMemory({ raw_text: 'fine', ['bad\u0000key']: 1 });
      expectError(key, 422, 'VALIDATION_ERROR');
      const list = await api.get('/list/list-sources', { query: { tenant_id: tenant, cursor: 'a\u0000' } });
      const inQuery = expectError(list, 422, 'VALIDATION_ERROR');
      assert.match(inQuery.message, /cursor must not contain NUL/);
      // Nothing was stored by any of them.
      const found = await api.post<{ chunks: unknown[] }>('/search/full-text-search', {
        json: { tenant_id: tenant, query: 'before after half pair' },
      });
      assert.deepEqual(found.body.chunks, []);
    });

    it('isolates a bad write: 10 tenants add at once while one sends only bad input, and every good add succeeds', async () => {
      const adds = tenants.flatMap((id, t) =>
        Array.from({ length: 12 }, (_, i) =>
          api.post('/user_memory/add_user_memory', {
            json: {
              tenant_id: id,
              memory_id: `m${i}`,
              raw_text: t === 0 ? `poison ${i}\u0000` : `tenant ${t} remembers item ${i}`,
            },
          }),
        ),
      );
      const answers = await Promise.all(adds);
      const bad = answers.slice(0, 12);
      const good = answers.slice(12);
      for (const answer of bad) expectError(answer, 422, 'VALIDATION_ERROR');
      assert.deepEqual(
        [...new Set(good.map((a) => a.status))],
        [200],
        good.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join('\n'),
      );
    });

    it('refuses nesting deeper than 32 levels with 422, not a stack overflow', async () => {
      for (const depth of [33, 5_000, 100_000]) {
        const body = `{"tenant_id":"${tenant}","raw_text":"x","user_name":${'['.repeat(depth)}${']'.repeat(depth)}}`;
        const answer = await api.post('/user_memory/add_user_memory', {
          raw: { body, contentType: 'application/json' },
        });
        assert.match(expectError(answer, 422, 'VALIDATION_ERROR').message, /deeper than 32 levels/);
      }
    });

    it('treats null as absent for every optional top-level field', async () => {
      const added = await addMemory({
        raw_text: 'null fields are absent ones',
        memory_id: null,
        user_name: null,
        infer: null,
        expiry_time: null,
        sub_tenant_id: null,
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const hybrid = await api.post('/search/hybrid-search', {
        json: {
          tenant_id: tenant,
          query: 'null fields',
          sub_tenant_id: null,
          max_chunks: null,
          alpha: null,
          extra_context: null,
          metadata_filters: null,
        },
      });
      assert.equal(hybrid.status, 200, JSON.stringify(hybrid.body));
      const fullText = await api.post('/search/full-text-search', {
        json: { tenant_id: tenant, query: 'null', operator: null, metadata_filters: null },
      });
      assert.equal(fullText.status, 200, JSON.stringify(fullText.body));
      // A required field given as null is missing: 422, not a crash.
      expectError(await addMemory({ raw_text: null }), 422, 'VALIDATION_ERROR');
      expectError(
        await api.post('/search/hybrid-search', { json: { tenant_id: tenant, query: null } }),
        422,
        'VALIDATION_ERROR',
      );
    });

    it('keeps prototype names as plain ids: sub-tenants named __proto__, constructor, toString, prototype', async () => {
      const names = ['__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty', 'valueOf'];
      for (const [i, name] of names.entries()) {
        const answer = await api.post('/user_memory/add_user_memory', {
          json: { tenant_id: tenants[1], sub_tenant_id: name, raw_text: `memory ${i} of ${name}` },
        });
        assert.equal(answer.status, 200, `${name}: ${JSON.stringify(answer.body)}`);
      }
      const stats = await api.get<{
        sub_tenants: { sub_tenant_id: string; counts: { memories: number } }[];
        totals: { memories: number };
      }>('/tenants/stats', { query: { tenant_id: tenants[1] } });
      assert.equal(stats.status, 200, JSON.stringify(stats.body));
      for (const name of names) {
        const entry = stats.body.sub_tenants.find((s) => s.sub_tenant_id === name);
        assert.equal(entry?.counts.memories, 1, `${name}: ${JSON.stringify(entry)}`);
      }
      // The service's prototypes are untouched: another tenant's counts are still numbers.
      const again = await api.get('/tenants/stats', { query: { tenant_id: tenants[2] } });
      assert.equal(again.status, 200);
      assert.ok(!JSON.stringify(again.body).includes('NaN'));
    });

    it('takes the tenant fields from the query or the body on every route, checked the same either way', async () => {
      await addMemory({
        raw_text: 'The lighthouse keeper feeds the gulls at dawn.',
        sub_tenant_id: 'keeper',
      });
      // retrieve_user_memory reads the tenant from the query; given in the body it works as well.
      const inBody = await api.post<{ user_memories: unknown[] }>('/user_memory/retrieve_user_memory', {
        json: { tenant_id: tenant, sub_tenant_id: 'keeper', query: 'who feeds the gulls' },
      });
      assert.equal(inBody.status, 200, JSON.stringify(inBody.body));
      assert.equal(inBody.body.user_memories.length, 1);
      // add_user_memory reads it from the body; given in the query it works as well.
      const inQuery = await api.post('/user_memory/add_user_memory', {
        query: { tenant_id: tenant, sub_tenant_id: 'keeper' },
        json: { raw_text: 'The keeper mends the fishing nets on Sundays.' },
      });
      assert.equal(inQuery.status, 200, JSON.stringify(inQuery.body));
      const mended = await api.post<{ user_memories: { source_content: string }[] }>(
        '/user_memory/retrieve_user_memory',
        { query: { tenant_id: tenant, sub_tenant_id: 'keeper' }, json: { query: 'who mends the nets' } },
      );
      assert.match(mended.body.user_memories[0]?.source_content ?? '', /fishing nets/);
      // Both sides, different values: refused, never one silently preferred.
      const both = await api.post('/search/hybrid-search', {
        query: { tenant_id: tenants[1] },
        json: { tenant_id: tenant, query: 'gulls' },
      });
      assert.match(expectError(both, 422, 'VALIDATION_ERROR').message, /tenant_id differs/);
      // Another owner's tenant, on either side: 403.
      const admin = new ApiClient(rig.baseUrl, rig.adminKey);
      const other = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
        json: { owner: 'someone-else' },
      });
      const stranger = admin.withKey(other.body.full_api_key);
      expectError(
        await stranger.post('/user_memory/retrieve_user_memory', {
          json: { tenant_id: tenant, query: 'gulls' },
        }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await stranger.post('/search/hybrid-search', {
          query: { tenant_id: tenant },
          json: { query: 'gulls' },
        }),
        403,
        'FORBIDDEN',
      );
    });

    it('writes its data readable by its own user only (files 600, folders 700)', () => {
      const open: string[] = [];
      const walk = (dir: string): number => {
        let seen = 0;
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          const mode = statSync(path).mode & 0o777;
          if ((mode & 0o077) !== 0) open.push(`${path.slice(rig.dataDir!.length)} ${mode.toString(8)}`);
          seen += 1 + (entry.isDirectory() ? walk(path) : 0);
        }
        return seen;
      };
      const seen = walk(rig.dataDir!);
      assert.ok(seen > 0, 'the data directory is empty');
      assert.deepEqual(open, [], `${open.length} of ${seen} entries are open to others`);
    });

    it("keeps users' content and keys out of the logs, errors included", async () => {
      const secret = `zebrafinch${Date.now()}`;
      const forged = `sk_live_${'Q'.repeat(40)}`;
      const content = `The vault code is ${secret}.`;
      await addMemory({ raw_text: content, memory_id: 'secret-memory' });
      await addMemory({ raw_text: `${content}\u0000` });
      await addMemory({ raw_text: content, memory_id: 'not an id!' });
      await addMemory({ raw_text: content, expiry_time: -1 });
      await api.post('/search/hybrid-search', { json: { tenant_id: tenant, query: content } });
      await api.post('/search/hybrid-search', { json: { tenant_id: tenant, query: content, alpha: 7 } });
      await api.post('/user_memory/retrieve_user_memory', {
        query: { tenant_id: tenant },
        json: { query: content },
      });
      await api.post('/user_memory/add_user_memory', {
        raw: { body: `{"tenant_id":"${tenant}","raw_text":"${secret}`, contentType: 'application/json' },
      });
      await new ApiClient(rig.baseUrl, forged).post('/search/hybrid-search', {
        json: { tenant_id: tenant, query: content },
      });
      await new ApiClient(rig.baseUrl).get('/tenants/sub_tenant_ids', {
        query: { tenant_id: tenant, access_token: forged },
      });
      await api.post('/ingestion/upload-document', {
        raw: { body: `--x\r\n${secret}`, contentType: 'multipart/form-data; boundary=x' },
      });
      const output = rig.output();
      assert.ok(output.length > 0, 'the processes printed nothing: the test would prove nothing');
      for (const [what, needle] of [
        ['content', secret],
        ['a key', forged],
        ['the test key', key],
      ] as const) {
        const at = output.indexOf(needle);
        assert.equal(at, -1, `${what} in the logs: …${output.slice(Math.max(0, at - 200), at + 100)}…`);
      }
    });

    it('takes the key from the Authorization header only, never from the query string or the body', async () => {
      const query = await new ApiClient(rig.baseUrl).get('/tenants/sub_tenant_ids', {
        query: { tenant_id: tenant, access_token: key },
      });
      expectError(query, 401, 'UNAUTHORIZED');
      const body = await new ApiClient(rig.baseUrl).post('/search/hybrid-search', {
        json: { tenant_id: tenant, query: 'x', access_token: key },
      });
      expectError(body, 401, 'UNAUTHORIZED');
    });

    it('checks the key before reading any body: a bad key gets 401 while 50 MB are still owed', async () => {
      const { host } = new URL(rig.baseUrl);
      for (const [path, type] of [
        ['/user_memory/add_user_memory', 'application/json'],
        ['/upload/upload_embeddings?tenant_id=x', 'application/json'],
        ['/ingestion/upload-document', 'multipart/form-data; boundary=xyz'],
      ] as const) {
        const answer = await answerBeforeBody(
          rig.baseUrl,
          `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer sk_live_notakey\r\n` +
            `Content-Type: ${type}\r\nContent-Length: 50000000\r\n\r\n{"tenant_id":`,
          3000,
        );
        assert.ok(answer, `${path}: no answer while the body was owed`);
        assert.match(answer, /^HTTP\/1\.1 401 /, `${path}: ${answer}`);
        assert.match(answer, /\r\nwww-authenticate: Bearer\r\n/i, `${path}: ${answer}`);
      }
    });

    it('answers errors met before routing in the spec shape: a malformed URL, oversized headers', async () => {
      const url = await fetch(`${rig.baseUrl}/%`);
      assert.equal(url.status, 400);
      assert.equal(
        ((await url.json()) as { detail: { error_code: string } }).detail.error_code,
        'INVALID_PARAMETERS',
      );
      const { host } = new URL(rig.baseUrl);
      const answer = await rawExchange(
        rig.baseUrl,
        `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      assert.match(answer, /^HTTP\/1\.1 431 /);
      const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
        detail: { error_code: string };
      };
      assert.equal(json.detail.error_code, 'INVALID_PARAMETERS');
    });
  });
}

/** Per-key rate limits, on a Trove started with a small allowance. */
export function rateLimitSuite(mode: TroveMode): void {
  describe(`rate limits (${mode})`, { timeout: 120_000 }, () => {
    let rig: TroveRig;
    let admin: ApiClient;

    before(async () => {
      rig = await startTrove(mode, {
        env: { EMBEDDINGS_PROVIDER: 'hashing', RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_MS: '3000' },
      });
      admin = new ApiClient(rig.baseUrl, rig.adminKey);
    });

    after(async () => {
      await rig?.dispose();
    });

    it('answers 429 RATE_LIMITED with Retry-After past a key’s allowance, and other keys go on', async () => {
      const keys = await Promise.all(
        ['busy', 'calm'].map(async (owner) => {
          const created = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
            json: { owner },
          });
          return created.body.full_api_key;
        }),
      );
      const [busy, calm] = keys.map((key) => new ApiClient(rig.baseUrl, key)) as [ApiClient, ApiClient];
      const statuses: number[] = [];
      let limited: Awaited<ReturnType<ApiClient['get']>> | undefined;
      for (let i = 0; i < 6; i++) {
        const answer = await busy.get('/api-keys/list');
        statuses.push(answer.status);
        if (answer.status === 429) limited ??= answer;
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
      assert.match(expectError(limited!, 429, 'RATE_LIMITED').message, /at most 4 requests/);
      const retryAfter = Number(limited!.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 3, `retry-after ${retryAfter}`);
      assert.equal((await calm.get('/api-keys/list')).status, 200);
      // Health is not counted; a bad key is a 401, not a 429.
      for (let i = 0; i < 6; i++) assert.equal((await busy.get('/healthz')).status, 200);
      expectError(
        await new ApiClient(rig.baseUrl, 'sk_live_nope').get('/api-keys/list'),
        401,
        'UNAUTHORIZED',
      );
      // After the window, the key works again.
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 200));
      assert.equal((await busy.get('/api-keys/list')).status, 200);
    });
  });
}
