import { Injectable } from '@nestjs/common';
import {
  CountsReply,
  DeleteRawEmbeddingsRequest,
  DeleteRawEmbeddingsResult,
  DomainError,
  PackedBytes,
  parseRawChunkId,
  ProcessingStatusReply,
  ProcessingStatusRequest,
  rawChunkId,
  SearchRawEmbeddingsRequest,
  SearchRawEmbeddingsResult,
  SubTenantRef,
  TenantPatterns,
  UpdateRawEmbeddingsRequest,
  UpdateRawEmbeddingsResult,
  UploadRawEmbeddingsRequest,
  UploadRawEmbeddingsResult,
} from '@trove/contracts';
import {
  emitItemStatus,
  float32Bytes,
  packBytes,
  PayloadStash,
  TransportClient,
} from '@trove/platform-transport';
import { IndexScope } from '../ports/index-scope';
import { VectorIndex } from '../ports/vector-index';
import { KeyedLock } from '../shared/keyed-lock';
import { batchKey, RawBatchIndexer } from './raw-batch-indexer';
import { RawBatchStore } from '../ports/raw-batch-store';
import { RawVectorStore } from '../ports/raw-vector-store';
import { queryVector, scopeOf, takeVectors } from './raw-embeddings.support';
import {
  checkDeleteRequest,
  checkSearchRequest,
  checkUpdateRequest,
  checkUploadRequest,
  checkVectors,
} from './raw-embeddings.validation';

/** The model name the `raw` space records: the caller's vectors, whatever produced them. */
export const RAW_MODEL_ID = 'caller-provided';

/**
 * Pre-computed embeddings (docs/api.md, Raw embeddings). A batch is stored
 * as given and recorded `queued`, then indexed into the vector index's `raw` space (apart from
 * Trove's own chunk vectors) by a RawBatchIndexer, which claims each batch so that one replica
 * indexes it; verify-processing reads its state. Writes to one batch are serialised in this
 * process by a lock on it; a tenant's dimension is the one of its first upload.
 */
@Injectable()
export class RawEmbeddingsService {
  private readonly locks = new KeyedLock();
  private readonly indexer: RawBatchIndexer;

  constructor(
    private readonly vectors: VectorIndex,
    private readonly batches: RawBatchStore,
    private readonly store: RawVectorStore,
    private readonly stash: PayloadStash,
    private readonly transport: TransportClient,
  ) {
    this.indexer = new RawBatchIndexer(
      vectors,
      batches,
      store,
      this.locks,
      undefined,
      (scope, fileId, status, error) => emitItemStatus(this.transport, itemOf(scope, fileId), status, error),
    );
  }

  async upload(request: UploadRawEmbeddingsRequest): Promise<UploadRawEmbeddingsResult> {
    const vectors = await takeVectors(this.stash, request.vectors, () => checkUploadRequest(request));
    const { rows, dimension, file_id: fileId } = request;
    if (vectors.length !== rows * dimension) {
      throw new DomainError(
        'VALIDATION_ERROR',
        `expected ${rows} × ${dimension} values, got ${vectors.length}`,
      );
    }
    checkVectors(vectors, dimension, (row) => `embeddings[${row}]`);
    const scope = scopeOf(request);
    await this.ensureDimension(scope.tenantId, dimension);
    await this.transport.send(TenantPatterns.ensureSubTenant, {
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
    } satisfies SubTenantRef);
    return this.locks.run(batchKey(scope, fileId), async () => {
      await this.store.write(scope, fileId, dimension, vectors);
      const { generation, replaced } = await this.batches.replace(scope, fileId, {
        dimension,
        rowCount: rows,
      });
      // The old vectors leave the index now: the batch is searchable again once `completed`.
      if (replaced) await this.vectors.deleteBySources(scope, 'raw', [fileId]);
      this.indexer.push({ scope, fileId, generation });
      emitItemStatus(this.transport, itemOf(scope, fileId), 'queued');
      return { file_id: fileId, status: 'queued', rows, dimension, replaced };
    });
  }

