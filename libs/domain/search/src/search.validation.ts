import {
  checkScopeIds,
  throwIfFieldErrors,
  ChunkKinds,
  FieldError,
  IndexChunksRequest,
  isValidId,
  SearchModes,
} from '@trove/contracts';
import { IndexScope } from './ports/index-scope';

export function scopeOf(request: { tenant_id: string; sub_tenant_id: string }): IndexScope {
  return { tenantId: request.tenant_id, subTenantId: request.sub_tenant_id };
}

/** What the search service itself relies on; the gateway validated the caller's input already. */
export function checkIndexRequest(request: IndexChunksRequest): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  if (!isValidId(request.source?.source_id))
    errors.push({ field: 'source.source_id', message: 'source_id must be a valid id' });
  if (!Array.isArray(request.chunks)) errors.push({ field: 'chunks', message: 'chunks must be an array' });
  else {
    const ids = new Set<string>();
    for (const [i, chunk] of request.chunks.entries()) {
      if (typeof chunk.chunk_uuid !== 'string' || chunk.chunk_uuid === '' || ids.has(chunk.chunk_uuid)) {
        errors.push({
          field: `chunks.${i}.chunk_uuid`,
          message: 'chunk_uuid must be a unique non-empty string',
        });
      }
      ids.add(chunk.chunk_uuid);
      if (typeof chunk.text !== 'string')
        errors.push({ field: `chunks.${i}.text`, message: 'text must be a string' });
      if (!(ChunkKinds as readonly string[]).includes(chunk.kind)) {
        errors.push({ field: `chunks.${i}.kind`, message: `kind must be one of ${ChunkKinds.join(', ')}` });
      }
    }
  }
  throwIfFieldErrors(errors);
}

export function checkSearchRequest(request: {
  tenant_id: string;
  sub_tenant_id: string;
  query: unknown;
  max_chunks: unknown;
  search_mode: unknown;
  extra_context?: unknown;
  personalise?: unknown;
  mode?: unknown;
  explain?: unknown;
}): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  if (typeof request.query !== 'string' || request.query.trim() === '') {
    errors.push({ field: 'query', message: 'query must be a non-empty string' });
  }
  if (
    !Number.isInteger(request.max_chunks) ||
    (request.max_chunks as number) < 1 ||
    (request.max_chunks as number) > 1001
  ) {
    errors.push({ field: 'max_chunks', message: 'max_chunks must be an integer from 1 to 1001' });
  }
  if (!(SearchModes as readonly unknown[]).includes(request.search_mode)) {
    errors.push({ field: 'search_mode', message: `search_mode must be one of ${SearchModes.join(', ')}` });
  }
  if (request.extra_context !== undefined && typeof request.extra_context !== 'string') {
    errors.push({ field: 'extra_context', message: 'extra_context must be a string' });
  }
  if (request.personalise !== undefined && typeof request.personalise !== 'boolean') {
    errors.push({ field: 'personalise', message: 'personalise must be a boolean' });
  }
  if (request.mode !== undefined && request.mode !== 'fast' && request.mode !== 'accurate') {
    errors.push({ field: 'mode', message: 'mode must be fast or accurate' });
  }
  if (request.explain !== undefined && typeof request.explain !== 'boolean') {
    errors.push({ field: 'explain', message: 'explain must be a boolean' });
  }
  throwIfFieldErrors(errors);
}
