import { PackedBytes } from '../common/packed-bytes';

/** A validated batch: `rows × dimension` float32 values, row after row. */
export interface UploadRawEmbeddingsRequest {
  tenant_id: string;
  sub_tenant_id: string;
  file_id: string;
  rows: number;
  dimension: number;
  vectors: PackedBytes;
}

export interface UploadRawEmbeddingsResult {
  file_id: string;
  /** `queued`: accepted and stored; verify-processing reports when it is searchable. */
  status: 'queued';
  rows: number;
  dimension: number;
  /** True when an earlier batch with this file_id was replaced. */
  replaced: boolean;
}

/** `chunk_ids[i]` gets row i of `vectors` (`chunk_ids.length × dimension` float32 values). */
export interface UpdateRawEmbeddingsRequest {
  tenant_id: string;
  sub_tenant_id: string;
  chunk_ids: string[];
  dimension: number;
  vectors: PackedBytes;
}

export interface UpdateRawEmbeddingsResult {
  file_id: string;
  updated: number;
  status: 'queued';
}

/** Exactly one of source_id (a whole batch) and chunk_ids. */
export interface DeleteRawEmbeddingsRequest {
  tenant_id: string;
  sub_tenant_id: string;
  source_id?: string;
  chunk_ids?: string[];
}

export interface DeleteRawEmbeddingsResult {
  delete_count: number;
}

export interface SearchRawEmbeddingsRequest {
  tenant_id: string;
  sub_tenant_id: string;
  /** Base64 of the query's float32 values. */
  query: string;
  limit: number;
  source_ids?: string[];
  include_embedding: boolean;
}

export interface RawEmbeddingHit {
  chunk_id: string;
  source_id: string;
  /** Cosine similarity, in [-1, 1]. */
  score: number;
  /** Cosine distance, 1 − score, in [0, 2]. */
  distance: number;
}

export interface SearchRawEmbeddingsResult {
  hits: RawEmbeddingHit[];
  /** The tenant's dimension (0 before its first upload). */
  dimension: number;
  /** With include_embedding: the stored vector of each hit, in hit order, `hits × dimension` float32. */
  embeddings?: PackedBytes;
}
