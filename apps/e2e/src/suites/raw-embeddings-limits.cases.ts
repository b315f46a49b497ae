import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import { D, Hit, matrix, rawApi } from './raw-embeddings-http';
import type { RawEmbeddingsContext } from './raw-embeddings.suite';

/**
 * Columns, dimensions and body sizes at and past their limits. Runs last: the largest legal
 * upload is the heaviest case of the suite, on a tenant of its own.
 */
export function rawLimitCases(ctx: RawEmbeddingsContext): void {
  const { upload, search, completed } = rawApi(ctx);
  const wide = () => `${ctx.tenant}-wide`;

  describe('limits', () => {
    it('takes 3024 columns and refuses 3025 (400 INVALID_PARAMETERS)', async () => {
      expectError(
        await upload({ embeddings: matrix(1, 3025) }, { tenant_id: wide() }),
        400,
        'INVALID_PARAMETERS',
      );
      const ok = await upload({ embeddings: matrix(2, 3024), file_id: 'w' }, { tenant_id: wide() });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
    });

    it("keeps the dimension of a tenant's first upload: other uploads and searches are 400 DIMENSION_MISMATCH", async () => {
      // The tenant -wide took 3024 columns in the case before; the suite's tenant took D.
      expectError(
        await upload({ embeddings: matrix(1, 3000) }, { tenant_id: wide() }),
        400,
        'DIMENSION_MISMATCH',
      );
      expectError(await upload({ embeddings: matrix(1, D + 1) }), 400, 'DIMENSION_MISMATCH');
      expectError(await search({ query_embedding: matrix(1, D + 1)[0] }), 400, 'DIMENSION_MISMATCH');
      await completed('w', {}, wide());
    });

    it('refuses a body declared larger than the limit with 413 before reading it', async () => {
      const url = new URL('/upload/upload_embeddings', ctx.rig.baseUrl);
      url.searchParams.set('tenant_id', ctx.tenant);
      const started = Date.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          url,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${ctx.rig.adminKey}`,
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
      const big = `${ctx.tenant}-big`;
      assert.equal((await ctx.alice.post('/tenants/create', { json: { tenant_id: big } })).status, 200);
      const rows = Array.from({ length: 2000 }, (_, r) =>
        Array.from({ length: 3024 }, (_, c) => Math.sin(r * 3024 + c)),
      );
      const body = JSON.stringify({ embeddings: rows, file_id: 'largest' });
      assert.ok(body.length > 100_000_000, `${body.length} bytes`);
      const answer = await ctx.alice.post<{ file_id: string }>('/upload/upload_embeddings', {
        query: { tenant_id: big },
        raw: { body, contentType: 'application/json' },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      await completed('largest', {}, big);
      const found = await ctx.alice.post<Hit[]>('/embeddings/search-raw-embeddings', {
        json: { tenant_id: big, query_embedding: rows[1999], limit: 1 },
      });
      assert.equal(found.body[0]!.chunk_id, 'largest_1999');
    });
  });
}
