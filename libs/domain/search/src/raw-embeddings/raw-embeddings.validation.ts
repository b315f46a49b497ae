import {
  checkScopeIds,
  throwIfFieldErrors,
  DeleteRawEmbeddingsRequest,
  DomainError,
  FieldError,
  isValidId,
  RAW_MAX_DIMENSION,
  RAW_MAX_ROWS,
  RAW_SEARCH_MAX_LIMIT,
  SearchRawEmbeddingsRequest,
  UpdateRawEmbeddingsRequest,
  UploadRawEmbeddingsRequest,
} from '@trove/contracts';

/** What the search service relies on, checked again behind the gateway (STYLE 5). */

/** docs/api.md, Raw embeddings: at most 2000 rows (400 TOO_MANY_ROWS) and 3024 columns per upload or update. */
export function checkShape(rows: unknown, dimension: unknown, what = 'embeddings'): void {
  if (typeof rows === 'number' && Number.isInteger(rows) && rows > RAW_MAX_ROWS) {
    throw new DomainError('TOO_MANY_ROWS', `${what} has ${rows} rows; at most ${RAW_MAX_ROWS} are accepted`);
  }
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1) {
    throw new DomainError('VALIDATION_ERROR', `${what} must not be empty`, {
      errors: [{ field: 'embeddings', message: 'must not be empty' }],
    });
  }
  if (typeof dimension === 'number' && Number.isInteger(dimension) && dimension > RAW_MAX_DIMENSION) {
    throw new DomainError(
      'INVALID_PARAMETERS',
      `${what} has ${dimension} columns; vectors have at most ${RAW_MAX_DIMENSION} dimensions`,
    );
  }
  if (typeof dimension !== 'number' || !Number.isInteger(dimension) || dimension < 1) {
    throw new DomainError('VALIDATION_ERROR', `${what} must have at least one column`, {
      errors: [{ field: 'embeddings', message: 'vectors must not be empty' }],
    });
  }
}

/**
 * Every value finite (float32: a number beyond ±3.4e38 overflows to infinity) and no row the zero
 * vector, whose cosine similarity is undefined.
 */
export function checkVectors(vectors: Float32Array, dimension: number, label: (row: number) => string): void {
  for (let row = 0; row * dimension < vectors.length; row++) {
    let norm = 0;
    for (let i = row * dimension; i < (row + 1) * dimension; i++) {
      const value = vectors[i]!;
      if (!Number.isFinite(value)) {
        throw new DomainError(
          'VALIDATION_ERROR',
          `${label(row)} holds a value that is not a finite float32`,
          {
            errors: [{ field: label(row), message: 'values must be finite numbers within ±3.4e38' }],
          },
        );
      }
      norm += value * value;
    }
    if (norm === 0) {
      throw new DomainError(
        'INVALID_PARAMETERS',
        `${label(row)} is the zero vector, which has no cosine similarity`,
      );
    }
  }
}

export function checkUploadRequest(request: UploadRawEmbeddingsRequest): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  if (!isValidId(request.file_id)) errors.push({ field: 'file_id', message: 'file_id must be a valid id' });
  throwIfFieldErrors(errors);
  checkShape(request.rows, request.dimension);
}

export function checkUpdateRequest(request: UpdateRawEmbeddingsRequest): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  if (
    !Array.isArray(request.chunk_ids) ||
    request.chunk_ids.some((id) => typeof id !== 'string' || id === '')
  ) {
    errors.push({ field: 'embeddings', message: 'keys must be chunk ids' });
  }
  throwIfFieldErrors(errors);
  checkShape(request.chunk_ids.length, request.dimension);
}

export function checkDeleteRequest(request: DeleteRawEmbeddingsRequest): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  const bySource = request.source_id !== undefined;
  const byChunks = request.chunk_ids !== undefined;
  if (bySource === byChunks) {
    errors.push({ field: 'source_id', message: 'give exactly one of source_id and chunk_ids' });
  } else if (bySource && !isValidId(request.source_id)) {
    errors.push({ field: 'source_id', message: 'source_id must be a valid id' });
  } else if (
    byChunks &&
    (!Array.isArray(request.chunk_ids) ||
      request.chunk_ids.length === 0 ||
      request.chunk_ids.some((id) => typeof id !== 'string' || id === ''))
  ) {
    errors.push({ field: 'chunk_ids', message: 'chunk_ids must be a non-empty list of chunk ids' });
  }
  throwIfFieldErrors(errors);
}

export function checkSearchRequest(request: SearchRawEmbeddingsRequest): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  if (!Number.isInteger(request.limit) || request.limit < 1 || request.limit > RAW_SEARCH_MAX_LIMIT) {
    errors.push({ field: 'limit', message: `limit must be an integer from 1 to ${RAW_SEARCH_MAX_LIMIT}` });
  }
  if (typeof request.query !== 'string' || request.query === '') {
    errors.push({ field: 'query_embedding', message: 'query_embedding must not be empty' });
  }
  if (
    request.source_ids !== undefined &&
    (!Array.isArray(request.source_ids) || !request.source_ids.every(isValidId))
  ) {
    errors.push({ field: 'source_ids', message: 'source_ids must be a list of valid ids' });
  }
  throwIfFieldErrors(errors);
}
