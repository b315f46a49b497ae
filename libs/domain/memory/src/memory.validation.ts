import {
  checkScopeIds,
  throwIfFieldErrors,
  AddMemoryRequest,
  FieldError,
  GenerateMemoryRequest,
  isValidId,
  RetrieveMemoryRequest,
} from '@trove/contracts';

/** What the memory service relies on, checked again behind the gateway (STYLE 5). */
export function checkAddRequest(request: AddMemoryRequest): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  const hasText = typeof request.raw_text === 'string' && request.raw_text.trim() !== '';
  const pairs = request.user_assistant_pairs;
  const hasPairs =
    Array.isArray(pairs) &&
    pairs.every((p) => typeof p?.user === 'string' && typeof p?.assistant === 'string') &&
    pairs.some((p) => p.user.trim() !== '' || p.assistant.trim() !== '');
  if (!hasText && !hasPairs)
    errors.push({ field: 'raw_text', message: 'provide raw_text or a non-empty user_assistant_pairs' });
  if (request.memory_id !== undefined && !isValidId(request.memory_id)) {
    errors.push({ field: 'memory_id', message: 'memory_id must be a valid id' });
  }
  if (
    request.expiry_time !== undefined &&
    (!Number.isInteger(request.expiry_time) || request.expiry_time < 1)
  ) {
    errors.push({
      field: 'expiry_time',
      message: 'expiry_time must be a whole number of seconds, at least 1',
    });
  }
  if (typeof request.infer !== 'boolean') errors.push({ field: 'infer', message: 'infer must be a boolean' });
  throwIfFieldErrors(errors);
}

/** Most characters of a conversation read at once: a memory's text is at most this long too. */
export const MAX_CONVERSATION_CHARS = 1_000_000;

export function checkGenerateRequest(request: GenerateMemoryRequest): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  const pairs = request.user_assistant_pairs;
  if (
    !Array.isArray(pairs) ||
    !pairs.every((p) => typeof p?.user === 'string' && typeof p?.assistant === 'string') ||
    !pairs.some((p) => p.user.trim() !== '' || p.assistant.trim() !== '')
  ) {
    errors.push({
      field: 'user_assistant_pairs',
      message: 'user_assistant_pairs must be a non-empty list of {user, assistant} strings',
    });
  } else if (pairs.reduce((n, p) => n + p.user.length + p.assistant.length, 0) > MAX_CONVERSATION_CHARS) {
    errors.push({
      field: 'user_assistant_pairs',
      message: `user_assistant_pairs must hold at most ${MAX_CONVERSATION_CHARS} characters in all`,
    });
  }
  for (const field of ['user_name', 'custom_instructions'] as const) {
    if (request[field] !== undefined && typeof request[field] !== 'string')
      errors.push({ field, message: `${field} must be a string` });
  }
  throwIfFieldErrors(errors);
}

export function checkRetrieveRequest(request: RetrieveMemoryRequest): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  if (typeof request.query !== 'string' || request.query.trim() === '') {
    errors.push({ field: 'query', message: 'query must be a non-empty string' });
  }
  if (!Number.isInteger(request.max_count) || request.max_count < 0 || request.max_count > 100) {
    errors.push({ field: 'max_count', message: 'max_count must be an integer from 0 to 100' });
  }
  throwIfFieldErrors(errors);
}

export function checkKey(request: { tenant_id: string; sub_tenant_id: string; memory_id: string }): void {
  const errors: FieldError[] = [];
  checkScopeIds(request, errors);
  if (!isValidId(request.memory_id))
    errors.push({ field: 'memory_id', message: 'memory_id must be a valid id' });
  throwIfFieldErrors(errors);
}
