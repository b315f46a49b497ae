import { TroveConnectionError, TroveError } from './errors.js';
import type { paths } from './generated/openapi.js';

/** What openapi-fetch resolves: data on 2xx, the parsed body as `error` otherwise. */
export type Outcome<D> = { data?: D; error?: unknown; response: Response };

export type UploadDocumentBody = NonNullable<
  paths['/ingestion/upload-document']['post']['requestBody']
>['content']['multipart/form-data'];

/** Why no answer came: fetch's TypeError ("fetch failed", its cause ECONNREFUSED…) or an abort. */
export function connectionError(error: unknown, baseUrl: string, timeoutMs: number | undefined): TroveError {
  if (error instanceof TroveError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') {
    return new TroveConnectionError(`${baseUrl} did not answer within ${timeoutMs} ms (timeoutMs)`, error);
  }
  if (name === 'AbortError') return new TroveConnectionError('the request was aborted', error);
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new TroveConnectionError(`could not reach ${baseUrl}: ${reason}`, error);
}
