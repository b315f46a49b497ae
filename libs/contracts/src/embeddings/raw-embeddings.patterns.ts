/** Message patterns of pre-computed ("raw") embeddings, answered by the search service. */
export const RawEmbeddingsPatterns = {
  /** Accepts a batch (queued), replacing any earlier batch with the same file_id; indexed asynchronously. */
  upload: 'search.raw-embeddings.upload',
  /** Replaces vectors of one batch by chunk id. */
  update: 'search.raw-embeddings.update',
  /** Deletes a whole batch (source_id = file_id) or some chunks. */
  delete: 'search.raw-embeddings.delete',
  /** Nearest chunks by cosine to a query vector. */
  search: 'search.raw-embeddings.search',
  /** Processing status of a batch (ProcessingStatusReply). */
  status: 'search.raw-embeddings.status',
  /** Live chunk counts per sub-tenant (CountsReply with `embeddings`), for GET /tenants/stats. */
  counts: 'search.raw-embeddings.counts',
} as const;

/** Rows per upload or update (docs/api.md, Raw embeddings). */
export const RAW_MAX_ROWS = 2000;
/** Columns (dimension) per vector (docs/api.md, Raw embeddings). */
export const RAW_MAX_DIMENSION = 3024;
/** Search limit range and default (docs/api.md, Raw embeddings). */
export const RAW_SEARCH_MAX_LIMIT = 1000;
export const RAW_SEARCH_DEFAULT_LIMIT = 10;

/** Chunk id of row `row` of batch `fileId` (docs/api.md, Raw embeddings: the file_id is the batch id). */
export function rawChunkId(fileId: string, row: number): string {
  return `${fileId}_${row}`;
}

/**
 * The batch and row of a chunk id, or null when it cannot be one (no `_<row>` suffix). A file id
 * may contain `_` itself; the row is what follows the last one.
 */
export function parseRawChunkId(chunkId: string): { fileId: string; row: number } | null {
  const match = /^(.+)_(0|[1-9][0-9]{0,8})$/.exec(chunkId);
  return match ? { fileId: match[1]!, row: Number(match[2]) } : null;
}
