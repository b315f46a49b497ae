import {
  checkScopeIds,
  FieldError,
  GraphContextRequest,
  GraphDeleteSourcesRequest,
  GraphExtractRequest,
  GraphRelationsRequest,
  isValidId,
  throwIfFieldErrors,
} from '@trove/contracts';

const isText = (value: unknown): value is string => typeof value === 'string';

/** What the graph service relies on, checked again behind the gateway and the other services. */
export function checkExtractRequest(request: GraphExtractRequest, maxChunks: number): void {
  const errors = checkScopeIds(request);
  if (!isValidId(request.source_id))
    errors.push({ field: 'source_id', message: 'source_id must be a valid id' });
  if (!Array.isArray(request.chunks) || request.chunks.length > maxChunks) {
    errors.push({ field: 'chunks', message: `chunks must be a list of at most ${maxChunks}` });
  } else if (!request.chunks.every((c) => isText(c?.chunk_id) && c.chunk_id !== '' && isText(c.text))) {
    errors.push({ field: 'chunks', message: 'every chunk needs a chunk_id and a text' });
  }
  if (!isText(request.reference_time) || Number.isNaN(Date.parse(request.reference_time))) {
    errors.push({ field: 'reference_time', message: 'reference_time must be an ISO-8601 time' });
  }
  throwIfFieldErrors(errors);
}

export function checkRelationsRequest(request: GraphRelationsRequest): void {
  const errors = checkScopeIds(request);
  if (!isValidId(request.source_id))
    errors.push({ field: 'source_id', message: 'source_id must be a valid id' });
  throwIfFieldErrors(errors);
}

export function checkDeleteSourcesRequest(request: GraphDeleteSourcesRequest): void {
  const errors = checkScopeIds(request);
  if (!Array.isArray(request.source_ids) || !request.source_ids.every(isText)) {
    errors.push({ field: 'source_ids', message: 'source_ids must be a list of ids' });
  }
  throwIfFieldErrors(errors);
}

export function checkContextRequest(request: GraphContextRequest): void {
  const errors: FieldError[] = checkScopeIds(request);
  if (!isText(request.query)) errors.push({ field: 'query', message: 'query must be text' });
  const chunkIds = Array.isArray(request.chunk_ids) && request.chunk_ids.every(isText);
  if (!chunkIds) errors.push({ field: 'chunk_ids', message: 'chunk_ids must be a list of chunk ids' });
  if (request.rank !== undefined) {
    const rank: unknown = request.rank;
    if (typeof rank !== 'object' || rank === null || Array.isArray(rank)) {
      errors.push({ field: 'rank', message: 'rank must be an object with scores and keep' });
    } else {
      const { scores, keep } = rank as Partial<Record<'scores' | 'keep', unknown>>;
      if (!Array.isArray(scores) || !scores.every(isScore)) {
        errors.push({ field: 'rank.scores', message: 'rank.scores must be a list of numbers from 0 to 1' });
      } else if (chunkIds && scores.length !== request.chunk_ids.length) {
        errors.push({
          field: 'rank.scores',
          message: 'rank.scores must have one score per chunk id, in the same order',
        });
      }
      if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1) {
        errors.push({ field: 'rank.keep', message: 'rank.keep must be an integer of at least 1' });
      }
    }
  }
  throwIfFieldErrors(errors);
}

const isScore = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
