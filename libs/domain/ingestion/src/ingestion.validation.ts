import {
  checkScopeIds,
  throwIfFieldErrors,
  FetchContentRequest,
  FetchModes,
  FieldError,
  isValidId,
  ListSourcesRequest,
  PackedBytes,
  UploadDocumentRequest,
  UpsertWebpageRequest,
} from '@trove/contracts';

/** Source ids one list-by-id or delete request may name. */
export const MAX_IDS_PER_REQUEST = 1000;
/** Page size bounds of the paginated list. */
export const MAX_LIST_LIMIT = 1000;
/** Presigned URL lifetime (docs/api.md, Sources). */
export const MIN_EXPIRY_SECONDS = 60;
export const MAX_EXPIRY_SECONDS = 604_800;

type Errors = FieldError[];

function id(value: unknown, field: string, errors: Errors): void {
  if (!isValidId(value)) errors.push({ field, message: `${field} must be a valid id` });
}

function optionalString(value: unknown, field: string, errors: Errors, max = 10_000): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string' || value.length > max) {
    errors.push({ field, message: `${field} must be a string of at most ${max} characters` });
  }
}

function optionalObject(value: unknown, field: string, errors: Errors): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value))
    errors.push({ field, message: `${field} must be a JSON object` });
}

function packed(value: unknown): value is PackedBytes {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['inline'] === 'string' || typeof candidate['stashed'] === 'string';
}

export function checkUpload(request: UploadDocumentRequest): void {
  const errors = checkScopeIds(request);
  if (request.file_id !== undefined && request.file_id !== null) id(request.file_id, 'file_id', errors);
  if (typeof request.file_name !== 'string' || request.file_name.length > 1024) {
    errors.push({ field: 'file_name', message: 'file_name must be a string of at most 1024 characters' });
  }
  optionalString(request.mime_type, 'mime_type', errors, 255);
  optionalString(request.title, 'title', errors);
  optionalObject(request.metadata, 'metadata', errors);
  optionalObject(request.tenant_metadata, 'tenant_metadata', errors);
  if (!packed(request.content)) errors.push({ field: 'content', message: 'content must be packed bytes' });
  throwIfFieldErrors(errors);
}

/** A web page's address: an absolute http(s) URL (what the fetcher may reach is decided when it fetches). */
export function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function checkWebpage(request: UpsertWebpageRequest): void {
  const errors = checkScopeIds(request);
  id(request.source_id, 'source_id', errors);
  if (!isWebUrl(request.web_url)) {
    errors.push({ field: 'web_url', message: 'web_url must be an absolute http or https URL' });
  }
  optionalString(request.title, 'title', errors);
  optionalString(request.description, 'description', errors);
  optionalString(request.note, 'note', errors);
  optionalObject(request.metadata, 'metadata', errors);
  if (request.html !== undefined && request.html !== null && typeof request.html !== 'string') {
    errors.push({ field: 'html', message: 'html must be a string' });
  }
  throwIfFieldErrors(errors);
}

export function checkSourceIds(
  request: { tenant_id: unknown; sub_tenant_id: unknown; source_ids: unknown },
  options: { nonEmpty: boolean },
): void {
  const errors = checkScopeIds(request);
  const ids = request.source_ids;
  if (!Array.isArray(ids) || ids.length > MAX_IDS_PER_REQUEST || (options.nonEmpty && ids.length === 0)) {
    errors.push({
      field: 'source_ids',
      message: `source_ids must be an array of ${options.nonEmpty ? '1' : '0'} to ${MAX_IDS_PER_REQUEST} ids`,
    });
  } else {
    ids.forEach((value, i) => id(value, `source_ids.${i}`, errors));
  }
  throwIfFieldErrors(errors);
}

export function checkList(request: ListSourcesRequest): void {
  const errors = checkScopeIds(request);
  if (!Number.isInteger(request.limit) || request.limit < 1 || request.limit > MAX_LIST_LIMIT) {
    errors.push({ field: 'limit', message: `limit must be an integer from 1 to ${MAX_LIST_LIMIT}` });
  }
  optionalString(request.cursor, 'cursor', errors, 1024);
  throwIfFieldErrors(errors);
}

export function checkFetch(request: FetchContentRequest): void {
  const errors = checkScopeIds(request);
  id(request.source_id, 'source_id', errors);
  if (!(FetchModes as readonly unknown[]).includes(request.mode)) {
    errors.push({ field: 'mode', message: `mode must be one of ${FetchModes.join(', ')}` });
  }
  const expiry = request.expiry_seconds;
  if (!Number.isInteger(expiry) || expiry < MIN_EXPIRY_SECONDS || expiry > MAX_EXPIRY_SECONDS) {
    errors.push({
      field: 'expiry_seconds',
      message: `expiry_seconds must be an integer from ${MIN_EXPIRY_SECONDS} to ${MAX_EXPIRY_SECONDS}`,
    });
  }
  throwIfFieldErrors(errors);
}

export function checkStatus(request: { tenant_id: unknown; sub_tenant_id: unknown; file_id: unknown }): void {
  const errors = checkScopeIds(request);
  id(request.file_id, 'file_id', errors);
  throwIfFieldErrors(errors);
}
