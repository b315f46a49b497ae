import { parseUpdateBody, parseUploadBody, ParseOutcome } from './embeddings-json';

/* Piscina task module: each export is a task, named in EmbeddingsJsonParser. */

export function upload(bytes: Uint8Array): ParseOutcome<unknown> {
  return parseUploadBody(bytes);
}

export function update(bytes: Uint8Array): ParseOutcome<unknown> {
  return parseUpdateBody(bytes);
}