  async update(request: UpdateRawEmbeddingsRequest): Promise<UpdateRawEmbeddingsResult> {
    const vectors = await takeVectors(this.stash, request.vectors, () => checkUpdateRequest(request));
    const { chunk_ids: chunkIds, dimension } = request;
    if (vectors.length !== chunkIds.length * dimension) {
      throw new DomainError('VALIDATION_ERROR', `expected ${chunkIds.length} × ${dimension} values`);
    }
    checkVectors(vectors, dimension, (row) => `embeddings["${chunkIds[row]}"]`);
    const parsed = chunkIds.map((id) => ({ id, key: parseRawChunkId(id) }));
    const fileIds = [...new Set(parsed.map((p) => p.key?.fileId).filter((f) => f !== undefined))];
    if (fileIds.length > 1) {
      throw new DomainError(
        'INVALID_PARAMETERS',
        `All chunk ids of one update must belong to one batch; these belong to ${fileIds.length}: ${fileIds.slice(0, 5).join(', ')}`,
      );
    }
    const scope = scopeOf(request);
    await this.ensureDimension(scope.tenantId, dimension, true);
    const fileId = fileIds[0] ?? '';
    return this.locks.run(batchKey(scope, fileId), async () => {
      const batch = fileId ? await this.batches.get(scope, fileId) : null;
      const removed = new Set(batch?.removedRows ?? []);
      const unknown = parsed
        .filter(({ key }) => !batch || !key || key.row >= batch.rowCount || removed.has(key.row))
        .map(({ id }) => id);
      if (unknown.length > 0) {
        throw new DomainError(
          'NOT_FOUND',
          `${unknown.length} chunk id(s) do not exist here: ${unknown.slice(0, 10).join(', ')}`,
        );
      }
      await this.store.patch(
        scope,
        fileId,
        parsed.map(({ key }) => key!.row),
        vectors,
      );
      const generation = (await this.batches.requeue(scope, fileId))!;
      this.indexer.push({ scope, fileId, generation });
      emitItemStatus(this.transport, itemOf(scope, fileId), 'queued');
      return { file_id: fileId, updated: chunkIds.length, status: 'queued' };
    });
  }

  async delete(request: DeleteRawEmbeddingsRequest): Promise<DeleteRawEmbeddingsResult> {
    checkDeleteRequest(request);
    const scope = scopeOf(request);
    if (request.source_id !== undefined) {
      const fileId = request.source_id;
      const count = await this.locks.run(batchKey(scope, fileId), async () => {
        const batch = await this.batches.delete(scope, fileId);
        if (!batch) return 0;
        await this.vectors.deleteBySources(scope, 'raw', [fileId]);
        await this.store.delete(scope, fileId);
        return batch.rowCount - batch.removedRows.length;
      });
      return { delete_count: count };
    }
    const rowsByFile = new Map<string, Set<number>>();
    for (const id of request.chunk_ids ?? []) {
      const key = parseRawChunkId(id);
      if (key) rowsByFile.set(key.fileId, (rowsByFile.get(key.fileId) ?? new Set()).add(key.row));
    }
    let count = 0;
    for (const [fileId, rows] of rowsByFile) {
      count += await this.locks.run(batchKey(scope, fileId), () => this.deleteRows(scope, fileId, rows));
    }
    return { delete_count: count };
  }

  async search(request: SearchRawEmbeddingsRequest): Promise<SearchRawEmbeddingsResult> {
    checkSearchRequest(request);
    const scope = scopeOf(request);
    const query = queryVector(Buffer.from(request.query, 'base64'));
    const model = await this.vectors.spaceModel(scope.tenantId, 'raw');
    if (!model) return { hits: [], dimension: 0 };
    if (model.dimension !== query.length) {
      throw new DomainError(
        'DIMENSION_MISMATCH',
        `This tenant's embeddings have ${model.dimension} dimensions; the query has ${query.length}`,
      );
    }
    const filter = request.source_ids ? { sourceIds: request.source_ids } : undefined;
    const found = await this.vectors.search(scope, 'raw', query, request.limit, filter);
    const hits = found.map(({ id, score }) => ({
      chunk_id: id,
      source_id: parseRawChunkId(id)?.fileId ?? id,
      score,
      distance: 1 - score,
    }));
    if (!request.include_embedding) return { hits, dimension: model.dimension };
    return {
      hits,
      dimension: model.dimension,
      embeddings: await this.embeddingsOf(scope, hits, model.dimension),
    };
  }

