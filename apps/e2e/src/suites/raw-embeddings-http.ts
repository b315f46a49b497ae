import assert from 'node:assert/strict';
import { ApiClient, ApiResponse } from '@trove/testing';
import type { RawEmbeddingsContext } from './raw-embeddings.suite';

// The raw-embedding calls the cases make, typed as the API answers them, and the vectors they send.

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The dimension of the suite's tenant, set by its first upload. */
export const D = 16;

/** Distinct, well-separated rows: row r leans on axis r mod D. */
export const matrix = (rows: number, dimension = D, seed = 1): number[][] =>
  Array.from({ length: rows }, (_, r) =>
    Array.from(
      { length: dimension },
      (_, c) => Math.sin(seed * 31 + r * 7 + c) / 4 + (c === r % dimension ? 2 : 0),
    ),
  );

export interface Hit {
  chunk_id: string;
  source_id: string;
  score: number;
  distance: number;
  embedding?: number[];
}

export const ids = (answer: ApiResponse<Hit[]>) => answer.body.map((h) => h.chunk_id);

/** The calls, on the context's tenant as Alice unless told; read the context when called. */
export function rawApi(ctx: RawEmbeddingsContext) {
  const upload = (body: unknown, query: Record<string, string> = {}, client?: ApiClient) =>
    (client ?? ctx.alice).post<{ file_id: string; success: boolean; status: string; message: string }>(
      '/upload/upload_embeddings',
      typeof body === 'string'
        ? { query: { tenant_id: ctx.tenant, ...query }, raw: { body, contentType: 'application/json' } }
        : { query: { tenant_id: ctx.tenant, ...query }, json: body },
    );
  const update = (embeddings: Record<string, number[]>, query: Record<string, string> = {}) =>
    ctx.alice.request<{ file_id: string }>('PATCH', '/upload/update_embeddings', {
      query: { tenant_id: ctx.tenant, ...query },
      json: { embeddings },
    });
  const search = (body: Record<string, unknown>, client?: ApiClient) =>
    (client ?? ctx.alice).post<Hit[]>('/embeddings/search-raw-embeddings', {
      json: { tenant_id: ctx.tenant, ...body },
    });
  const remove = (params: string, query: Record<string, string> = {}) =>
    ctx.alice.delete<{ delete_count: number; success: boolean }>(
      `/embeddings/delete-raw-embeddings?${params}`,
      { query: { tenant_id: ctx.tenant, ...query } },
    );
  const verify = (fileId: string, query: Record<string, string> = {}, tenant = ctx.tenant) =>
    ctx.alice.post<{ indexing_status: string; file_id: string }>('/ingestion/verify-processing', {
      query: { tenant_id: tenant, file_id: fileId, ...query },
    });
  /** Polls verify-processing until completed (errored or a timeout fails the case). */
  const completed = async (
    fileId: string,
    query: Record<string, string> = {},
    tenant = ctx.tenant,
  ): Promise<void> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await verify(fileId, query, tenant);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      if (answer.body.indexing_status === 'completed') return;
      assert.notEqual(answer.body.indexing_status, 'errored', JSON.stringify(answer.body));
      assert.ok(Date.now() < deadline, `${fileId} still ${answer.body.indexing_status}`);
      await sleep(50);
    }
  };
  return { upload, update, search, remove, verify, completed };
}
