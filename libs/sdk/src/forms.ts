// The two routes whose bodies are not JSON: a document upload (multipart) and a web page update
// (URL-encoded form). Only fetch's own classes (FormData, Blob, URLSearchParams): Node 18+ and
// browsers alike.
import type { JsonObjectField, UpdateWebpageRequest, UploadDocumentRequest } from './types.js';

/** The multipart body of `POST /ingestion/upload-document`. */
export function documentForm(request: UploadDocumentRequest): FormData {
  const form = new FormData();
  form.append('tenant_id', request.tenant_id);
  if (request.sub_tenant_id) form.append('sub_tenant_id', request.sub_tenant_id);
  if (request.file_id !== undefined) form.append('file_id', request.file_id);
  if (request.title !== undefined) form.append('title', request.title);
  if (request.metadata !== undefined) form.append('metadata', jsonText(request.metadata));
  if (request.tenant_metadata !== undefined)
    form.append('tenant_metadata', jsonText(request.tenant_metadata));
  const { blob, filename } = filePart(request);
  // The file last: the server reads text fields first, and the file streams.
  form.append('file', blob, filename);
  return form;
}

/** The URL-encoded body of `PATCH /upload/update_webpage` (the fields that are not in the query). */
export function webpageForm(request: UpdateWebpageRequest): string {
  const form = new URLSearchParams();
  for (const name of ['title', 'description', 'note', 'html'] as const) {
    const value = request[name];
    if (value !== undefined) form.append(name, value);
  }
  if (request.metadata !== undefined) form.append('metadata', jsonText(request.metadata));
  return form.toString();
}

function filePart(request: UploadDocumentRequest): { blob: Blob; filename: string } {
  const { file } = request;
  const ownName = typeof File !== 'undefined' && file instanceof File ? file.name : undefined;
  const filename = request.filename ?? ownName ?? 'document';
  if (file instanceof Blob) {
    const type = request.contentType ?? (file.type || 'application/octet-stream');
    return { blob: type === file.type ? file : new Blob([file], { type }), filename };
  }
  const type = request.contentType ?? 'application/octet-stream';
  // Blob copies a view's own bytes; slice() types it over an ArrayBuffer, as BlobPart requires.
  const part = typeof file === 'string' || file instanceof ArrayBuffer ? file : file.slice();
  return { blob: new Blob([part], { type }), filename };
}

function jsonText(value: JsonObjectField): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
