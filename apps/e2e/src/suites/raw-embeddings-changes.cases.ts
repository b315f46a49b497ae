import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import { D, ids, matrix, rawApi } from './raw-embeddings-http';
import type { RawEmbeddingsContext } from './raw-embeddings.suite';

/**
 * Replacing, updating, reading back and deleting stored vectors. Runs after the upload cases and
 * updates the batches they stored (`docs-1`, `rows-2000`); the batches below are its own.
 */
export function rawChangeCases(ctx: RawEmbeddingsContext): void {
  const { upload, update, search, remove, verify, completed } = rawApi(ctx);
  const target = matrix(1, D, 9)[0]!;
  const exact = [0.5, -1.25, 3, 0.001, ...Array.from({ length: D - 4 }, (_, i) => i)];

  describe('changes', () => {
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

    it('updates a vector by its chunk id, in its own batch', async () => {
      const answer = await update({ 'docs-1_3': target });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.file_id, 'docs-1');
      await completed('docs-1');
      assert.equal((await search({ query_embedding: target, limit: 1 })).body[0]!.chunk_id, 'docs-1_3');
    });

    it('refuses to update a chunk id that does not exist: 404', async () => {
      expectError(await update({ 'docs-1_12': target }), 404, 'NOT_FOUND');
      expectError(await update({ nothing_0: target }), 404, 'NOT_FOUND');
    });

    it('refuses an update spanning two batches, or of another dimension: 400', async () => {
      expectError(await update({ 'docs-1_0': target, rep_0: target }), 400, 'INVALID_PARAMETERS');
      expectError(await update({ 'docs-1_0': [1, 2] }), 400, 'DIMENSION_MISMATCH');
    });

    it('takes 2000 updates at once and refuses 2001 (400 TOO_MANY_ROWS)', async () => {
      const many = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`rows-2000_${i}`, target]));
      expectError(await update(many), 400, 'TOO_MANY_ROWS');
      const limit = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`rows-2000_${i}`, target]));
      assert.equal((await update(limit)).status, 200);
      await completed('rows-2000');
    });

    it('returns the stored vector, as float32, with include_embedding', async () => {
      await upload({ embeddings: [exact], file_id: 'exact' });
      await completed('exact');
      const found = await search({
        query_embedding: exact,
        limit: 1,
        include_embedding: true,
        source_ids: ['exact'],
      });
      assert.deepEqual(
        found.body[0]!.embedding,
        exact.map((x) => Math.fround(x)),
      );
    });

    it('searches only the batches named in source_ids', async () => {
      const scoped = await search({ query_embedding: exact, limit: 50, source_ids: ['rep', 'exact'] });
      assert.ok(scoped.body.every((h) => ['rep', 'exact'].includes(h.source_id)));
      assert.equal(scoped.body.length, 3);
    });

    it('refuses a bad search with 422: limit out of range, an empty or non-numeric query', async () => {
      for (const bad of [
        { limit: 0 },
        { limit: 1001 },
        { query_embedding: [] },
        { query_embedding: ['x'] },
      ]) {
        expectError(await search({ query_embedding: exact, ...bad }), 422, 'VALIDATION_ERROR');
      }
    });

    it('deletes by chunk_ids, counting only those that existed', async () => {
      await upload({ embeddings: matrix(4, D, 5), file_id: 'del' });
      await completed('del');
      const some = await remove('chunk_ids=del_1&chunk_ids=del_2&chunk_ids=del_9');
      assert.deepEqual(some.body, { delete_count: 2, success: true, error: '' });
      const left = await search({ query_embedding: matrix(4, D, 5)[1], limit: 10, source_ids: ['del'] });
      assert.deepEqual(ids(left).sort(), ['del_0', 'del_3']);
    });

    it('deletes by source_id what is left of a batch, counting what existed, and forgets the batch', async () => {
      // The two rows of `del` that the case before left.
      assert.equal((await remove('source_id=del')).body.delete_count, 2);
      assert.equal((await remove('source_id=del')).body.delete_count, 0);
      expectError(await verify('del'), 404, 'FILE_NOT_FOUND');
    });

    it('refuses a delete naming neither or both of source_id and chunk_ids: 422', async () => {
      expectError(await remove(''), 422, 'VALIDATION_ERROR');
      expectError(await remove('source_id=rep&chunk_ids=rep_0'), 422, 'VALIDATION_ERROR');
    });
  });
}
