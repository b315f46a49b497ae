import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ApiClient, ApiResponse, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { expectError } from './expect-error';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const D = 16;
/** Distinct, well-separated rows: row r leans on axis r mod D. */
const matrix = (rows: number, dimension = D, seed = 1): number[][] =>
  Array.from({ length: rows }, (_, r) =>
    Array.from(
      { length: dimension },
      (_, c) => Math.sin(seed * 31 + r * 7 + c) / 4 + (c === r % dimension ? 2 : 0),
    ),
  );

interface Hit {
  chunk_id: string;
  source_id: string;
  score: number;
  distance: number;
  embedding?: number[];
}

/** Every raw-embedding rule over HTTP (docs/api.md, Raw embeddings), run once per mode. */
export function rawEmbeddingsSuite(mode: TroveMode): void {
  describe(`raw embeddings and verify-processing (${mode})`, { timeout: 300_000 }, () => {
    let rig: TroveRig;
    let alice: ApiClient;
    let bob: ApiClient;
    const tenant = `raw-${Date.now()}`;

    const upload = (body: unknown, query: Record<string, string> = {}, client = alice) =>
      client.post<{ file_id: string; success: boolean; status: string; message: string }>(
        '/upload/upload_embeddings',
        typeof body === 'string'
          ? { query: { tenant_id: tenant, ...query }, raw: { body, contentType: 'application/json' } }
          : { query: { tenant_id: tenant, ...query }, json: body },
      );
    const update = (embeddings: Record<string, number[]>, query: Record<string, string> = {}) =>
      alice.request<{ file_id: string }>('PATCH', '/upload/update_embeddings', {
        query: { tenant_id: tenant, ...query },
        json: { embeddings },
      });
    const search = (body: Record<string, unknown>, client = alice) =>
      client.post<Hit[]>('/embeddings/search-raw-embeddings', { json: { tenant_id: tenant, ...body } });
    const remove = (params: string, query: Record<string, string> = {}) =>
      alice.delete<{ delete_count: number; success: boolean }>(
        `/embeddings/delete-raw-embeddings?${params}`,
        {
          query: { tenant_id: tenant, ...query },
        },
      );
    const verify = (fileId: string, query: Record<string, string> = {}, t = tenant) =>
      alice.post<{ indexing_status: string; file_id: string }>('/ingestion/verify-processing', {
        query: { tenant_id: t, file_id: fileId, ...query },
      });
    /** Polls verify-processing until completed (errored or a timeout fails the test). */
    const completed = async (
      fileId: string,
      query: Record<string, string> = {},
      t = tenant,
    ): Promise<void> => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const answer = await verify(fileId, query, t);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        if (answer.body.indexing_status === 'completed') return;
        assert.notEqual(answer.body.indexing_status, 'errored', JSON.stringify(answer.body));
        assert.ok(Date.now() < deadline, `${fileId} still ${answer.body.indexing_status}`);
        await sleep(50);
      }
    };
    const ids = (answer: ApiResponse<Hit[]>) => answer.body.map((h) => h.chunk_id);

    before(async () => {
      rig = await startTrove(mode);
      const admin = new ApiClient(rig.baseUrl, rig.adminKey);
      const key = async (owner: string) =>
        (await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', { json: { owner } })).body
          .full_api_key;
      alice = new ApiClient(rig.baseUrl, await key('alice'));
      bob = new ApiClient(rig.baseUrl, await key('bob'));
      for (const t of [tenant, `${tenant}-wide`]) {
        assert.equal((await alice.post('/tenants/create', { json: { tenant_id: t } })).status, 200);
      }
    });
    after(async () => {
      await rig?.dispose();
    });

    it('uploads a batch as queued, reports completed, then finds every row by cosine', async () => {
      const rows = matrix(12);
      const answer = await upload({ embeddings: rows, file_id: 'docs-1' });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(
        [answer.body.file_id, answer.body.success, answer.body.status],
        ['docs-1', true, 'queued'],
      );
      await completed('docs-1');
      for (const row of [0, 5, 11]) {
        const found = await search({ query_embedding: rows[row], limit: 3 });
        assert.equal(found.status, 200, JSON.stringify(found.body));
        assert.equal(found.body[0]!.chunk_id, `docs-1_${row}`);
        assert.equal(found.body[0]!.source_id, 'docs-1');
        assert.ok(Math.abs(found.body[0]!.score - 1) < 1e-5);
        assert.ok(Math.abs(found.body[0]!.distance) < 1e-5);
        assert.equal(found.body[0]!.embedding, undefined);
      }
    });

    it('generates a file_id when none (or an empty or null one) is given', async () => {
      for (const body of [
        { embeddings: matrix(1) },
        { embeddings: matrix(1), file_id: '' },
        { embeddings: matrix(1), file_id: null },
      ]) {
        const answer = await upload(body);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.match(answer.body.file_id, /^[0-9a-f-]{36}$/);
      }
    });

    it('takes 2000 rows and refuses 2001 (400 TOO_MANY_ROWS)', async () => {
      assert.equal((await upload({ embeddings: matrix(2000), file_id: 'rows-2000' })).status, 200);
      expectError(await upload({ embeddings: matrix(2001), file_id: 'rows-2001' }), 400, 'TOO_MANY_ROWS');
      await completed('rows-2000');
    });

    it('takes 3024 columns and refuses 3025; a tenant keeps the dimension of its first upload', async () => {
      const wide = `${tenant}-wide`;
      expectError(
        await upload({ embeddings: matrix(1, 3025) }, { tenant_id: wide }),
        400,
        'INVALID_PARAMETERS',
      );
      const ok = await upload({ embeddings: matrix(2, 3024), file_id: 'w' }, { tenant_id: wide });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      expectError(
        await upload({ embeddings: matrix(1, 3000) }, { tenant_id: wide }),
        400,
        'DIMENSION_MISMATCH',
      );
      expectError(await upload({ embeddings: matrix(1, D + 1) }), 400, 'DIMENSION_MISMATCH');
      expectError(await search({ query_embedding: matrix(1, D + 1)[0] }), 400, 'DIMENSION_MISMATCH');
      await completed('w', {}, wide);
    });

    it('refuses ragged, empty, non-numeric and NaN input with 422 and the spec error shape', async () => {
      const cases: unknown[] = [
        { embeddings: [[1, 2], [3]] },
        { embeddings: [] },
        { embeddings: [[]] },
        { embeddings: [[1, '2']] },
        { embeddings: [['a', 'b']] },
        { embeddings: 'nope' },
        { embeddings: [[1]], unknown_field: true },
        { file_id: 'x' },
        '{"embeddings": [[1, NaN]]}',
        '{"embeddings": [[1, 2]',
      ];
      for (const body of cases) {
        const detail = expectError(await upload(body), 422, 'VALIDATION_ERROR');
        assert.ok(detail.message.length > 0);
      }
      expectError(await upload({ embeddings: [matrix(1)[0]!.map(() => 0)] }), 400, 'INVALID_PARAMETERS');
    });

    it('replaces a batch uploaded again with its file_id, fully and idempotently', async () => {
      await upload({ embeddings: matrix(5, D, 2), file_id: 'rep' });
      await completed('rep');
      await upload({ embeddings: matrix(2, D, 3), file_id: 'rep' });
      await completed('rep');
      const all = await search({ query_embedding: matrix(5, D, 2)[4], limit: 20, source_ids: ['rep'] });
      assert.deepEqual(ids(all).sort(), ['rep_0', 'rep_1']);
      await upload({ embeddings: matrix(2, D, 3), file_id: 'rep' });
      await completed('rep');
      const again = await search({ query_embedding: matrix(2, D, 3)[1], limit: 20, source_ids: ['rep'] });
      assert.deepEqual(ids(again), ['rep_1', 'rep_0']);
    });

    it('updates vectors by chunk id; unknown ids, two batches and too many are refused', async () => {
      const target = matrix(1, D, 9)[0]!;
      const answer = await update({ 'docs-1_3': target });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.file_id, 'docs-1');
      await completed('docs-1');
      assert.equal((await search({ query_embedding: target, limit: 1 })).body[0]!.chunk_id, 'docs-1_3');
      expectError(await update({ 'docs-1_12': target }), 404, 'NOT_FOUND');
      expectError(await update({ nothing_0: target }), 404, 'NOT_FOUND');
      expectError(await update({ 'docs-1_0': target, rep_0: target }), 400, 'INVALID_PARAMETERS');
      expectError(await update({ 'docs-1_0': [1, 2] }), 400, 'DIMENSION_MISMATCH');
      const many = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`rows-2000_${i}`, target]));
      expectError(await update(many), 400, 'TOO_MANY_ROWS');
      const limit = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`rows-2000_${i}`, target]));
      assert.equal((await update(limit)).status, 200);
      await completed('rows-2000');
    });

    it('returns stored vectors with include_embedding and filters by source_ids', async () => {
      const rows = [[0.5, -1.25, 3, 0.001, ...Array.from({ length: D - 4 }, (_, i) => i)]];
      await upload({ embeddings: rows, file_id: 'exact' });
      await completed('exact');
      const found = await search({
        query_embedding: rows[0],
        limit: 1,
        include_embedding: true,
        source_ids: ['exact'],
      });
      assert.deepEqual(
        found.body[0]!.embedding,
        rows[0]!.map((x) => Math.fround(x)),
      );
      const scoped = await search({ query_embedding: rows[0], limit: 50, source_ids: ['rep', 'exact'] });
      assert.ok(scoped.body.every((h) => ['rep', 'exact'].includes(h.source_id)));
      assert.equal(scoped.body.length, 3);
      for (const bad of [
        { limit: 0 },
        { limit: 1001 },
        { query_embedding: [] },
        { query_embedding: ['x'] },
      ]) {
        expectError(await search({ query_embedding: rows[0], ...bad }), 422, 'VALIDATION_ERROR');
      }
    });

    it('deletes by source_id or chunk_ids (exactly one), counting what existed', async () => {
      await upload({ embeddings: matrix(4, D, 5), file_id: 'del' });
      await completed('del');
      const some = await remove('chunk_ids=del_1&chunk_ids=del_2&chunk_ids=del_9');
      assert.deepEqual(some.body, { delete_count: 2, success: true, error: '' });
      const left = await search({ query_embedding: matrix(4, D, 5)[1], limit: 10, source_ids: ['del'] });
      assert.deepEqual(ids(left).sort(), ['del_0', 'del_3']);
      assert.equal((await remove('source_id=del')).body.delete_count, 2);
      assert.equal((await remove('source_id=del')).body.delete_count, 0);
      expectError(await verify('del'), 404, 'FILE_NOT_FOUND');
      expectError(await remove(''), 422, 'VALIDATION_ERROR');
      expectError(await remove('source_id=rep&chunk_ids=rep_0'), 422, 'VALIDATION_ERROR');
    });

    it('keeps tenants and sub-tenants apart, and erases a deleted sub-tenant’s embeddings', async () => {
      const secret = matrix(1, D, 21)[0]!;
      await upload({ embeddings: [secret], file_id: 'team-file' }, { sub_tenant_id: 'team' });
      await completed('team-file', { sub_tenant_id: 'team' });
      assert.equal(
        (await search({ query_embedding: secret, limit: 1, sub_tenant_id: 'team' })).body[0]!.chunk_id,
        'team-file_0',
      );
      assert.ok(!ids(await search({ query_embedding: secret, limit: 100 })).includes('team-file_0'));
      expectError(await verify('team-file'), 404, 'FILE_NOT_FOUND');
      expectError(await search({ query_embedding: secret }, bob), 403, 'FORBIDDEN');
      expectError(await upload({ embeddings: [secret] }, {}, bob), 403, 'FORBIDDEN');
      const stats = await alice.get<{
        sub_tenants: { sub_tenant_id: string; counts: Record<string, number> }[];
      }>('/tenants/stats', { query: { tenant_id: tenant } });
      assert.equal(stats.body.sub_tenants.find((s) => s.sub_tenant_id === 'team')?.counts['embeddings'], 1);
      const deleted = await alice.delete('/tenant/delete_sub_tenant', {
        query: { tenant_id: tenant, sub_tenant_id: 'team' },
      });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      await sleep(500);
      assert.deepEqual((await search({ query_embedding: secret, sub_tenant_id: 'team' })).body, []);
      expectError(await verify('team-file', { sub_tenant_id: 'team' }), 404, 'FILE_NOT_FOUND');
    });

    it('verify-processing knows memories too, and answers 404 FILE_NOT_FOUND for anything else', async () => {
      const added = await alice.post('/user_memory/add_user_memory', {
        json: { tenant_id: tenant, raw_text: 'I keep my embeddings in Trove.', memory_id: 'mem-1' },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual((await verify('mem-1')).body, {
        file_id: 'mem-1',
        indexing_status: 'completed',
        success: true,
        message: 'Processing status retrieved successfully',
      });
      expectError(await verify('never-uploaded'), 404, 'FILE_NOT_FOUND');
      expectError(await verify('bad id!'), 422, 'VALIDATION_ERROR');
    });

    it('refuses a body declared larger than the limit with 413 before reading it', async () => {
      const url = new URL('/upload/upload_embeddings', rig.baseUrl);
      url.searchParams.set('tenant_id', tenant);
      const started = Date.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          url,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${rig.adminKey}`,
              'content-type': 'application/json',
              'content-length': String(300 * 1024 * 1024),
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
            req.destroy();
          },
        );
        req.on('error', reject);
        req.write('{"embeddings": [[1');
      });
      assert.equal(status, 413);
      assert.ok(Date.now() - started < 5000);
    });

    it('accepts the largest legal upload (2000 × 3024 numbers) and indexes it', async () => {
      const big = `${tenant}-big`;
      assert.equal((await alice.post('/tenants/create', { json: { tenant_id: big } })).status, 200);
      const rows = Array.from({ length: 2000 }, (_, r) =>
        Array.from({ length: 3024 }, (_, c) => Math.sin(r * 3024 + c)),
      );
      const body = JSON.stringify({ embeddings: rows, file_id: 'largest' });
      assert.ok(body.length > 100_000_000, `${body.length} bytes`);
      const answer = await alice.post<{ file_id: string }>('/upload/upload_embeddings', {
        query: { tenant_id: big },
        raw: { body, contentType: 'application/json' },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      await completed('largest', {}, big);
      const found = await alice.post<Hit[]>('/embeddings/search-raw-embeddings', {
        json: { tenant_id: big, query_embedding: rows[1999], limit: 1 },
      });
      assert.equal(found.body[0]!.chunk_id, 'largest_1999');
    });
  });
}
