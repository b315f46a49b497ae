import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DomainError, TenantPatterns } from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import {
  bytesAsFloat32,
  float32Bytes,
  InMemoryPayloadStash,
  packBytes,
  unpackBytes,
} from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import { IndexScope, VectorSpace } from '../ports/index-scope';
import { VectorItem } from '../ports/vector-index';
import { UsearchVectorIndex } from '../adapters/usearch/usearch-vector-index';
import { FsRawVectorStore } from '../adapters/fs/fs-raw-vector-store';
import { RawEmbeddingsService } from './raw-embeddings.service';
import { SqlRawBatchStore } from '../adapters/sql/sql-raw-batch-store';

const isCode = (code: string) => (e: unknown) => e instanceof DomainError && e.code === code;
const rows = (n: number, d: number, seed = 1): number[][] =>
  Array.from({ length: n }, (_, r) =>
    Array.from({ length: d }, (_, c) => Math.sin(seed * 7 + r * 13 + c) + (c === r % d ? 3 : 0)),
  );

/** A usearch index that can run a step in the middle of an upsert (an interleaving to test). */
class SteppedIndex extends UsearchVectorIndex {
  duringUpsert: (() => Promise<void>) | undefined;
  override async upsert(scope: IndexScope, space: VectorSpace, items: VectorItem[]): Promise<void> {
    const step = this.duringUpsert;
    this.duringUpsert = undefined;
    await super.upsert(scope, space, items.slice(0, 1));
    if (step) await step();
    await super.upsert(scope, space, items.slice(1));
  }
}

