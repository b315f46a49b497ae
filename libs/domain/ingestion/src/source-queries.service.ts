import { Injectable } from '@nestjs/common';
import {
  DomainError,
  FetchContentRequest,
  FetchContentResult,
  ListSourcesByIdRequest,
  ListSourcesByIdResult,
  ListSourcesRequest,
  ListSourcesResult,
} from '@trove/contracts';
import { packBytes, PayloadStash } from '@trove/platform-transport';
import { checkFetch, checkList, checkSourceIds } from './ingestion.validation';
import { BlobStore, blobKey } from './ports/blob-store';
import { ListPosition, SourceStore } from './ports/source-store';
import { sourceView } from './source-view';

function encodeCursor(position: ListPosition): string {
  return Buffer.from(
    JSON.stringify({ c: position.created_at.toISOString(), s: position.source_id }),
  ).toString('base64url');
}

function decodeCursor(cursor: string): ListPosition {
  try {
    const { c, s } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      c: unknown;
      s: unknown;
    };
    const createdAt = new Date(String(c));
    if (typeof s === 'string' && !Number.isNaN(createdAt.getTime()))
      return { created_at: createdAt, source_id: s };
  } catch {
    // falls through to the error below
  }
  throw new DomainError('VALIDATION_ERROR', 'cursor is not one this service returned', {
    errors: [{ field: 'cursor', message: 'cursor must be the next_cursor of an earlier page' }],
  });
}

/** Content types whose bytes are returned as text (`content`) when they are valid UTF-8. */
function isTextual(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('text/') || type === 'application/xhtml+xml' || type === 'application/json';
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Reads of sources: records by id or page by page, and a source's stored content or download link. */
@Injectable()
export class SourceQueries {
  constructor(
    private readonly store: SourceStore,
    private readonly blobs: BlobStore,
    private readonly stash: PayloadStash,
  ) {}

  async listById(request: ListSourcesByIdRequest): Promise<ListSourcesByIdResult> {
    checkSourceIds(request, { nonEmpty: false });
    const found = new Map(
      (await this.store.getMany(request.tenant_id, request.sub_tenant_id, request.source_ids)).map((s) => [
        s.source_id,
        s,
      ]),
    );
    const ordered = [...new Set(request.source_ids)].flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
    const views = await Promise.all(ordered.map((record) => sourceView(record, this.blobs)));
    return { total: views.length, sources: views };
  }

  async list(request: ListSourcesRequest): Promise<ListSourcesResult> {
    checkList(request);
    const after = request.cursor ? decodeCursor(request.cursor) : undefined;
    const [page, total] = await Promise.all([
      this.store.list(request.tenant_id, request.sub_tenant_id, request.limit + 1, after),
      this.store.count(request.tenant_id, request.sub_tenant_id),
    ]);
    const more = page.length > request.limit;
    const records = more ? page.slice(0, request.limit) : page;
    const views = await Promise.all(records.map((record) => sourceView(record, this.blobs)));
    const last = records[records.length - 1];
    return {
      total,
      sources: views,
      ...(more && last ? { next_cursor: encodeCursor(last) } : {}),
    };
  }

  async fetchContent(request: FetchContentRequest): Promise<FetchContentResult> {
    checkFetch(request);
    const key = {
      tenant_id: request.tenant_id,
      sub_tenant_id: request.sub_tenant_id,
      source_id: request.source_id,
    };
    const record = await this.store.get(key);
    if (!record) throw new DomainError('SOURCE_NOT_FOUND', `Source '${request.source_id}' not found`);
    const objectKey = blobKey(record.tenant_id, record.sub_tenant_id, record.source_id);
    const wantsContent = request.mode !== 'url';
    const blob = wantsContent ? await this.blobs.get(objectKey) : undefined;
    if (!record.has_blob || (wantsContent && !blob)) {
      throw new DomainError(
        'FILE_NOT_FOUND',
        `Source '${request.source_id}' has no stored content yet (its page is still to be fetched)`,
      );
    }
    const contentType = record.content_type || blob?.content_type || 'application/octet-stream';
    const result: FetchContentResult = {
      source_id: record.source_id,
      content_type: contentType,
      size_bytes: blob?.bytes.byteLength ?? record.size_bytes,
      file_name: record.file_name || `${record.source_id}${record.type === 'webpage' ? '.html' : ''}`,
      binary: blob ? !(isTextual(contentType) && isUtf8(blob.bytes)) : !isTextual(contentType),
    };
    if (blob) result.content = await packBytes(this.stash, blob.bytes);
    if (request.mode !== 'content') {
      const url = await this.blobs.presignGet(objectKey, request.expiry_seconds);
      // Unset when the store cannot presign (the filesystem): the gateway signs its own link then.
      if (url) result.presigned_url = url;
    }
    return result;
  }
}
