import {
  ErrorCode,
  ID_PATTERN,
  ID_RULE,
  RAW_MAX_DIMENSION,
  RAW_MAX_ROWS,
  SerializedDomainError,
} from '@trove/contracts';

/**
 * Parsing and validation of embedding bodies (docs/api.md, Raw embeddings), framework-free so that it runs in a
 * worker thread for large bodies and in place for small ones. Values become float32 row after row
 * in one pass; anything wrong stops at the first problem with the spec's code for it.
 */

/** The largest magnitude a float32 holds; beyond it a value would become infinity. */
const FLOAT32_MAX = 3.4028234663852886e38;

export interface ParsedMatrix {
  rows: number;
  dimension: number;
  vectors: Float32Array;
}

export interface ParsedUpload extends ParsedMatrix {
  /** Null when the body gives none (omitted, null or empty): the gateway generates one. */
  file_id: string | null;
}

export interface ParsedUpdate extends ParsedMatrix {
  chunk_ids: string[];
}

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; error: SerializedDomainError };

class BodyError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const invalid = (field: string, message: string) =>
  new BodyError('VALIDATION_ERROR', `${field} ${message}`, field);

function parseObject(bytes: Uint8Array, allowed: string[]): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    throw new BodyError('VALIDATION_ERROR', 'Request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BodyError('VALIDATION_ERROR', 'Request body must be a JSON object');
  }
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) throw invalid(key, 'is not a field of this request');
  }
  return body as Record<string, unknown>;
}

function checkRowCount(count: number): void {
  if (count === 0) throw invalid('embeddings', 'must not be empty');
  if (count > RAW_MAX_ROWS) {
    throw new BodyError(
      'TOO_MANY_ROWS',
      `embeddings has ${count} rows; at most ${RAW_MAX_ROWS} are accepted`,
    );
  }
}

/** Copies rows of numbers into one float32 block; every row must have `dimension` values. */
function fillRows(rows: unknown[], labels: (i: number) => string): ParsedMatrix {
  const first = rows[0];
  if (!Array.isArray(first)) throw invalid(labels(0), 'must be an array of numbers');
  const dimension = first.length;
  if (dimension === 0) throw invalid(labels(0), 'must not be empty');
  if (dimension > RAW_MAX_DIMENSION) {
    throw new BodyError(
      'INVALID_PARAMETERS',
      `${labels(0)} has ${dimension} values; vectors have at most ${RAW_MAX_DIMENSION} dimensions`,
      labels(0),
    );
  }
  const vectors = new Float32Array(rows.length * dimension);
  let k = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!Array.isArray(row)) throw invalid(labels(r), 'must be an array of numbers');
    if (row.length !== dimension) {
      throw invalid(labels(r), `has ${row.length} values; every vector must have ${dimension}, as the first`);
    }
    for (let c = 0; c < dimension; c++) {
      const value: unknown = row[c];
      if (typeof value !== 'number') throw invalid(`${labels(r)}[${c}]`, 'must be a number');
      if (value > FLOAT32_MAX || value < -FLOAT32_MAX) {
        throw invalid(`${labels(r)}[${c}]`, 'must be a finite float32 (within ±3.4e38)');
      }
      vectors[k++] = value;
    }
  }
  return { rows: rows.length, dimension, vectors };
}

function outcome<T>(parse: () => T): ParseOutcome<T> {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    const details = error.field ? { errors: [{ field: error.field, message: error.message }] } : undefined;
    return {
      ok: false,
      error: { code: error.code, message: error.message, ...(details ? { details } : {}) },
    };
  }
}

/** `{embeddings: number[][], file_id?: string | null}` (upload_embeddings). */
export function parseUploadBody(bytes: Uint8Array): ParseOutcome<ParsedUpload> {
  return outcome(() => {
    const body = parseObject(bytes, ['embeddings', 'file_id']);
    const fileId = body['file_id'];
    if (fileId !== undefined && fileId !== null && fileId !== '') {
      if (typeof fileId !== 'string' || !ID_PATTERN.test(fileId))
        throw invalid('file_id', `must be ${ID_RULE}`);
    }
    const embeddings = body['embeddings'];
    if (!Array.isArray(embeddings)) throw invalid('embeddings', 'must be an array of arrays of numbers');
    checkRowCount(embeddings.length);
    const matrix = fillRows(embeddings, (i) => `embeddings[${i}]`);
    return { ...matrix, file_id: typeof fileId === 'string' && fileId !== '' ? fileId : null };
  });
}

/** `{embeddings: {chunk_id: number[]}}` (update_embeddings). */
export function parseUpdateBody(bytes: Uint8Array): ParseOutcome<ParsedUpdate> {
  return outcome(() => {
    const body = parseObject(bytes, ['embeddings']);
    const embeddings = body['embeddings'];
    if (typeof embeddings !== 'object' || embeddings === null || Array.isArray(embeddings)) {
      throw invalid('embeddings', 'must be an object of chunk id → array of numbers');
    }
    const chunkIds = Object.keys(embeddings);
    checkRowCount(chunkIds.length);
    const values = Object.values(embeddings as Record<string, unknown>);
    const matrix = fillRows(values, (i) => `embeddings.${chunkIds[i]}`);
    return { ...matrix, chunk_ids: chunkIds };
  });
}