describe('RawEmbeddingsService (embedded engines)', () => {
  let dir: string;
  let db: PgliteDatabase;
  let index: SteppedIndex;
  let batches: SqlRawBatchStore;
  let store: FsRawVectorStore;
  let service: RawEmbeddingsService;
  const stash = new InMemoryPayloadStash();
  const transport = new RecordingTransportClient().respond(TenantPatterns.ensureSubTenant, () => ({}));
  const open = () => new RawEmbeddingsService(index, batches, store, stash, transport);
  const acme = { tenant_id: 'acme', sub_tenant_id: 'acme' };

  const packed = async (matrix: number[][]) =>
    packBytes(stash, float32Bytes(Float32Array.from(matrix.flat())));
  const upload = async (fileId: string, matrix: number[][], scope = acme, on = service) =>
    on.upload({
      ...scope,
      file_id: fileId,
      rows: matrix.length,
      dimension: matrix[0]?.length ?? 0,
      vectors: await packed(matrix),
    });
  const update = async (entries: Record<string, number[]>, scope = acme) => {
    const values = Object.values(entries);
    return service.update({
      ...scope,
      chunk_ids: Object.keys(entries),
      dimension: values[0]!.length,
      vectors: await packed(values),
    });
  };
  const search = (
    query: number[],
    extra: { limit?: number; source_ids?: string[]; include_embedding?: boolean } = {},
    scope = acme,
  ) =>
    service.search({
      ...scope,
      query: Buffer.from(float32Bytes(Float32Array.from(query))).toString('base64'),
      limit: extra.limit ?? 10,
      source_ids: extra.source_ids,
      include_embedding: extra.include_embedding ?? false,
    });
  const status = async (fileId: string, scope = acme) =>
    (await service.status({ ...scope, file_id: fileId })).status?.indexing_status ?? null;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trove-raw-'));
    db = await PgliteDatabase.open('memory://');
    batches = new SqlRawBatchStore(db);
    await batches.migrate();
    index = new SteppedIndex({ dataDir: join(dir, 'vectors') });
    store = new FsRawVectorStore(join(dir, 'raw'));
    service = open();
  });
  after(async () => {
    await service.close();
    await index.close();
    await db.close();
    await stash.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a batch as queued, indexes it, and finds each row by its chunk id', async () => {
    const matrix = rows(20, 8);
    const result = await upload('f1', matrix);
    assert.deepEqual(result, { file_id: 'f1', status: 'queued', rows: 20, dimension: 8, replaced: false });
    assert.ok(['queued', 'processing', 'completed'].includes((await status('f1'))!));
    await service.idle();
    assert.equal(await status('f1'), 'completed');
    for (const row of [0, 7, 19]) {
      const { hits, dimension } = await search(matrix[row]!, { limit: 3 });
      assert.equal(dimension, 8);
      assert.equal(hits[0]!.chunk_id, `f1_${row}`);
      assert.equal(hits[0]!.source_id, 'f1');
      assert.ok(Math.abs(hits[0]!.score - 1) < 1e-5 && Math.abs(hits[0]!.distance) < 1e-5);
    }
    assert.deepEqual(transport.sent.at(-1), { pattern: TenantPatterns.ensureSubTenant, payload: acme });
    assert.deepEqual(await service.counts('acme'), { by_sub_tenant: { acme: { embeddings: 20 } } });
  });

  it('fixes the tenant dimension at the first upload and refuses another (400 DIMENSION_MISMATCH)', async () => {
    await assert.rejects(upload('f2', rows(2, 9)), isCode('DIMENSION_MISMATCH'));
    await assert.rejects(search(rows(1, 4)[0]!), isCode('DIMENSION_MISMATCH'));
    await upload('g1', rows(2, 9), { tenant_id: 'globex', sub_tenant_id: 'globex' });
    assert.equal(await status('f2'), null);
  });

  it('replaces a batch uploaded again with the same file_id, fully and idempotently', async () => {
    await upload('rep', rows(6, 8, 2));
    await service.idle();
    const again = await upload('rep', rows(3, 8, 3));
    assert.equal(again.replaced, true);
    await service.idle();
    const { hits } = await search(rows(6, 8, 2)[5]!, { limit: 50, source_ids: ['rep'] });
    assert.deepEqual(hits.map((h) => h.chunk_id).sort(), ['rep_0', 'rep_1', 'rep_2']);
    await upload('rep', rows(3, 8, 3));
    await service.idle();
    const repeated = await search(rows(3, 8, 3)[1]!, { limit: 50, source_ids: ['rep'] });
    assert.equal(repeated.hits.length, 3);
    assert.equal(repeated.hits[0]!.chunk_id, 'rep_1');
  });

  it('updates vectors by chunk id within one batch; unknown ids and two batches are refused', async () => {
    await upload('upd', rows(4, 8, 4));
    await service.idle();
    const target = rows(1, 8, 9)[0]!;
    assert.deepEqual(await update({ upd_2: target }), { file_id: 'upd', updated: 1, status: 'queued' });
    await service.idle();
    assert.equal(await status('upd'), 'completed');
    assert.equal((await search(target, { limit: 1, source_ids: ['upd'] })).hits[0]!.chunk_id, 'upd_2');
    await assert.rejects(update({ upd_4: target }), isCode('NOT_FOUND'));
    await assert.rejects(update({ nope_0: target }), isCode('NOT_FOUND'));
    await assert.rejects(update({ 'no-row': target }), isCode('NOT_FOUND'));
    await assert.rejects(update({ upd_0: target, f1_0: target }), isCode('INVALID_PARAMETERS'));
    await assert.rejects(update({ upd_0: [1, 2, 3] }), isCode('DIMENSION_MISMATCH'));
    await assert.rejects(update({ upd_0: [0, 0, 0, 0, 0, 0, 0, 0] }), isCode('INVALID_PARAMETERS'));
  });

  it('returns the stored vectors with include_embedding, exactly as float32', async () => {
    const matrix = [[0.1, -2.5, 3e-7, 4, 5, 6, 7, 8.125]];
    await upload('emb', matrix);
    await service.idle();
    const result = await search(matrix[0]!, { limit: 1, include_embedding: true, source_ids: ['emb'] });
    const block = bytesAsFloat32(await unpackBytes(stash, result.embeddings!));
    assert.deepEqual([...block], [...Float32Array.from(matrix[0]!)]);
  });

  it('deletes by source and by chunk ids, counting only what existed', async () => {
    await upload('del', rows(5, 8, 5));
    await service.idle();
    assert.deepEqual(
      await service.delete({ ...acme, chunk_ids: ['del_1', 'del_3', 'del_9', 'zzz_1', 'bad'] }),
      {
        delete_count: 2,
      },
    );
    assert.deepEqual(await service.delete({ ...acme, chunk_ids: ['del_1'] }), { delete_count: 0 });
    const { hits } = await search(rows(5, 8, 5)[1]!, { limit: 10, source_ids: ['del'] });
    assert.deepEqual(hits.map((h) => h.chunk_id).sort(), ['del_0', 'del_2', 'del_4']);
    await assert.rejects(update({ del_1: rows(1, 8)[0]! }), isCode('NOT_FOUND'));
    assert.deepEqual(await service.delete({ ...acme, source_id: 'del' }), { delete_count: 3 });
    assert.deepEqual(await service.delete({ ...acme, source_id: 'del' }), { delete_count: 0 });
    assert.equal(await status('del'), null);
    assert.deepEqual((await search(rows(5, 8, 5)[0]!, { source_ids: ['del'] })).hits, []);
    await assert.rejects(service.delete({ ...acme }), isCode('VALIDATION_ERROR'));
    await assert.rejects(
      service.delete({ ...acme, source_id: 'a', chunk_ids: ['a_0'] }),
      isCode('VALIDATION_ERROR'),
    );
    // Deleting every row by id removes the batch itself.
    await upload('tiny', rows(2, 8, 6));
    await service.idle();
    assert.deepEqual(await service.delete({ ...acme, chunk_ids: ['tiny_0', 'tiny_1'] }), { delete_count: 2 });
    assert.equal(await status('tiny'), null);
  });

  it('keeps tenants and sub-tenants apart', async () => {
    const team = { tenant_id: 'acme', sub_tenant_id: 'team' };
    const secret = rows(1, 8, 11)[0]!;
    await upload('f1', [secret], team);
    await service.idle();
    assert.equal((await search(secret, { limit: 1 }, team)).hits[0]!.chunk_id, 'f1_0');
    assert.ok((await search(secret, { limit: 1 })).hits[0]!.score < 0.999);
    assert.equal(await status('f1', { tenant_id: 'acme', sub_tenant_id: 'nobody' }), null);
    const globex = await search(rows(1, 9)[0]!, {}, { tenant_id: 'globex', sub_tenant_id: 'globex' });
    assert.ok(globex.hits.every((h) => h.chunk_id.startsWith('g1_')));
    assert.deepEqual((await service.counts('acme')).by_sub_tenant['team'], { embeddings: 1 });
  });

  it('refuses bad shapes and values with the spec codes', async () => {
    const big = Array.from({ length: 2001 }, () => [1]);
    await assert.rejects(
      upload('x', big, { tenant_id: 'shapes', sub_tenant_id: 'shapes' }),
      isCode('TOO_MANY_ROWS'),
    );
    const wide = [Array.from({ length: 3025 }, () => 1)];
    await assert.rejects(
      upload('x', wide, { tenant_id: 'shapes', sub_tenant_id: 'shapes' }),
      isCode('INVALID_PARAMETERS'),
    );
    await assert.rejects(
      upload('x', [[1, Number.NaN]], { tenant_id: 'shapes', sub_tenant_id: 'shapes' }),
      isCode('VALIDATION_ERROR'),
    );
    await assert.rejects(
      upload('x', [[1, 1e39]], { tenant_id: 'shapes', sub_tenant_id: 'shapes' }),
      isCode('VALIDATION_ERROR'),
    );
    await assert.rejects(
      upload('x', [[0, 0]], { tenant_id: 'shapes', sub_tenant_id: 'shapes' }),
      isCode('INVALID_PARAMETERS'),
    );
    await assert.rejects(
      upload('bad id', [[1]], { tenant_id: 'shapes', sub_tenant_id: 'shapes' }),
      isCode('VALIDATION_ERROR'),
    );
    // Nothing of a refused upload is left in the stash.
    assert.equal(stash.size, 0);
  });

  it('leaves nothing of a batch whose sub-tenant is deleted while it is being indexed', async () => {
    const gone = { tenant_id: 'acme', sub_tenant_id: 'gone' };
    index.duringUpsert = async () => {
      await index.deleteSubTenant({ tenantId: 'acme', subTenantId: 'gone' });
      await service.deleteSubTenant({ tenantId: 'acme', subTenantId: 'gone' });
    };
    await upload('doomed', rows(4, 8, 12), gone);
    await service.idle();
    assert.equal(await status('doomed', gone), null);
    assert.deepEqual((await search(rows(4, 8, 12)[3]!, {}, gone)).hits, []);
    const counts = await index.countBySubTenant('acme', 'raw');
    assert.equal(counts.get('gone'), undefined);
    assert.equal(counts.get('team'), 1);
  });

  it('resumes owed indexing after a restart, and reports a batch it cannot index as errored', async () => {
    const stopped = open();
    await stopped.close();
    const scope = { tenant_id: 'later', sub_tenant_id: 'later' };
    await upload('owed', rows(3, 8, 13), scope, stopped);
    await upload('broken', rows(3, 8, 14), scope, stopped);
    await store.delete({ tenantId: 'later', subTenantId: 'later' }, 'broken');
    assert.equal(await status('owed', scope), 'queued');
    const restarted = open();
    await restarted.resume();
    await restarted.idle();
    assert.equal(await status('owed', scope), 'completed');
    const broken = (await service.status({ ...scope, file_id: 'broken' })).status!;
    assert.equal(broken.indexing_status, 'errored');
    assert.equal(broken.error_code, 'INDEXING_FAILED');
    await restarted.close();
  });
});