  async status(request: ProcessingStatusRequest): Promise<ProcessingStatusReply> {
    const batch = await this.batches.get(scopeOf(request), request.file_id);
    if (!batch) return { status: null };
    return {
      status: {
        file_id: request.file_id,
        indexing_status: batch.status,
        ...(batch.errorCode ? { error_code: batch.errorCode } : {}),
        ...(batch.errorMessage ? { error_message: batch.errorMessage } : {}),
      },
    };
  }

  async counts(tenantId: string): Promise<CountsReply> {
    const counts = await this.batches.countBySubTenant(tenantId);
    return {
      by_sub_tenant: Object.fromEntries([...counts].map(([sub, n]) => [sub, { embeddings: n }])),
    };
  }

  /**
   * The records and stored vectors of a deleted sub-tenant. Its index entries (every space) are
   * erased by the search service's own handler of the same event; a batch being indexed at that
   * moment notices that its record is gone and takes its vectors out again.
   */
  async deleteSubTenant(scope: IndexScope): Promise<void> {
    await this.batches.deleteSubTenant(scope);
    await this.store.deleteSubTenant(scope);
  }

  /** Indexes, in the background, owed batches that nobody holds: now, and from time to time. */
  startIndexing(): void {
    this.indexer.start();
  }

  /** Indexes the owed batches that nobody holds, one at a time; resolves when none is left. */
  async resume(): Promise<void> {
    await this.indexer.sweep();
  }

  /** Resolves when every queued batch has been processed (tests and benchmarks). */
  idle(): Promise<void> {
    return this.indexer.idle();
  }

  close(): Promise<void> {
    return this.indexer.close();
  }

  private async deleteRows(scope: IndexScope, fileId: string, rows: Set<number>): Promise<number> {
    const batch = await this.batches.get(scope, fileId);
    if (!batch) return 0;
    const removed = new Set(batch.removedRows);
    const present = [...rows].filter((row) => row < batch.rowCount && !removed.has(row));
    if (present.length === 0) return 0;
    if (removed.size + present.length === batch.rowCount) {
      // The last rows: the batch goes.
      await this.batches.delete(scope, fileId);
      await this.store.delete(scope, fileId);
      await this.vectors.deleteBySources(scope, 'raw', [fileId]);
    } else {
      await this.batches.removeRows(scope, fileId, present);
      await this.vectors.deleteByIds(
        scope,
        'raw',
        present.map((row) => rawChunkId(fileId, row)),
      );
    }
    return present.length;
  }

  /** The stored vectors of the hits, in hit order, as one packed float32 block. */
  private async embeddingsOf(
    scope: IndexScope,
    hits: { chunk_id: string }[],
    dimension: number,
  ): Promise<PackedBytes> {
    const keys = hits.map((hit) => parseRawChunkId(hit.chunk_id));
    const rowsByFile = new Map<string, number[]>();
    for (const key of keys)
      if (key) rowsByFile.set(key.fileId, [...(rowsByFile.get(key.fileId) ?? []), key.row]);
    const found = new Map<string, Map<number, Float32Array>>();
    for (const [fileId, rows] of rowsByFile)
      found.set(fileId, await this.store.readRows(scope, fileId, rows));
    const block = new Float32Array(hits.length * dimension);
    keys.forEach((key, i) => {
      const vector = key ? found.get(key.fileId)?.get(key.row) : undefined;
      if (vector?.length === dimension) block.set(vector, i * dimension);
    });
    return packBytes(this.stash, float32Bytes(block));
  }

  /**
   * DIMENSION_MISMATCH unless `dimension` is the tenant's (recording it on first upload).
   * An update cannot fix the dimension: its batch exists, so the tenant has one.
   */
  private async ensureDimension(tenantId: string, dimension: number, existing = false): Promise<void> {
    const model = await this.vectors.spaceModel(tenantId, 'raw');
    if (model && model.dimension !== dimension) {
      throw new DomainError(
        'DIMENSION_MISMATCH',
        `Tenant "${tenantId}" holds ${model.dimension}-dimensional embeddings; these have ${dimension}. ` +
          'All vectors of a tenant have one dimension: use another tenant for another dimension.',
        { tenant_dimension: model.dimension, dimension },
      );
    }
    if (!model && !existing)
      await this.vectors.ensureSpace(tenantId, 'raw', { modelId: RAW_MODEL_ID, dimension });
  }
}

/** A batch as status events name it. */
function itemOf(scope: IndexScope, fileId: string) {
  return { tenant_id: scope.tenantId, sub_tenant_id: scope.subTenantId, file_id: fileId };
}
