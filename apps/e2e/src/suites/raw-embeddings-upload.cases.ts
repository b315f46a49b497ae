import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import { matrix, rawApi } from './raw-embeddings-http';
import type { RawEmbeddingsContext } from './raw-embeddings.suite';

/**
 * Uploading batches and finding them again, and the batches refused. Runs first: its first
 * upload sets the tenant's dimension, and it stores `docs-1` and `rows-2000`, which the change
 * cases update.
 */
export function rawUploadCases(ctx: RawEmbeddingsContext): void {
  const { upload, search, completed } = rawApi(ctx);

  describe('upload', () => {
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

    it('refuses ragged, empty, non-numeric and NaN input with 422 and the error shape', async () => {
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
    });

    it('refuses an all-zero vector, which has no direction: 400 INVALID_PARAMETERS', async () => {
      expectError(await upload({ embeddings: [matrix(1)[0]!.map(() => 0)] }), 400, 'INVALID_PARAMETERS');
    });
  });
}
